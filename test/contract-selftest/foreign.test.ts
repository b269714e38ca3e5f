import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { EXPLORE_DEFAULTS } from '../../mock/conformance/explore/explore.ts'
import { INIT_MAX_REQUESTS, initDeployment } from '../../mock/conformance/init/init-deployment.ts'
import { runConformance } from '../../mock/conformance/run-conformance.ts'
import { parseDeployment } from '../../mock/deployment/schema.ts'
import { startServer } from '../../mock/http/index.ts'
import { ROOT, runCli } from '../cli/cli.ts'
import { readSnippets } from '../cli/snippets.ts'
import { FOREIGN_KEYS } from '../foreign/server.ts'
import { recordCounts } from './counts.ts'
import { SEQUENCE_DEVIANTS } from './deviants-sequences.ts'
import {
  FOREIGN_DIALECT,
  FOREIGN_FILE,
  FOREIGN_OPTIONS,
  type ForeignTarget,
  startForeignTarget,
} from './foreign.ts'

/**
 * Our tools against a deployment they were not derived from: test/foreign, written from the
 * reference alone, choosing differently from our profile wherever the reference allows (its own
 * twelve field kinds and configs, activity contents, 422s, 1-based order, state names, null refused,
 * start ≤ end windows, PUT team mode with `enabled`, present at …/activities/{activityId}/present).
 * Its deployment file (foreign.deployment.json) is what a user writes from `--init` and its README.
 */

/** Seeds of the no-false-alarm proof; `EXPLORE_PROOF_RUNS` runs each (100 in every `npm test`). */
const SEEDS = [1, 2, 20261124]
const PROOF_RUNS = Number(process.env.EXPLORE_PROOF_RUNS || 100)
/** The self-test's fixed seed, as for the deviants in front of our mock. */
const SEED = 20261124

let target: ForeignTarget
const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-foreign-'))
beforeAll(async () => {
  target = await startForeignTarget()
})
afterAll(async () => {
  await target.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('a foreign deployment, with the deployment file its user writes', () => {
  it('--init probes every field and activity kind within its bound and says which it refused', async () => {
    target.reset()
    const out = join(tmp, 'init.json')
    const init = await initDeployment({ baseUrl: target.proxy.baseUrl, ...FOREIGN_OPTIONS, out })
    expect(init.requests - 1).toBeLessThanOrEqual(INIT_MAX_REQUESTS)
    // A refused content's follow-ups (its sample, its keys one by one) belong to its kind's refusal.
    const refused = init.probes.filter((p) => !p.accepted && !p.followUp).map((p) => p.key)
    // Its kinds have other names, and its submission config other keys: all twelve refused.
    expect(refused.filter((key) => key.startsWith('forms.fields.'))).toHaveLength(12)
    expect(refused).toEqual(
      expect.arrayContaining([
        'forms.create.publishNow',
        'sessions.create.openNow',
        'sessions.activities.poll',
        'operations.setTeamMode',
        'operations.presentActivity',
        'sponsors.create',
      ]),
    )
    const starter = JSON.parse(readFileSync(out, 'utf8'))
    expect(starter.forms.fields['// phone']).toMatch(/REFUSED: 422 .*kind must be one of: text/)
    // Each refused field kind and activity kind is named in the completed file.
    const completed = JSON.parse(readFileSync(FOREIGN_FILE, 'utf8'))
    for (const key of refused.filter((k) => /^(forms\.fields|sessions\.activities)\./.test(k))) {
      const [section, group, kind] = key.split('.') as [string, string, string]
      expect(completed[section][group], key).toHaveProperty(kind)
    }
  }, 60_000)

  it("is docs/usage.md's complete example of a deployment's vocabulary", async () => {
    const [snippet] = readSnippets(readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8')).filter(
      (s) => s.group === 'vocabulary',
    )
    expect(parseDeployment(JSON.parse(snippet?.code ?? '{}'), 'docs/usage.md')).toEqual(
      target.deployment,
    )
  })

  it('passes the catalog', async ({ annotate }) => {
    target.reset()
    const result = await runConformance({
      baseUrl: target.proxy.baseUrl,
      ...FOREIGN_OPTIONS,
      deployment: FOREIGN_FILE,
    })
    expect(
      result.checks
        .filter((c) => c.state === 'failed' || c.state === 'blocked')
        .map((c) => `${c.state}: ${c.name}\n${c.message}`),
    ).toEqual([])
    expect(result.totals.passed).toBeGreaterThanOrEqual(70)
    expect(result.verdict).toBe('conforms')
    // Written from the reference alone, it is provoked into every documented condition too.
    const conditions = result.coverage?.conditions
    expect(conditions?.total).toBeGreaterThan(0)
    expect(conditions?.seen).toBe(conditions?.total)
    await annotate(
      `${result.totals.passed} passed, ${result.totals.failed} failed, ${result.totals.blocked} blocked, ${result.totals.observed} observed, ${result.requests} requests`,
    )
  }, 120_000)

  it(`reports no divergence in ${PROOF_RUNS} runs of exploration with each of ${SEEDS.length} seeds`, async ({
    annotate,
  }) => {
    for (const seed of SEEDS) {
      target.reset()
      const explored = await target.explore(PROOF_RUNS, seed)
      expect(explored.error).toBeUndefined()
      expect(
        explored.divergences.map((d) => `${d.summary}\n${d.model}\n${d.deployment}`),
        `seed ${seed}`,
      ).toEqual([])
      expect(explored.runsDone).toBe(PROOF_RUNS)
      // It did explore: every kind is sent in the deployment's vocabulary, none refused.
      expect(explored.notes.filter((n) => n.kind === 'vocabulary')).toEqual([])
      expect(explored.probe.refused).toEqual([])
      await annotate(
        `seed ${seed}: ${explored.runsDone} runs, ${explored.requests} requests, ${explored.durationMs} ms, ${explored.notes.length} notes of its choices (${explored.notes.map((n) => `${n.request} ×${n.count}`).join('; ')})`,
      )
    }
  }, 1_800_000)

  it('seeding through it creates the same records as in an empty mock', async ({ annotate }) => {
    target.reset()
    const foreign = await runCli([
      'seed',
      target.direct,
      '--key',
      FOREIGN_KEYS.main,
      '--other-key',
      FOREIGN_KEYS.otherOrg,
      '--deployment',
      FOREIGN_FILE,
    ])
    expect(foreign.stderr).not.toContain('Stopped at step')
    expect(foreign.status).toBe(0)
    const mock = await startServer({ port: 0, plan: false })
    try {
      const plain = await runCli([
        'seed',
        mock.baseUrl,
        '--key',
        ACME_KEY,
        '--other-key',
        GLOBEX_KEY,
      ])
      expect(plain.status).toBe(0)
      for (const [foreignKey, mockKey] of [
        [FOREIGN_KEYS.main, ACME_KEY],
        [FOREIGN_KEYS.otherOrg, GLOBEX_KEY],
      ] as const) {
        const there = await recordCounts(target.direct, foreignKey)
        const here = await recordCounts(mock.baseUrl, mockKey)
        const { fieldKinds: _f, activityKinds: _a, ...counts } = here
        expect(there).toMatchObject(counts)
        await annotate(`${mockKey}: ${JSON.stringify(counts)}`)
      }
    } finally {
      await mock.close()
    }
    expect(foreign.stdout).not.toContain('Left out')
  }, 180_000)
})

describe('sequence faults put in front of the foreign deployment', () => {
  for (const deviant of SEQUENCE_DEVIANTS) {
    it(`finds "${deviant.name}" within the default bound`, async ({ annotate }) => {
      target.reset()
      target.proxy.use(deviant.make(FOREIGN_DIALECT))
      const explored = await target.explore(EXPLORE_DEFAULTS.runs, SEED)
      expect(explored.error).toBeUndefined()
      const [divergence] = explored.divergences
      expect(divergence, `nothing found in ${explored.runsDone} runs`).toBeDefined()
      await annotate(
        `found after ${explored.runsDone} runs, ${explored.requests} requests, ${explored.durationMs} ms; shrunk to ${divergence?.steps.length} steps: ${divergence?.summary}`,
      )
    }, 600_000)
  }
})

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_KEYS } from '../../mock/conformance/engine/env.ts'
import { Run } from '../../mock/conformance/engine/run-state.ts'
import { EXPLORE_DEFAULTS, explore, exploreBound } from '../../mock/conformance/explore/explore.ts'
import { initDeployment } from '../../mock/conformance/init/init-deployment.ts'
import { runConformance } from '../../mock/conformance/run-conformance.ts'
import { alternativeDeployment } from './alternative.ts'
import { SEQUENCE_DEVIANTS } from './deviants-sequences.ts'
import { failures, runSuite, startTarget, type Target } from './harness.ts'
import { completeStarter, respelledDeployment } from './respelled.ts'

/** One fixed seed for the whole self-test: the figures in docs/conformance.md ("Exploration") come from it. */
const SEED = 20261124
/**
 * "A handful of steps": the shrunk sequence of every deviant must be at most this long (requests,
 * reads back included: a follow-up sends a pair on one record and may read it back).
 */
const HANDFUL = 6

let target: Target
beforeAll(async () => {
  target = await startTarget()
})
afterAll(async () => {
  await target.close()
})

const exploreTarget = (runs: number) => {
  const bound = exploreBound({ runs })
  const run = new Run(target.env({ strict: false, maxRequests: bound }))
  return { run, result: explore({ run, runs, seed: SEED, concurrency: run.env.concurrency }) }
}

describe('exploration against deployments that go wrong only in a sequence', () => {
  for (const deviant of SEQUENCE_DEVIANTS) {
    it(`finds "${deviant.name}" within the default bound, shrunk to a handful of steps`, async ({
      annotate,
    }) => {
      await target.reset()
      target.proxy.use(deviant.make())
      const { run, result } = exploreTarget(EXPLORE_DEFAULTS.runs)
      const explored = await result
      expect(explored.error).toBeUndefined()
      const [divergence] = explored.divergences
      expect(divergence, `nothing found in ${explored.runsDone} runs`).toBeDefined()
      if (!divergence) return
      expect(explored.divergences).toHaveLength(1)
      // Runs in flight at once (the default concurrency): a fault that reads other runs' records
      // may first show in a longer sequence, still shrunk well below the run's 20 steps.
      expect(divergence.steps.length).toBeLessThanOrEqual(
        deviant.seesOtherRuns ? 2 * HANDFUL : HANDFUL,
      )
      expect(divergence.seed).toBe(SEED)
      // The script replays the sequence: one curl per step, ids carried in shell variables, no key.
      expect(divergence.script.match(/curl -sS/g)).toHaveLength(divergence.steps.length)
      expect(divergence.script).not.toContain('acme-demo-key')
      expect(divergence.script).not.toContain('globex-demo-key')
      expect(divergence.model).toMatch(/^\d{3} /)
      expect(divergence.deployment).toMatch(/^\d{3} /)
      expect(run.requests).toBeLessThanOrEqual(explored.bound.requests)
      await annotate(
        `found after ${explored.runsDone} runs, ${explored.requests} requests, ${explored.durationMs} ms; shrunk to ${divergence.steps.length} steps: ${divergence.summary}`,
      )
    }, 300_000)
  }

  it('the catalog alone (exploration off, documented layer) misses seven of them', async ({
    annotate,
  }) => {
    const missed: string[] = []
    for (const deviant of SEQUENCE_DEVIANTS) {
      await target.reset()
      target.proxy.use(deviant.make())
      // One check at a time: with checks in flight at once, another check's form is at times the
      // newest, and whether the catalog then catches the newest-form deviant is down to timing.
      const env = target.env({ strict: false, concurrency: 1 })
      const failed = failures((await runSuite(env)).results)
      if (failed.length === 0) missed.push(deviant.name)
      else await annotate(`the catalog catches "${deviant.name}" with ${failed.join(' | ')}`)
    }
    expect(missed).toEqual(MISSED_BY_THE_CATALOG)
  }, 600_000)
})

/**
 * What the catalog misses (recorded by the test above) without the profile, as a real deployment
 * is checked; under the strict profile it missed the same first three (measured once, see the notes).
 * It catches the ignored publish-now and open-now options and the closed form through its own
 * create-option and close-then-read checks, and the once-checked entitlement only because the
 * accepted series shows up in another organization's list.
 */
const MISSED_BY_THE_CATALOG = [
  'reorder accepts a same-length list that is not the set of field ids',
  "an update applied to the organization's newest form instead of the one in the path",
  'an ended session drops out of GET /sessions (a list that loses a record after a transition)',
  'publishing a form also rewrites its settings (a part of the record the operation does not name)',
  'GET /forms still shows a closed form as published while GET /forms/{id} is right (a stale list item)',
  'publishing a form resets the settings it had changed to their defaults (a transition that rewrites a part it does not name)',
  "a second complete reorder of a form's fields is acknowledged and ignored (the same write twice on one record)",
]

/**
 * 100 runs in every `npm test`; `EXPLORE_PROOF_RUNS=1000 npm run contract:selftest` is the 1,000-run
 * proof (minutes on this machine, figures in docs/conformance.md: too long for every `npm test`).
 */
const PROOF_RUNS = Number(process.env.EXPLORE_PROOF_RUNS || 100)

describe('exploration raises no false alarm', () => {
  const RUNS = PROOF_RUNS
  it(`reports nothing in ${RUNS} runs against the faithful mock`, async ({ annotate }) => {
    await target.reset()
    const { result } = exploreTarget(RUNS)
    const explored = await result
    expect(explored.error).toBeUndefined()
    expect(explored.divergences.map((d) => d.summary)).toEqual([])
    expect(explored.runsDone).toBe(RUNS)
    await annotate(`${explored.requests} requests, ${explored.durationMs} ms`)
  }, 900_000)

  it(`reports nothing in ${RUNS} runs against a deployment that chose differently where the reference is silent`, async ({
    annotate,
  }) => {
    await target.reset()
    target.proxy.use(alternativeDeployment)
    const { result } = exploreTarget(RUNS)
    const explored = await result
    expect(explored.error).toBeUndefined()
    expect(explored.divergences.map((d) => d.summary)).toEqual([])
    expect(explored.runsDone).toBe(RUNS)
    await annotate(`${explored.requests} requests, ${explored.durationMs} ms`)
  }, 900_000)
})

describe('exploration honours the deployment file', () => {
  it("sends what the file spells: a deployment that names §4's open options differently agrees with the model", async ({
    annotate,
  }) => {
    await target.reset()
    target.proxy.use(respelledDeployment)
    const keys = {
      key: DEMO_KEYS.main,
      otherOrgKey: DEMO_KEYS.otherOrg,
      noEntitlementsKey: DEMO_KEYS.noEntitlements,
    }
    const dir = mkdtempSync(join(tmpdir(), 'engagement-mock-explore-'))
    try {
      const file = join(dir, 'deployment.json')
      await initDeployment({ baseUrl: target.proxy.baseUrl, ...keys, out: file })
      writeFileSync(
        file,
        JSON.stringify(completeStarter(JSON.parse(readFileSync(file, 'utf8'))), null, 2),
      )
      const explore = { runs: 100, seed: SEED }
      const only = { filter: () => false, explore }
      const without = await runConformance({ baseUrl: target.proxy.baseUrl, ...keys, ...only })
      // The profile's spellings are refused (400) where the model accepts them: how a create body
      // is spelled is not shown (§4), so these are vocabulary notes naming the keys, no divergence.
      expect(without.exploration?.divergences).toEqual([])
      const noted = (without.exploration?.notes ?? []).filter((n) => n.kind === 'vocabulary')
      expect(noted.map((n) => n.deployment)).toContainEqual(expect.stringMatching(/^400 /))
      const named = new Set(noted.flatMap((n) => n.keys))
      for (const key of ['forms.create.publishNow', 'sessions.create.openNow']) {
        expect(named).toContain(key)
      }
      const withFile = await runConformance({
        baseUrl: target.proxy.baseUrl,
        ...keys,
        ...only,
        deployment: file,
      })
      expect(withFile.exploration?.divergences.map((d) => d.summary)).toEqual([])
      expect(withFile.exploration?.notes.filter((n) => n.kind === 'vocabulary')).toEqual([])
      expect(withFile.exploration?.runsDone).toBe(100)
      expect(withFile.verdict).toBe('conforms')
      await annotate(
        `without the file: ${noted.length} vocabulary notes (${[...named].join(', ')}), no divergence; with it: ${withFile.exploration?.requests} requests, no divergence, no note`,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 300_000)
})

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import type { CheckState } from '../../mock/conformance/engine/run-check.ts'
import { initDeployment } from '../../mock/conformance/init/init-deployment.ts'
import { runConformance } from '../../mock/conformance/run-conformance.ts'
import { loadDeployment } from '../../mock/deployment/load.ts'
import type { DeploymentFile } from '../../mock/deployment/schema.ts'
import { startServer } from '../../mock/http/index.ts'
import { runCli } from '../cli/cli.ts'
import type { Release } from '../foreign/releases.ts'
import { FOREIGN_KEYS, startForeign } from '../foreign/server.ts'
import { recordCounts } from './counts.ts'
import { FOREIGN_FILE } from './foreign.ts'
import { type ProxyRequest, type RunningProxy, startProxy } from './proxy.ts'

/**
 * The foreign deployment (test/foreign: written from the reference alone, its own choices
 * everywhere the reference is silent) on its earlier releases, checked with its deployment file
 * (foreign.deployment.json: its whole vocabulary, as a user writes it from `--init` and its README)
 * plus the `release` it runs. No check is left out.
 */
const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-release-foreign-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let foreign: Awaited<ReturnType<typeof startForeign>> | undefined
let proxy: RunningProxy | undefined
afterEach(async () => {
  await proxy?.close()
  await foreign?.close()
  proxy = undefined
  foreign = undefined
})

const keys = {
  key: FOREIGN_KEYS.main,
  otherOrgKey: FOREIGN_KEYS.otherOrg,
  noEntitlementsKey: FOREIGN_KEYS.noEntitlements,
}

/** The foreign deployment's file, with the release it runs. */
const deploymentFile = async (release: string): Promise<DeploymentFile> => ({
  ...(await loadDeployment(FOREIGN_FILE)),
  release,
})

/** Runs of each exploration at an earlier release (a bound proof; the 1,000-run ones are at the latest). */
const EXPLORE_RUNS = 200
const SEED = 20261124

const start = async (release: Release) => {
  foreign = await startForeign({ release })
  proxy = await startProxy(foreign.baseUrl)
  const sent: ProxyRequest[] = []
  proxy.use((request, forward) => {
    sent.push(request)
    return forward(request)
  })
  return { baseUrl: proxy.baseUrl, sent }
}

const LATER_PATH = /^\/(series|sponsors)(\/|\?|$)/
const LATER_OPS = /Series|Sponsor/
const sentSlides = (sent: readonly ProxyRequest[]) =>
  sent.filter((r) => r.method === 'POST' && /"kind":"slides"/.test(r.body))

describe('check --release against the foreign deployment', () => {
  it('of 2026-07-12, `check --release 2026-07-12` with its file: 0 failed, 0 blocked, exit 0; series and sponsor checks not in this release', async ({
    annotate,
  }) => {
    const { baseUrl, sent } = await start('2026-07-12')
    const reportDir = join(tmp, 'check-2026-07-12')
    const cli = await runCli([
      'check',
      baseUrl,
      '--key',
      keys.key,
      '--other-org-key',
      keys.otherOrgKey,
      '--no-entitlements-key',
      keys.noEntitlementsKey,
      '--deployment',
      FOREIGN_FILE,
      '--release',
      '2026-07-12',
      '--report-dir',
      reportDir,
    ])
    const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as {
      totals: Record<CheckState, number> & { checks: number }
      checks: Array<{ name: string; state: CheckState; operations: string[]; message?: string }>
      observations: Array<{ question: string; answers: Array<{ answer: unknown }> }>
    }
    expect(report.checks.filter((c) => c.state === 'failed').map((c) => c.message)).toEqual([])
    expect(report.totals).toMatchObject({ failed: 0, blocked: 0, skipped: 0 })
    expect(cli.status, cli.stderr).toBe(0)
    const later = report.checks.filter((c) => c.state === 'not-in-release')
    expect(later.length).toBeGreaterThan(0)
    for (const check of report.checks) {
      expect(check.state === 'not-in-release', check.name).toBe(
        check.operations.some((op) => LATER_OPS.test(op)),
      )
    }
    expect(cli.stdout).toMatch(/Not in this release \(\d+ checks, nothing sent\)/)
    expect(sent.filter((r) => LATER_PATH.test(r.path))).toEqual([])
    // Slides are in this release: its content, as the file spells it, was sent and accepted.
    expect(report.checks.find((c) => c.name.includes('kind "slides"'))?.state).toBe('observed')
    const slides = report.observations.find((o) => o.question.endsWith('with kind "slides"'))
    expect(slides?.answers.map((a) => a.answer)).toEqual([200])
    // Presenting an activity is checked at its own path, the activity's id in it.
    expect(
      sent.filter(
        (r) =>
          r.method === 'POST' && /^\/sessions\/[^/]+\/activities\/[^/]+\/present$/.test(r.path),
      ),
    ).not.toEqual([])
    await annotate(
      `${report.totals.passed} passed, ${report.totals.observed} observed, ${report.totals['not-in-release']} not in this release of ${report.totals.checks}`,
    )
  }, 180_000)

  it('of 2026-07-10, its file saying "release": the slides check too is not in this release, and no slides are sent', async ({
    annotate,
  }) => {
    const { baseUrl, sent } = await start('2026-07-10')
    const result = await runConformance({
      baseUrl,
      ...keys,
      deployment: await deploymentFile('2026-07-10'),
    })
    expect(result.checks.filter((c) => c.state === 'failed').map((c) => c.message)).toEqual([])
    expect(result.totals).toMatchObject({ failed: 0, blocked: 0, skipped: 0 })
    expect(result.exitCode).toBe(0)
    for (const check of result.checks) {
      expect(check.state === 'not-in-release', check.name).toBe(
        check.operations.some((op) => LATER_OPS.test(op)) || check.name.includes('kind "slides"'),
      )
    }
    expect(result.checks.find((c) => c.name.includes('kind "slides"'))?.state).toBe(
      'not-in-release',
    )
    expect(sent.filter((r) => LATER_PATH.test(r.path))).toEqual([])
    expect(sentSlides(sent)).toEqual([])
    await annotate(
      `${result.totals.passed} passed, ${result.totals.observed} observed, ${result.totals['not-in-release']} not in this release of ${result.totals.checks}`,
    )
  }, 180_000)

  it('of 2026-07-12 without a release: the series and sponsor checks do not pass', async () => {
    const { baseUrl } = await start('2026-07-12')
    const { release: _, ...withoutRelease } = await deploymentFile('2026-07-12')
    const result = await runConformance({
      baseUrl,
      ...keys,
      deployment: withoutRelease,
      filter: (check) => check.operations.some((op) => LATER_OPS.test(op)),
    })
    expect(result.totals['not-in-release']).toBe(0)
    expect(result.totals.failed + result.totals.blocked).toBeGreaterThan(0)
    expect(result.exitCode).not.toBe(0)
  }, 120_000)

  it('--init proposes the release each one runs, from its answers alone', async () => {
    for (const [release, proposed] of [
      ['2026-07-12', '2026-07-11'],
      ['2026-07-10', 'initial'],
      ['latest', '2026-07-13'],
    ] as const) {
      const { baseUrl } = await start(release)
      const out = join(tmp, `init-${release}.json`)
      const init = await initDeployment({ baseUrl, ...keys, out })
      expect(init.release?.release, release).toBe(proposed)
      expect(JSON.parse(readFileSync(out, 'utf8')).release, release).toBe(proposed)
      await proxy?.close()
      await foreign?.close()
      proxy = undefined
      foreign = undefined
    }
  }, 180_000)
})

describe('exploration of the foreign deployment on its earlier releases', () => {
  for (const release of ['2026-07-12', '2026-07-10'] as const) {
    it(`of ${release}: ${EXPLORE_RUNS} runs with its file, no divergence, nothing of a later release sent`, async ({
      annotate,
    }) => {
      const { baseUrl, sent } = await start(release)
      const result = await runConformance({
        baseUrl,
        ...keys,
        deployment: await deploymentFile(release),
        filter: () => false,
        explore: { runs: EXPLORE_RUNS, seed: SEED },
      })
      const explored = result.exploration
      expect(explored?.error).toBeUndefined()
      expect(explored?.divergences.map((d) => `${d.summary}\n${d.model}\n${d.deployment}`)).toEqual(
        [],
      )
      expect(explored?.runsDone).toBe(EXPLORE_RUNS)
      // Every kind of this release is sent in the deployment's vocabulary, none refused.
      expect(explored?.notes.filter((n) => n.kind === 'vocabulary')).toEqual([])
      expect(explored?.probe.refused).toEqual([])
      expect(result.exitCode).toBe(0)
      // It did explore: sessions with activities, fields in its kinds, presents at its own path.
      const posts = (path: RegExp) => sent.filter((r) => r.method === 'POST' && path.test(r.path))
      expect(posts(/^\/sessions$/).length).toBeGreaterThan(20)
      expect(posts(/^\/forms\/[^/]+\/fields$/).length).toBeGreaterThan(10)
      expect(posts(/^\/sessions\/[^/]+\/activities\/[^/]+\/present$/).length).toBeGreaterThan(0)
      expect(sent.filter((r) => LATER_PATH.test(r.path))).toEqual([])
      if (release === '2026-07-10') expect(sentSlides(sent)).toEqual([])
      else expect(sentSlides(sent).length).toBeGreaterThan(0)
      await annotate(
        `${explored?.runsDone} runs, ${explored?.requests} requests, ${explored?.durationMs} ms, ${explored?.notes.length} notes of its choices`,
      )
    }, 600_000)
  }
})

describe('seed --release into the foreign deployment', () => {
  it('of 2026-07-12, with its file: creates that release’s part of the demo plan, as in an empty mock of that release', async ({
    annotate,
  }) => {
    const { baseUrl, sent } = await start('2026-07-12')
    const there = await runCli([
      'seed',
      baseUrl,
      '--key',
      FOREIGN_KEYS.main,
      '--other-key',
      FOREIGN_KEYS.otherOrg,
      '--release',
      '2026-07-12',
      '--deployment',
      FOREIGN_FILE,
    ])
    expect(there.stderr).not.toContain('Stopped at step')
    expect(there.status).toBe(0)
    expect(there.stdout).toContain('Not in release 2026-07-11 (in force on 2026-07-12) (§9)')
    // Its vocabulary says every kind of the plan: nothing left out as not offered.
    expect(there.stdout).not.toContain('does not offer')
    expect(sent.filter((r) => LATER_PATH.test(r.path))).toEqual([])
    expect(sentSlides(sent).length).toBeGreaterThan(0)
    const mock = await startServer({ port: 0, plan: false, release: '2026-07-12' })
    try {
      const plain = await runCli([
        'seed',
        mock.baseUrl,
        '--key',
        ACME_KEY,
        '--other-key',
        GLOBEX_KEY,
        '--release',
        '2026-07-12',
      ])
      expect(plain.status).toBe(0)
      for (const [foreignKey, mockKey] of [
        [FOREIGN_KEYS.main, ACME_KEY],
        [FOREIGN_KEYS.otherOrg, GLOBEX_KEY],
      ] as const) {
        const foreignCounts = await recordCounts(baseUrl, foreignKey, { laterLists: false })
        const {
          fieldKinds: _f,
          activityKinds: _a,
          ...counts
        } = await recordCounts(mock.baseUrl, mockKey, { laterLists: false })
        expect(counts.forms).toBeGreaterThan(0)
        expect(counts.activities).toBeGreaterThan(0)
        expect(foreignCounts).toMatchObject(counts)
        await annotate(`${mockKey}: ${JSON.stringify(counts)}`)
      }
    } finally {
      await mock.close()
    }
  }, 180_000)
})

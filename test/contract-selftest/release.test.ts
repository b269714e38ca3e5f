import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { ALL_CHECKS } from '../../mock/conformance/checks/index.ts'
import { initDeployment } from '../../mock/conformance/init/init-deployment.ts'
import { runConformance } from '../../mock/conformance/run-conformance.ts'
import { notInRelease } from '../../mock/deployment/run-release.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { type ProxyRequest, type RunningProxy, startProxy } from './proxy.ts'

/**
 * Deployments of earlier releases (§9): our own mock answering as release 2026-07-11 (the one in
 * force on 2026-07-12: no series, no sponsor reports) and as `initial` (before 2026-07-11: no
 * slides either), behind a proxy that records every request the suite sends.
 */
const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-release-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let server: RunningServer | undefined
let proxy: RunningProxy | undefined
afterEach(async () => {
  await proxy?.close()
  await server?.close()
  proxy = undefined
  server = undefined
})

const keys = { key: ACME_KEY, otherOrgKey: GLOBEX_KEY, noEntitlementsKey: GLOBEX_KEY }
const SEED = 20261124

/** A deployment of `release` and every request sent to it. */
const deploymentOf = async (release: string) => {
  server = await startServer({ port: 0, release })
  proxy = await startProxy(server.baseUrl, server.mock)
  const sent: ProxyRequest[] = []
  proxy.use((request, forward) => {
    sent.push(request)
    return forward(request)
  })
  return { baseUrl: proxy.baseUrl, sent }
}

const LATER_PATH = /^\/(series|sponsors)(\/|\?|$)/
const sentSlides = (sent: readonly ProxyRequest[]) =>
  sent.filter((r) => r.method === 'POST' && /"kind":"slides"/.test(r.body))

describe('check against a deployment of an earlier release', () => {
  it('2026-07-12: exits 0 with 0 failed and 0 blocked; series and sponsor checks are not in this release and send nothing', async () => {
    const { baseUrl, sent } = await deploymentOf('2026-07-12')
    const reportDir = join(tmp, 'july12')
    const result = await runConformance({ baseUrl, ...keys, release: '2026-07-12', reportDir })
    expect(result.totals).toMatchObject({ failed: 0, blocked: 0, skipped: 0 })
    expect(result.exitCode).toBe(0)
    const later = result.checks.filter((c) => c.state === 'not-in-release')
    expect(later.map((c) => c.name).sort()).toEqual(
      ALL_CHECKS.filter((c) => c.operations.some((op) => /Series|Sponsor/.test(op)))
        .map((c) => c.name)
        .sort(),
    )
    for (const check of later) {
      expect(check.requests).toBe(0)
      expect(check.message).toMatch(
        /^Not in release 2026-07-11 \(in force on 2026-07-12\): .*arrived in 2026-07-13\.$/,
      )
    }
    expect(sent.filter((r) => LATER_PATH.test(r.path))).toEqual([])
    expect(sentSlides(sent).length).toBeGreaterThan(0)

    const json = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'))
    expect(json.run.release).toEqual({ release: '2026-07-11', given: '2026-07-12' })
    expect(json.totals['not-in-release']).toBe(later.length)
    const markdown = readFileSync(join(reportDir, 'conformance.md'), 'utf8')
    expect(markdown).toContain('Release: 2026-07-11 (in force on 2026-07-12)')
    expect(markdown).toContain(`${later.length} not in this release** of`)
    expect(markdown).toContain('## Not in this release')
    const junit = readFileSync(join(reportDir, 'contract-junit.xml'), 'utf8')
    expect(junit).toContain(
      '<skipped message="Not in release 2026-07-11 (in force on 2026-07-12): POST /series arrived in 2026-07-13." />',
    )
    expect(junit).toMatch(/<testsuites [^>]*failures="0" errors="0">/)
  }, 180_000)

  it('before 2026-07-11 (release in the deployment file): the slides check too is not in this release, and no slides are sent', async () => {
    const { baseUrl, sent } = await deploymentOf('initial')
    const result = await runConformance({ baseUrl, ...keys, deployment: { release: '2026-07-10' } })
    expect(result.totals).toMatchObject({ failed: 0, blocked: 0 })
    expect(result.exitCode).toBe(0)
    const later = result.checks.filter((c) => c.state === 'not-in-release').map((c) => c.name)
    expect(later).toContain('Profile §2 Activity: kind "slides" with the profile\'s content')
    expect(later).toHaveLength(
      ALL_CHECKS.filter((c) => notInRelease(c, { release: 'initial', given: 'initial' })).length,
    )
    expect(sent.filter((r) => LATER_PATH.test(r.path))).toEqual([])
    expect(sentSlides(sent)).toEqual([])
    expect(result.run.release).toEqual({ release: 'initial', given: '2026-07-10' })
  }, 180_000)

  it('without the release, the same deployment does not pass: what the option is for', async () => {
    const { baseUrl } = await deploymentOf('2026-07-12')
    const result = await runConformance({
      baseUrl,
      ...keys,
      filter: (check) => check.operations.includes('listSeries'),
    })
    expect(result.totals['not-in-release']).toBe(0)
    expect(result.exitCode).not.toBe(0)
  }, 120_000)

  it('without the release, what the deployment does not have covers nothing: its 404s are no outcome of those operations', async () => {
    const { baseUrl } = await deploymentOf('2026-07-12')
    const result = await runConformance({ baseUrl, ...keys })
    const coverage = result.coverage
    const later = ['createSeries', 'listSeries', 'createSponsorReport', 'listSponsorReports']
    expect(coverage?.operations).toMatchObject({ seen: 21, total: 25 })
    expect(coverage?.operations.notSeen).toEqual(later)
    for (const op of later) {
      const row = coverage?.matrix.find((r) => r.operation === op)
      // Every check of theirs sent something, and every answer was "No operation matches".
      expect(row?.absent).toBeGreaterThan(0)
      expect(row?.exchanges).toBe(0)
      expect(row?.cells.map((c) => c.state)).toEqual(row?.cells.map(() => 'not-seen'))
    }
  }, 120_000)

  it('without the release, a refused POST /series advises --release and the file\'s "release" before another spelling', async () => {
    const { baseUrl } = await deploymentOf('2026-07-12')
    const result = await runConformance({
      baseUrl,
      ...keys,
      filter: (check) => check.operations.includes('createSeries'),
    })
    const blocked = result.checks.filter((c) => c.state === 'blocked')
    expect(blocked.length).toBeGreaterThan(0)
    for (const check of blocked) {
      const first = check.message?.split('\n')[0] ?? ''
      expect(first).toMatch(
        /^Setup refused: POST \/series answered 404\. POST \/series arrived in release 2026-07-13 \(§9\)/,
      )
      expect(first).toContain(
        '--release 2026-07-12 or "release": "2026-07-12" in the deployment file',
      )
      // The release comes before the spelling: the likelier fix first.
      expect(first.indexOf('--release')).toBeLessThan(first.indexOf('spells that request'))
    }
  }, 120_000)

  it('explores without divergence and sends nothing of a later release', async () => {
    const { baseUrl, sent } = await deploymentOf('initial')
    const result = await runConformance({
      baseUrl,
      ...keys,
      release: 'initial',
      filter: () => false,
      explore: { runs: 60, seed: SEED },
    })
    expect(result.exploration?.divergences).toEqual([])
    expect(result.exploration?.error).toBeUndefined()
    expect(result.exploration?.runsDone).toBe(60)
    const posts = sent.filter((r) => r.method === 'POST' && r.path === '/sessions')
    expect(posts.length).toBeGreaterThan(20)
    expect(sent.filter((r) => LATER_PATH.test(r.path))).toEqual([])
    expect(sentSlides(sent)).toEqual([])
  }, 180_000)

  it('--init proposes the release each deployment runs, and check passes with the file it wrote', async () => {
    for (const [release, proposed] of [
      ['2026-07-12', '2026-07-11'],
      ['initial', 'initial'],
      ['2026-07-13', '2026-07-13'],
    ] as const) {
      const { baseUrl, sent } = await deploymentOf(release)
      const out = join(tmp, `init-${release}.json`)
      const init = await initDeployment({ baseUrl, ...keys, out })
      expect(init.release?.release, release).toBe(proposed)
      const file = JSON.parse(readFileSync(out, 'utf8'))
      expect(file.release).toBe(proposed)
      expect(file['// release']).toMatch(/GET \/series answered (200|404)/)
      if (proposed !== '2026-07-13') {
        // Read only: no create of a release it does not run.
        expect(sent.filter((r) => LATER_PATH.test(r.path)).map((r) => r.method)).toEqual([
          'GET',
          'GET',
        ])
      }
      const checked = await runConformance({ baseUrl, ...keys, deployment: out })
      expect(checked.totals, release).toMatchObject({ failed: 0, blocked: 0 })
      await proxy?.close()
      await server?.close()
      proxy = undefined
      server = undefined
    }
  }, 300_000)

  it('refuses an unknown release before sending anything', async () => {
    const { baseUrl, sent } = await deploymentOf('2026-07-12')
    await expect(runConformance({ baseUrl, ...keys, release: 'last tuesday' })).rejects.toThrow(
      /Unknown release "last tuesday".*initial.*2026-07-11.*2026-07-13/,
    )
    await expect(
      runConformance({ baseUrl, ...keys, deployment: { release: '2026-13-01' } }),
    ).rejects.toThrow(/release: Unknown release/)
    expect(sent).toEqual([])
  })
})

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/server.ts'
import { type RunningProxy, startProxy } from '../contract-selftest/proxy.ts'
import { runCli } from './cli.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-check-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let running: RunningServer | undefined
let proxy: RunningProxy | undefined
afterEach(async () => {
  await proxy?.close()
  await running?.close()
  running = undefined
  proxy = undefined
})

const keys = ['--key', ACME_KEY, '--other-org-key', GLOBEX_KEY, '--no-entitlements-key', GLOBEX_KEY]

describe('engagement-mock check', () => {
  it('passes against the mock, prints a summary table and the report paths', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'passing')
    const { status, stdout } = await runCli([
      'check',
      running.baseUrl,
      ...keys,
      '--report-dir',
      reports,
    ])
    expect(stdout).toMatch(/group\s+passed\s+failed\s+blocked\s+skipped\s+observed/)
    expect(stdout).toMatch(/total\s+[1-9]\d*\s+0\s+0\s+0\s+\d+/)
    expect(stdout).toContain(join(reports, 'conformance.md'))
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    expect(report.run.baseUrl).toBe(running.baseUrl)
    expect(status).toBe(0)
  }, 120_000)

  it('exits 1 and names the failed check when the deployment deviates', async () => {
    // A deployment whose publish answers 200 with an empty form.
    running = await startServer({ port: 0 })
    const deviant = await startProxy(running.baseUrl)
    deviant.use(async (request, forward) =>
      request.method === 'POST' && /^\/forms\/[^/]+\/publish$/.test(request.path)
        ? { status: 200, contentType: 'application/json', text: JSON.stringify({ form: {} }) }
        : forward(request),
    )
    proxy = deviant
    const reports = join(tmp, 'failing')
    const { status, stdout } = await runCli([
      'check',
      deviant.baseUrl,
      ...keys,
      '--report-dir',
      reports,
    ])
    expect(stdout).toMatch(/Failed\n {2}✗ /)
    expect(status).toBe(1)
  }, 120_000)

  it('exits 3 (could not check) and says why when the suite cannot run (key refused)', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'refused')
    const { status, stdout } = await runCli([
      'check',
      running.baseUrl,
      '--key',
      'wrong',
      '--report-dir',
      reports,
    ])
    expect(stdout).toMatch(/Could not run: .*401/)
    expect(status).toBe(3)
  }, 120_000)

  it('reads the keys from the environment', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'env')
    const { status } = await runCli(['check', running.baseUrl, '--report-dir', reports], {
      env: { CONTRACT_API_KEY: ACME_KEY },
    })
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    // Without the other keys, the checks that need them are skipped and say so.
    expect(report.totals.skipped).toBeGreaterThan(0)
    expect(status).toBe(0)
  }, 120_000)
})

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { startCli } from '../cli/cli.ts'
import { expectReportsAgree } from '../cli/reports-agree.ts'

/** Makes the proxy process meet an error of its own on a marked request (see the file). */
const PRELOAD = fileURLToPath(new URL('./own-error-preload.cjs', import.meta.url))

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-proxy-own-error-'))
let upstream: RunningServer
beforeAll(async () => {
  upstream = await startServer({ port: 0 })
})
afterAll(async () => {
  await upstream.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('the proxy meeting an error of its own', () => {
  it('prints and notes it with no key, serves on, writes its reports on stop and exits 3 (could not check everything)', async () => {
    const reports = join(tmp, 'reports')
    const cli = startCli(['proxy', `${upstream.baseUrl}`, '--port', '0', '--report-dir', reports], {
      env: { NODE_OPTIONS: `--require ${PRELOAD}` },
    })
    const [, root] = await cli.waitFor(/Point your app at (\S+) /)
    const call = (ownError?: string) =>
      fetch(`${root}/forms`, {
        headers: {
          authorization: `Bearer ${ACME_KEY}`,
          ...(ownError === undefined ? {} : { 'x-test-own-error': ownError }),
        },
      })
    // The key is seen first, so the error's echo of it is known to be a secret.
    expect((await call()).status).toBe(200)
    const thrown = await call(`throw ${ACME_KEY}`)
    expect(thrown.status).toBe(200)
    await cli.waitFor(/⚠ unexpected error: checking failed on \$API_KEY_1/)
    expect((await call(`reject ${ACME_KEY}`)).status).toBe(200)
    await cli.waitFor(/(⚠ unexpected error: checking failed on \$API_KEY_1[\s\S]*){2}/)
    // Serving on after both.
    expect((await call()).status).toBe(200)
    cli.child.kill('SIGINT')
    expect(await cli.exited).toBe(3)
    // Every report names the errors: JUnit has an <error>, the page is not green.
    expectReportsAgree({ status: 3, stdout: cli.output() }, reports, ['run-error'])

    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    expect(report.traffic.exchanges).toBe(4)
    expect(Object.keys(report.traffic.notes)).toContain(
      "the proxy's own error (unexpected error: checking failed on $API_KEY_1)",
    )
    const markdown = readFileSync(join(reports, 'conformance.md'), 'utf8')
    expect(markdown).toContain(
      "the proxy's own error (unexpected error: checking failed on $API_KEY_1)",
    )
    expect(cli.output() + markdown + JSON.stringify(report)).not.toContain(ACME_KEY)
  }, 60_000)
})

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { type RunningProxy, startProxy } from '../contract-selftest/proxy.ts'
import { edit, list, obj, on } from '../contract-selftest/rewrite.ts'
import { runCli, startCli } from './cli.ts'
import { expectReportsAgree } from './reports-agree.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-traffic-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let mock: RunningServer | undefined
let deviant: RunningProxy | undefined
afterEach(async () => {
  await deviant?.close()
  await mock?.close()
  deviant = undefined
  mock = undefined
})

const auth = { authorization: `Bearer ${ACME_KEY}` }
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'))

/** `proxy` as a child process in front of `upstream`; its API root once it prints it. */
const startProxyCli = async (upstream: string, args: string[]) => {
  const cli = startCli(['proxy', upstream, '--port', '0', ...args])
  const [, root] = await cli.waitFor(/Point your app at (\S+) /)
  return { cli, root: root as string }
}

describe('engagement-mock proxy (a real child process)', () => {
  it('writes the reports on SIGINT and exits 0 when nothing broke the contract', async () => {
    mock = await startServer({ port: 0 })
    const reports = join(tmp, 'clean')
    const { cli, root } = await startProxyCli(mock.baseUrl, ['--report-dir', reports])
    expect(root).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/)
    expect((await fetch(`${root}/forms`, { headers: auth })).status).toBe(200)
    expect((await fetch(`${root}/sessions`)).status).toBe(401)
    await cli.waitFor(
      /! #2 listSessions GET \/sessions → 401 request issue: sent without credentials/,
    )
    cli.child.kill('SIGINT')
    expect(await cli.exited).toBe(0)
    expectReportsAgree({ status: 0, stdout: cli.output() }, reports, [])
    expect(cli.output()).toMatch(/No violation \(1 request issue: the client's\)\./)
    const report = json(join(reports, 'conformance.json'))
    expect(report.traffic).toMatchObject({
      exchanges: 2,
      violations: [],
      requestIssues: [
        { operationId: 'listSessions', method: 'GET', path: '/sessions', status: 401 },
      ],
    })
    expect(readFileSync(join(reports, 'conformance.md'), 'utf8')).toContain(
      '| `GET /forms` listForms | 1 | 0 | 0 |',
    )
    // What the app used of the contract, and the operations it never used.
    expect(report.coverage.kind).toBe('traffic')
    expect(report.coverage.operations).toMatchObject({ seen: 2, total: 25 })
    expect(report.coverage.operations.notSeen).toContain('createForm')
    expect(report.coverage.operations.notSeen).not.toContain('listSessions')
    expect(cli.output()).toMatch(
      /What your app uses: operations 2\/25, error conditions 1\/\d+, .*; never used: createSeries: not called; listSeries: not called; createForm: not called; /,
    )
    expect(readFileSync(join(reports, 'conformance.md'), 'utf8')).toContain(
      '## Coverage: what your app uses',
    )
    expect(readFileSync(join(reports, 'contract-junit.xml'), 'utf8')).toMatch(
      /<testsuites name="[^"]+" tests="2" failures="0" errors="0">/,
    )
  }, 60_000)

  it('prints each violation as it happens, records a HAR, and exits 1 on SIGTERM; check-traffic finds the same in the HAR', async () => {
    mock = await startServer({ port: 0 })
    deviant = await startProxy(mock.baseUrl, mock.mock)
    // A deployment whose lists come oldest first.
    deviant.use(
      on(
        'GET',
        /^\/forms$/,
        edit((body) => ({ forms: list(body.forms).reverse() })),
      ),
    )
    const reports = join(tmp, 'violating')
    const har = join(tmp, 'session.har')
    const { cli, root } = await startProxyCli(deviant.baseUrl, [
      '--report-dir',
      reports,
      '--record',
      har,
    ])
    const answer = await fetch(`${root}/forms`, { headers: auth })
    // The client got the deployment's answer, unchanged.
    expect(obj(await answer.json()).forms).toHaveLength(12)
    await cli.waitFor(/✗ #1 listForms GET \/forms → 200: not newest first \(§1\)/)
    cli.child.kill('SIGTERM')
    expect(await cli.exited).toBe(1)
    expectReportsAgree({ status: 1, stdout: cli.output() }, reports, ['violation'])
    expect(cli.output()).toContain('1 violation: the deployment does not conform.')
    const report = json(join(reports, 'conformance.json'))
    expect(report.traffic.violations).toEqual([
      expect.objectContaining({
        operationId: 'listForms',
        status: 200,
        curl: expect.stringContaining('-H "authorization: Bearer $API_KEY_1"'),
      }),
    ])
    const markdown = readFileSync(join(reports, 'conformance.md'), 'utf8')
    expect(markdown).toContain('## Violations')
    expect(markdown).toContain("curl -sS -i -X GET 'http://127.0.0.1:")
    expect(readFileSync(join(reports, 'contract-junit.xml'), 'utf8')).toContain('failures="1"')

    const offline = join(tmp, 'offline')
    const checked = await runCli(['check-traffic', har, '--report-dir', offline])
    expect(checked.status).toBe(1)
    expectReportsAgree(checked, offline, ['violation'])
    expect(checked.stdout).toMatch(/✗ #1 listForms GET \/forms → 200: not newest first/)
    expect(json(join(offline, 'conformance.json')).traffic.violationCount).toBe(1)
    // The key the app sent is nowhere: not printed, reported or recorded.
    for (const text of [
      cli.output(),
      checked.stdout,
      checked.stderr,
      readFileSync(har, 'utf8'),
      ...['conformance.md', 'conformance.json', 'contract-junit.xml', 'conformance.html'].flatMap(
        (name) => [
          readFileSync(join(reports, name), 'utf8'),
          readFileSync(join(offline, name), 'utf8'),
        ],
      ),
    ]) {
      expect(text).not.toContain(ACME_KEY)
    }
  }, 60_000)

  it('refuses a bad deployment file and a port in use with exit 2', async () => {
    const bad = join(tmp, 'bad-deployment.json')
    writeFileSync(bad, JSON.stringify({ forms: { create: { publishNow: 'not a path!' } } }))
    const refused = await runCli(['proxy', 'http://127.0.0.1:9/api/v1', '--deployment', bad])
    expect(refused.status).toBe(2)
    expect(refused.stderr).toContain('forms.create.publishNow')
    mock = await startServer({ port: 0 })
    const port = new URL(mock.url).port
    const busy = await runCli(['proxy', mock.baseUrl, '--port', port])
    expect(busy.status).toBe(2)
    expect(busy.stderr).toContain(`Port ${port} is in use`)
  }, 60_000)
})

describe('engagement-mock check-traffic', () => {
  it('exits 2 naming why a file cannot be checked', async () => {
    const missing = await runCli(['check-traffic', join(tmp, 'nope.har')])
    expect(missing.status).toBe(2)
    expect(missing.stderr).toContain('no such file')
    const text = join(tmp, 'text.har')
    writeFileSync(text, 'not json')
    const notJson = await runCli(['check-traffic', text])
    expect(notJson.status).toBe(2)
    expect(notJson.stderr).toContain('is not JSON, so not a HAR file')
    const other = join(tmp, 'other.har')
    writeFileSync(other, JSON.stringify({ log: { entries: [{ request: {} }] } }))
    const notHar = await runCli(['check-traffic', other])
    expect(notHar.status).toBe(2)
    expect(notHar.stderr).toMatch(/is not a HAR 1\.2 file: log\.entries\.0\.request\.method/)
    const unrelated = join(tmp, 'unrelated.har')
    writeFileSync(
      unrelated,
      JSON.stringify({
        log: {
          entries: [
            {
              request: { method: 'GET', url: 'https://cdn.example.com/app.js', headers: [] },
              response: { status: 200, headers: [], content: { text: '' } },
            },
          ],
        },
      }),
    )
    const noApi = await runCli(['check-traffic', unrelated])
    expect(noApi.status).toBe(2)
    expect(noApi.stderr).toContain('no entry addresses an operation of the API')
  }, 60_000)

  it('exits 0 on traffic that conforms, ignoring entries outside the API root', async () => {
    const har = join(tmp, 'clean.har')
    const form = {
      id: 'frm_1',
      title: 'T',
      description: '',
      status: 'draft',
      joinCode: 'A',
      slug: 's',
      shareUrl: 'https://x.example/f/s',
      settings: {
        collectEmail: false,
        emailRequired: false,
        thankYouMessage: '',
        redirectUrl: null,
        showProgress: false,
        useCase: 'x',
        layout: 'y',
      },
      publishedAt: null,
      createdAt: '2026-07-01T00:00:00Z',
      fields: [],
    }
    const entry = (url: string, status: number, text: string) => ({
      startedDateTime: '2026-07-01T00:00:00Z',
      request: { method: 'GET', url, headers: [{ name: 'Authorization', value: 'Bearer k' }] },
      response: { status, headers: [], content: { text } },
    })
    writeFileSync(
      har,
      JSON.stringify({
        log: {
          entries: [
            entry('https://api.example.com/api/v1/forms', 200, JSON.stringify({ forms: [form] })),
            entry('https://api.example.com/api/v1/forms/frm_1', 200, JSON.stringify({ form })),
            entry('https://cdn.example.com/api/v1/forms', 200, 'not json'),
          ],
        },
      }),
    )
    const clean = await runCli(['check-traffic', har, '--report-dir', join(tmp, 'clean-report')])
    expectReportsAgree(clean, join(tmp, 'clean-report'), [])
    expect(clean.stderr).toContain('Checking 2 of 3 entries')
    expect(clean.stderr).toContain('API root https://api.example.com/api/v1')
    expect(clean.status).toBe(0)
  }, 60_000)
})

describe('engagement-mock proxy --record never loses a recording', () => {
  /** Runs the proxy until it exits or starts serving (then stops it): its exit status, or "started". */
  const exitOrStart = async (args: string[]) => {
    const cli = startCli(['proxy', 'http://127.0.0.1:9/api/v1', ...args])
    const outcome = await Promise.race([
      cli.exited,
      cli.waitFor(/Point your app at/).then(() => 'started' as const),
    ])
    if (outcome === 'started') {
      cli.child.kill('SIGTERM')
      await cli.exited
    }
    return { outcome, output: cli.output() }
  }

  it('refuses an existing --record file with exit 2 and leaves it as it was', async () => {
    const har = join(tmp, 'existing.har')
    writeFileSync(har, '{"log":{"entries":["my recording"]}}')
    const { outcome, output } = await exitOrStart(['--port', '0', '--record', har])
    expect(output).toContain('exists and is never overwritten')
    expect(readFileSync(har, 'utf8')).toBe('{"log":{"entries":["my recording"]}}')
    expect(outcome).toBe(2)
  }, 30_000)

  it('creates no --record file when its port is busy', async () => {
    const busy = createServer()
    await new Promise<void>((done) => busy.listen(0, '127.0.0.1', done))
    const { port } = busy.address() as AddressInfo
    const har = join(tmp, 'busy-port.har')
    const { outcome, output } = await exitOrStart(['--port', String(port), '--record', har])
    busy.close()
    expect(output).toContain(`Port ${port} is in use`)
    expect(existsSync(har)).toBe(false)
    expect(outcome).toBe(2)
  }, 30_000)

  it('refuses a --report-dir that is a file before it listens', async () => {
    const file = join(tmp, 'reports-file')
    writeFileSync(file, 'mine')
    const { outcome, output } = await exitOrStart(['--port', '0', '--report-dir', file])
    expect(output).toContain('is a file, not a folder')
    expect(readFileSync(file, 'utf8')).toBe('mine')
    expect(outcome).toBe(2)
  }, 30_000)
})

describe('engagement-mock check-traffic never reports on nothing', () => {
  const recording = () => {
    const har = join(tmp, `elsewhere-${Math.random().toString(36).slice(2)}.har`)
    const entry = (url: string) => ({
      startedDateTime: '2026-07-01T00:00:00Z',
      request: { method: 'GET', url, headers: [] },
      response: { status: 200, headers: [], content: { text: '{"forms":[]}' } },
    })
    writeFileSync(
      har,
      JSON.stringify({ log: { entries: [entry('https://api.example.com/api/v1/forms')] } }),
    )
    return har
  }

  it('refuses (exit 2) an --api-root no entry is under, naming the root the entries address', async () => {
    const reports = join(tmp, 'nothing-checked')
    const { status, stderr, stdout } = await runCli([
      'check-traffic',
      recording(),
      '--api-root',
      'http://example.com/api/v1',
      '--report-dir',
      reports,
    ])
    expect(stderr).toContain(
      'none of its 1 entries is an answered exchange of the API under http://example.com/api/v1',
    )
    expect(stderr).toContain('https://api.example.com/api/v1')
    expect(stdout).not.toContain('No violation')
    expect(existsSync(reports)).toBe(false)
    expect(status).toBe(2)
  })

  it('refuses a --report-dir that is its own HAR file, leaving the recording whole', async () => {
    const har = recording()
    const before = readFileSync(har, 'utf8')
    const { status, stderr } = await runCli(['check-traffic', har, '--report-dir', har])
    expect(stderr).toContain('is a file, not a folder')
    expect(readFileSync(har, 'utf8')).toBe(before)
    expect(status).toBe(2)
  })
})

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { createMock } from '../../mock/create.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { runCli, startCli } from './cli.ts'
import { expectReportsAgree } from './reports-agree.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-release-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let server: RunningServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

const API_ROOT = 'https://api.example.com/api/v1'
const json = (file: string) => JSON.parse(readFileSync(file, 'utf8'))

interface Step {
  method: string
  path: string | ((ids: Record<string, string>) => string)
  body?: unknown
  /** Keeps the id the answer names under this name, for later paths. */
  keep?: string
}

/** A HAR of real answers: each step sent to an empty mock of the latest release, in order. */
const harOf = async (file: string, steps: Step[]) => {
  const mock = createMock({ plan: false })
  const ids: Record<string, string> = {}
  const entries = []
  for (const step of steps) {
    const path = typeof step.path === 'string' ? step.path : step.path(ids)
    const text = step.body === undefined ? undefined : JSON.stringify(step.body)
    const headers = { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }
    const answer = await mock.handle({
      method: step.method,
      path,
      headers,
      ...(text ? { body: text } : {}),
    })
    // The recording is of an app the mock served: a refusal would mean a broken step.
    if (answer.status >= 300) throw new Error(`${step.method} ${path}: ${answer.text}`)
    if (step.keep) {
      const body = JSON.parse(answer.text) as Record<string, { id: string }>
      ids[step.keep] = Object.values(body)[0]?.id ?? ''
    }
    entries.push({
      startedDateTime: '2026-07-14T09:00:00Z',
      request: {
        method: step.method,
        url: `${API_ROOT}${path}`,
        headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
        ...(text ? { postData: { mimeType: 'application/json', text } } : {}),
      },
      response: {
        status: answer.status,
        headers: [{ name: 'content-type', value: 'application/json' }],
        content: { mimeType: 'application/json', text: answer.text },
      },
    })
  }
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', entries } }))
  return file
}

const SLIDES = { kind: 'slides', slides: [{ type: 'title', title: 'Welcome' }] }
const SESSION_WITH_SLIDES: Step[] = [
  { method: 'GET', path: '/forms' },
  {
    method: 'POST',
    path: '/sessions',
    body: { title: 'Kick-off', activities: [SLIDES] },
    keep: 'session',
  },
  { method: 'GET', path: '/sessions' },
]
const WITH_SERIES: Step[] = [
  ...SESSION_WITH_SLIDES,
  { method: 'POST', path: '/series', body: { title: 'Quiz league' } },
  { method: 'GET', path: '/series' },
  { method: 'GET', path: '/series' },
]

describe('check-traffic --release', () => {
  it('exits 1 over a HAR that creates a series, naming each exchange that release cannot serve', async () => {
    const har = await harOf(join(tmp, 'series.har'), WITH_SERIES)
    const reports = join(tmp, 'series-report')
    const run = await runCli([
      'check-traffic',
      har,
      '--release',
      '2026-07-12',
      '--report-dir',
      reports,
    ])
    expect(run.stdout).toContain(
      '✗ #4 createSeries POST /series → 201 needs a later release: uses POST /series (2026-07-13), which a deployment of release 2026-07-11 (in force on 2026-07-12) does not have (§9)',
    )
    expect(run.stdout).toMatch(/✗ #5 listSeries GET \/series → 200 needs a later release/)
    expect(run.stdout).toMatch(/✗ #6 listSeries GET \/series → 200 needs a later release/)
    // Slides came on 2026-07-11: that release serves the session.
    expect(run.stdout).not.toMatch(/#2 createSession/)
    expect(run.stdout).toContain(
      'This app needs release 2026-07-13: 3 of 6 exchanges use what release 2026-07-11 (in force on 2026-07-12) does not have: GET /series (2026-07-13) in 2, POST /series (2026-07-13) in 1.',
    )
    expect(run.stdout).not.toContain('the deployment does not conform')
    expect(run.status).toBe(1)
    // Every report says so: not a green page, not a JUnit file without a failure.
    expectReportsAgree(run, reports, ['release-need'])

    const report = json(join(reports, 'conformance.json'))
    expect(report.traffic.release).toMatchObject({
      release: '2026-07-11',
      given: '2026-07-12',
      needs: '2026-07-13',
      served: false,
      exchanges: 6,
      notServed: 3,
      uses: [
        { what: 'GET /series', since: '2026-07-13', exchanges: 2 },
        { what: 'POST /series', since: '2026-07-13', exchanges: 1 },
      ],
    })
    expect(report.traffic.release.unserved.map((n: { exchange: number }) => n.exchange)).toEqual([
      4, 5, 6,
    ])
    const markdown = readFileSync(join(reports, 'conformance.md'), 'utf8')
    expect(markdown).toContain('## Release 2026-07-11 (in force on 2026-07-12)')
    expect(markdown).toContain(
      '- #4 `POST /series` (createSeries) → 201: uses POST /series (2026-07-13)',
    )
  }, 60_000)

  it('exits 0 over a HAR that uses nothing later, saying which release it needs', async () => {
    const har = await harOf(join(tmp, 'slides.har'), SESSION_WITH_SLIDES)
    const reports = join(tmp, 'slides-report')
    const run = await runCli([
      'check-traffic',
      har,
      '--release',
      '2026-07-12',
      '--report-dir',
      reports,
    ])
    expect(run.stdout).not.toContain('needs a later release')
    expectReportsAgree(run, reports, [])
    expect(run.stdout).toContain(
      'Release 2026-07-11 (in force on 2026-07-12) serves every exchange (3); this traffic needs release 2026-07-11 or later.',
    )
    expect(run.status).toBe(0)
    expect(json(join(reports, 'conformance.json')).traffic.release).toMatchObject({
      served: true,
      notServed: 0,
      needs: '2026-07-11',
    })
  }, 60_000)

  it('names an activity kind that came later, sent inline', async () => {
    const har = await harOf(join(tmp, 'slides-early.har'), SESSION_WITH_SLIDES)
    const run = await runCli([
      'check-traffic',
      har,
      '--release',
      'initial',
      '--report-dir',
      join(tmp, 'r3'),
    ])
    expect(run.stdout).toContain(
      '✗ #2 createSession POST /sessions → 201 needs a later release: uses the slides activity kind (2026-07-11), which a deployment of release initial does not have (§9)',
    )
    expect(run.stdout).toContain('This app needs release 2026-07-11: 1 of 3 exchanges')
    expect(run.status).toBe(1)
  }, 60_000)

  it('refuses a release that is not one, listing the releases (exit 2), and --help documents it', async () => {
    const har = await harOf(join(tmp, 'any.har'), [{ method: 'GET', path: '/forms' }])
    const bad = await runCli(['check-traffic', har, '--release', 'last-week'])
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain('Unknown release "last-week"')
    expect(bad.stderr).toContain('2026-07-13 (adds POST /series')
    for (const command of ['check-traffic', 'proxy']) {
      const help = await runCli([command, '--help'])
      expect(help.stdout).toContain('--release <date>')
      expect(help.stdout).toMatch(/\(--release\) an exchange needs a later release/)
    }
  }, 60_000)
})

describe('proxy --release', () => {
  it('prints a line per exchange the release cannot serve as it happens, and exits 1 at its end', async () => {
    server = await startServer({ port: 0 })
    const reports = join(tmp, 'proxy-report')
    const cli = startCli([
      'proxy',
      server.baseUrl,
      '--port',
      '0',
      '--release',
      '2026-07-12',
      '--report-dir',
      reports,
    ])
    const [, root] = await cli.waitFor(/Point your app at (\S+) /)
    expect(cli.output()).toContain('and against release 2026-07-11 (in force on 2026-07-12)')
    const auth = { authorization: `Bearer ${ACME_KEY}` }
    for (const path of ['/forms', '/series']) {
      const answer = await fetch(`${root}${path}`, { headers: auth })
      expect(answer.status).toBe(200)
      await answer.text()
    }
    await cli.waitFor(/✗ #2 listSeries GET \/series → 200 needs a later release/)
    cli.child.kill('SIGINT')
    expect(await cli.exited).toBe(1)
    expectReportsAgree({ status: 1, stdout: cli.output() }, reports, ['release-need'])
    expect(cli.output()).not.toMatch(/#1 listForms/)
    expect(cli.output()).toContain('This app needs release 2026-07-13: 1 of 2 exchanges')
    expect(json(join(reports, 'conformance.json')).traffic.release).toMatchObject({
      notServed: 1,
      uses: [{ what: 'GET /series', exchanges: 1 }],
    })
  }, 60_000)

  it('exits 0 at its end when the release serves every exchange', async () => {
    server = await startServer({ port: 0 })
    const cli = startCli([
      'proxy',
      server.baseUrl,
      '--port',
      '0',
      '--release',
      '2026-07-12',
      '--report-dir',
      join(tmp, 'proxy-clean'),
    ])
    const [, root] = await cli.waitFor(/Point your app at (\S+) /)
    const forms = await fetch(`${root}/forms`, { headers: { authorization: `Bearer ${ACME_KEY}` } })
    expect(forms.status).toBe(200)
    await forms.text()
    cli.child.kill('SIGINT')
    expect(await cli.exited).toBe(0)
    expect(cli.output()).toContain('serves every exchange (1)')
  }, 60_000)
})

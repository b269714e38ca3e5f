import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REPORT_FILES } from '../../mock/report-format/files.ts'
import { Secrets } from '../../mock/report-format/secrets.ts'
import { buildTrafficReport } from '../../mock/report-format/traffic-report.ts'
import { createTrafficChecker } from '../../mock/traffic/check-exchange.ts'
import { DEFAULT_MAX_BODY_BYTES } from '../../mock/traffic/exchange.ts'
import { detectApiRoot, HarError, harExchanges, readHarText } from '../../mock/traffic/har.ts'
import { TrafficLog } from '../../mock/traffic/log.ts'
import { runCli } from '../cli/cli.ts'
import { documentedForm } from '../traffic/documented.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'
import { DEPTH, deepAnswer, leaks, writtenFiles } from './hostile.ts'

const SECRET = 'sk_live_hostile_0123456789'
const ROOT = 'https://staging.example.test/api/v1'

const entry = (
  path: string,
  answer: string,
  options: { method?: string; body?: string; headers?: { name: string; value: string }[] } = {},
) => ({
  startedDateTime: '2026-07-20T10:00:00.000Z',
  request: {
    method: options.method ?? 'GET',
    url: `${ROOT}${path}`,
    headers: [{ name: 'Authorization', value: `Bearer ${SECRET}` }],
    ...(options.body === undefined
      ? {}
      : { postData: { mimeType: 'application/json', text: options.body } }),
  },
  response: {
    status: 200,
    headers: [{ name: 'content-type', value: 'application/json' }, ...(options.headers ?? [])],
    content: { mimeType: 'application/json', text: answer },
  },
})

const form = documentedForm('frm_1')
/** A recording of a hostile deployment: every kind of answer it can give, and the key echoed. */
const hostileHar = () => ({
  log: {
    version: '1.2',
    entries: [
      entry('/forms/frm_1', JSON.stringify({ form }), {
        headers: [{ name: 'x-debug-authorization', value: `Bearer ${SECRET}` }],
      }),
      entry('/forms/frm_1', deepAnswer('form')),
      entry('/forms/frm_1', `{"form":"${'x'.repeat(3 * 1024 * 1024)}"}`),
      entry('/forms/frm_1', '{"form": [ not json'),
      entry('/forms/frm_1', '{"form":{"id":5,"title":[]}}'),
      entry('/forms/frm_1', JSON.stringify({ form: { ...form, title: `echo ${SECRET}` } })),
      entry('/forms', JSON.stringify({ forms: [], debug: { caller: `Bearer ${SECRET}` } }), {
        method: 'POST',
        body: `{"title":"${'['.repeat(5000)}"}`,
      }),
    ],
  },
})

let tmp: string
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'hostile-traffic-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('check-traffic on a recording of a hostile deployment', () => {
  it('ends in findings and notes, writes its reports, and writes the key nowhere', async () => {
    const har = join(tmp, 'hostile.har')
    writeFileSync(har, JSON.stringify(hostileHar()))
    const reports = join(tmp, 'reports')
    const run = await runCli(['check-traffic', har, '--report-dir', reports])
    expect(run.status).toBe(1)
    expect(run.stdout).toMatch(
      /✗ #4 getForm GET \/forms\/frm_1 → 200: answered 200 with a body that is not JSON/,
    )
    expect(run.stdout).toMatch(/✗ #5 getForm .*form\.id: Invalid input/)
    expect(run.stdout).toContain(
      'not checked: answer nested deeper than 256 levels: not checked further (1)',
    )
    expect(run.stdout).toContain('not checked: answer body over the size limit: not checked (1)')
    const written = [
      ...writtenFiles(reports),
      { path: 'stdout', text: run.stdout },
      { path: 'stderr', text: run.stderr },
    ]
    // Every report (and the console) was written, and none carries the key.
    expect(written).toHaveLength(REPORT_FILES.length + 2)
    expect(leaks(SECRET, written)).toEqual([])
    expect(readFileSync(join(reports, 'conformance.md'), 'utf8')).toContain('$API_KEY_1')
  }, 30_000)

  it('refuses a file nested 100,000 levels deep with exit 2, naming the depth', async () => {
    const har = join(tmp, 'deep.har')
    writeFileSync(har, `{"log":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`)
    const run = await runCli(['check-traffic', har, '--report-dir', join(tmp, 'deep')])
    expect(run.status).toBe(2)
    expect(run.stderr).toContain('nests arrays and objects deeper than 1000 levels: not a HAR file')
  }, 30_000)
})

/** What check-traffic does with a file's text, in process: its reports' text, or the HAR's refusal. */
const checkHarText = (text: string): string | HarError => {
  let har: ReturnType<typeof readHarText>
  try {
    har = readHarText(text, 'fuzzed.har')
  } catch (error) {
    if (error instanceof HarError) return error
    throw error
  }
  const apiRoot = detectApiRoot(har.log.entries.map((e) => e.request.url)) ?? ROOT
  const secrets = new Secrets()
  const checker = createTrafficChecker()
  const log = new TrafficLog()
  harExchanges(har, apiRoot, DEFAULT_MAX_BODY_BYTES, { secrets }).forEach((exchange, i) => {
    log.record(exchange, i + 1, checker.check(exchange, i + 1))
  })
  const reports = buildTrafficReport(
    { kind: 'har', apiRoot, from: 'fuzzed.har', startedAt: '', endedAt: '' },
    log.summary(),
  )
  return secrets.scrub([reports.markdown, JSON.stringify(reports.json), reports.junit].join('\n'))
}

/** A JSON value nested `depth` levels in arrays or objects around `inner`. */
const nested = (depth: number, inner: unknown, asObject: boolean): unknown => {
  let value = inner
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value]
  return value
}

/** Anything where a HAR has something: wrong types, deep values, long strings, the key. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, 5, '', SECRET, `Bearer ${SECRET}`, 'x'.repeat(100_000)),
  fc.tuple(fc.integer({ min: 200, max: 3000 }), fc.boolean()).map(([d, o]) => nested(d, 1, o)),
)

/** One place of a HAR replaced by a hostile value (or its text cut short, or a body made deep). */
const mutation = fc.oneof(
  fc.record({
    at: fc.constantFrom(
      ['log'],
      ['log', 'entries'],
      ['log', 'entries', 0],
      ['log', 'entries', 0, 'request'],
      ['log', 'entries', 0, 'request', 'url'],
      ['log', 'entries', 0, 'request', 'headers'],
      ['log', 'entries', 0, 'request', 'headers', 0, 'value'],
      ['log', 'entries', 0, 'response', 'status'],
      ['log', 'entries', 0, 'response', 'headers'],
      ['log', 'entries', 0, 'response', 'content', 'text'],
      ['log', 'entries', 6, 'request', 'postData', 'text'],
      ['log', 'entries', 1, 'response', 'content', 'encoding'],
    ),
    value: hostileValue,
  }),
  fc.record({ cut: fc.integer({ min: 0, max: 400_000 }) }),
)

const applied = (
  m: { at: readonly (string | number)[]; value: unknown } | { cut: number },
): string => {
  const har = hostileHar() as unknown as Record<string, unknown>
  if ('cut' in m) return JSON.stringify(har).slice(0, m.cut)
  let node: Record<string | number, unknown> = har
  for (const key of m.at.slice(0, -1)) node = node[key] as Record<string | number, unknown>
  const last = m.at[m.at.length - 1] as string | number
  node[last] = m.value
  return JSON.stringify(har)
}

describe('a fuzz of HAR files', () => {
  const RUNS = 60
  it(
    'each ends in reports or a HarError saying why, never a crash, and no report carries the key',
    () => {
      fc.assert(
        fc.property(mutation, (m) => {
          const outcome = checkHarText(applied(m))
          if (outcome instanceof HarError) {
            expect(outcome.message).toMatch(/^fuzzed\.har (is not|nests)/)
            expect(outcome.message).not.toContain(SECRET)
            return
          }
          expect(outcome).not.toContain(SECRET)
        }),
        fuzzParameters(RUNS),
      )
    },
    fuzzTimeout(RUNS, 200),
  )
})

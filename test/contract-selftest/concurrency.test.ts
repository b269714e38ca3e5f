import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { type ConformanceOptions, runConformance } from '../../mock/conformance/run-conformance.ts'
import { FOREIGN_FILE, FOREIGN_OPTIONS, startForeignTarget } from './foreign.ts'
import { startTarget } from './harness.ts'
import type { RunningProxy } from './proxy.ts'

/**
 * The reports are the same whatever the concurrency: the catalog at 1 (one request at a time) and at
 * 8, against our mock and against test/foreign, written to their folders and compared. Set aside:
 * the timings (durations, and the instants the deployment answered), and what the deployment chose for the records it was asked to create (ids, codes
 * and the URLs holding them), since concurrent checks ask for their records in another order.
 */

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-concurrency-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

/** The answers naming a record the run created: the deployment's choice, in the order it was asked. */
const RECORD_ANSWERS = /^Path of a /
/** A time the deployment answered (a record's creation): a timing too. */
const INSTANT = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g

/** `node` without timings, and without the answers (and answers of answers) naming a record. */
const comparable = (node: unknown, naming = false): unknown => {
  if (Array.isArray(node)) return node.map((item) => comparable(item, naming))
  if (typeof node === 'string') return node.replace(INSTANT, '<instant>')
  if (typeof node !== 'object' || node === null) return node
  const record = node as Record<string, unknown>
  const names =
    naming || (typeof record.question === 'string' && RECORD_ANSWERS.test(record.question))
  return Object.fromEntries(
    Object.entries(record)
      .filter(([key]) => key !== 'durationMs')
      .map(([key, value]) => [
        key,
        names && (key === 'answer' || key === 'expected') ? '<record>' : comparable(value, names),
      ]),
  )
}

const comparableJson = (dir: string) =>
  comparable(JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')))

/** conformance.md, with the same set aside (its observation rows of record names). */
const comparableMarkdown = (dir: string) =>
  readFileSync(join(dir, 'conformance.md'), 'utf8')
    .split('\n')
    .map((line) => (/^\| Path of a /.test(line) ? line.replace(/`[^`]*`/g, '`<record>`') : line))
    .join('\n')
    .replace(INSTANT, '<instant>')

/** The catalog at `concurrency` through `proxy`, which counts the most requests it saw at once. */
const runAt = async (
  name: string,
  concurrency: number,
  proxy: RunningProxy,
  options: Omit<ConformanceOptions, 'concurrency' | 'reportDir' | 'runId'>,
) => {
  let inFlight = 0
  let most = 0
  proxy.use(async (request, forward) => {
    inFlight += 1
    most = Math.max(most, inFlight)
    try {
      return await forward(request)
    } finally {
      inFlight -= 1
    }
  })
  const reportDir = join(tmp, `${name}-${concurrency}`)
  const result = await runConformance({ ...options, concurrency, reportDir, runId: 'same-run' })
  return { result, most, json: comparableJson(reportDir), markdown: comparableMarkdown(reportDir) }
}

/** One request at a time at 1, overlapping at 8, and the same conforming reports. */
const expectSameAtOneAndEight = (
  one: Awaited<ReturnType<typeof runAt>>,
  eight: Awaited<ReturnType<typeof runAt>>,
) => {
  expect(one.result.verdict).toBe('conforms')
  expect(one.result.totals.failed).toBe(0)
  expect(one.most).toBe(1)
  expect(eight.most).toBeGreaterThan(1)
  expect(eight.most).toBeLessThanOrEqual(8)
  expect(eight.json).toEqual(one.json)
  expect(eight.markdown).toBe(one.markdown)
}

describe('the reports whatever the concurrency', () => {
  it('are the same at 1 and at 8 against our mock', async () => {
    const target = await startTarget()
    try {
      const options = {
        baseUrl: target.proxy.baseUrl,
        key: ACME_KEY,
        otherOrgKey: GLOBEX_KEY,
        noEntitlementsKey: GLOBEX_KEY,
        strict: true,
      }
      await target.reset()
      const one = await runAt('mock', 1, target.proxy, options)
      await target.reset()
      const eight = await runAt('mock', 8, target.proxy, options)
      expectSameAtOneAndEight(one, eight)
    } finally {
      await target.close()
    }
  }, 120_000)

  it('are the same at 1 and at 8 against test/foreign, with its deployment file', async () => {
    const target = await startForeignTarget()
    try {
      const options = {
        baseUrl: target.proxy.baseUrl,
        ...FOREIGN_OPTIONS,
        deployment: FOREIGN_FILE,
      }
      target.reset()
      const one = await runAt('foreign', 1, target.proxy, options)
      target.reset()
      const eight = await runAt('foreign', 8, target.proxy, options)
      expectSameAtOneAndEight(one, eight)
    } finally {
      await target.close()
    }
  }, 120_000)
})

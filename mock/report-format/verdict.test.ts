import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { expectReportsAgree } from '../../test/cli/reports-agree.ts'
import { printSummary } from '../cli/check/print.ts'
import { printTrafficSummary } from '../cli/shared/traffic-print.ts'
import type { ExploreResult } from '../conformance/explore/explore.ts'
import { TrafficLog } from '../traffic/log.ts'
import { ReleaseNeeds } from '../traffic/release-needs.ts'
import type { RunInfo } from './model.ts'
import { catalogVerdict, trafficVerdict } from './verdict.ts'
import { writeResultReports } from './write-run-reports.ts'
import { writeTrafficReports } from './write-traffic-reports.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-verdict-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
afterEach(() => vi.restoreAllMocks())

/** What `print` writes on stdout. */
const printed = (print: () => void): string => {
  let out = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  print()
  vi.restoreAllMocks()
  return out
}

const SOURCE = {
  kind: 'har' as const,
  apiRoot: 'https://api.example.com/api/v1',
  from: 'session.har',
  startedAt: '2026-07-14T09:00:00Z',
  endedAt: '2026-07-14T09:01:00Z',
}

/** A listSeries exchange the mock of the latest release answered. */
const SERIES = {
  method: 'GET',
  path: '/series',
  requestHeaders: {},
  status: 200,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: '{"series":[]}',
  url: 'https://api.example.com/api/v1/series',
}

describe('one verdict, in the console and every report', () => {
  it('traffic the checker met an error of its own on: could not check everything (exit 3), everywhere', async () => {
    const log = new TrafficLog()
    log.error('entry 3 could not be recorded (boom)')
    const summary = log.summary()
    const dir = join(tmp, 'traffic-error')
    await writeTrafficReports(dir, SOURCE, summary, undefined)
    const stdout = printed(() => printTrafficSummary(summary, []))
    const verdict = expectReportsAgree({ status: trafficVerdict(summary).exitCode, stdout }, dir, [
      'run-error',
    ])
    expect(verdict).toMatchObject({ key: 'could-not-run', exitCode: 3 })
    expect(verdict.text).toBe(
      'Could not check everything: 1 error of its own (entry 3 could not be recorded (boom)).',
    )
  })

  it('a release need and an error of its own together: the release need decides (exit 1), both are named', async () => {
    const log = new TrafficLog(undefined, new ReleaseNeeds('2026-07-11', '2026-07-12'))
    log.record(SERIES, 1, {
      operationId: 'listSeries',
      outcome: 'success',
      answer: { series: [] },
      violations: [],
      requestIssues: [],
      notes: [],
    })
    log.error("the proxy's own error (unexpected error: boom)")
    const summary = log.summary()
    const dir = join(tmp, 'traffic-both')
    await writeTrafficReports(dir, SOURCE, summary, undefined)
    const stdout = printed(() => printTrafficSummary(summary, []))
    const verdict = expectReportsAgree({ status: trafficVerdict(summary).exitCode, stdout }, dir, [
      'release-need',
      'run-error',
    ])
    expect(verdict.exitCode).toBe(1)
  })

  it("exploration's own error is an error of the run's in every report (exit 3), in JUnit an <error>, not a <failure>", async () => {
    const exploration: ExploreResult = {
      seed: 7,
      runsRequested: 3,
      runsDone: 0,
      maxSteps: 0,
      concurrentShare: 0.15,
      bound: { requests: 0, timeLimitMs: 1_000 },
      requests: 0,
      cleanupRequests: 0,
      durationMs: 0,
      divergences: [],
      notOffered: [],
      notOfferedKeys: [],
      notes: [],
      probe: { confirmed: [], refused: [] },
      error: 'exploration stopped on an error of its own: boom',
    }
    const run: RunInfo = {
      baseUrl: 'http://127.0.0.1:1/api/v1',
      strict: false,
      runId: 'r',
      requests: 0,
      maxRequests: 10,
      ownMock: false,
      cleanup: 'nothing created',
    }
    const dir = join(tmp, 'exploration-error')
    await writeResultReports({ run, checks: [], exploration }, dir)
    const outcome = catalogVerdict(run, { checks: 0, failed: 0, blocked: 0 }, exploration)
    const stdout = printed(() =>
      printSummary({
        verdict: outcome.key,
        exitCode: outcome.exitCode,
        outcome,
        run,
        totals: {
          checks: 0,
          passed: 0,
          failed: 0,
          blocked: 0,
          skipped: 0,
          observed: 0,
          'not-in-release': 0,
        },
        checks: [],
        observations: [],
        requests: 0,
        reports: [],
        exploration,
      }),
    )
    const verdict = expectReportsAgree({ status: outcome.exitCode, stdout }, dir, ['run-error'])
    expect(verdict).toMatchObject({ key: 'could-not-run', exitCode: 3 })
  })
})

import { describe, expect, it } from 'vitest'
import { buildJunit } from './junit.ts'
import type { ReportedCheck, RunInfo } from './model.ts'
import { catalogVerdict } from './verdict.ts'

const RUN: RunInfo = {
  baseUrl: 'http://127.0.0.1:1/api/v1',
  strict: false,
  runId: 'r',
  requests: 5,
  maxRequests: 5,
  ownMock: false,
}

const check = (name: string, state: ReportedCheck['state'], message?: string): ReportedCheck => ({
  group: 'Forms (§4)',
  name,
  operations: ['createForm'],
  state,
  ...(message ? { message } : {}),
  observations: [],
  requests: 1,
  durationMs: 1,
})

/** The totals of contract-junit.xml's root element. */
const totals = (junit: string) => {
  const found = /<testsuites [^>]*failures="(\d+)" errors="(\d+)"/.exec(junit)
  return { failures: Number(found?.[1]), errors: Number(found?.[2]) }
}

const BOUND = "the run's request bound (--max-requests 5) was reached before this check: not run"

describe('contract-junit.xml is never greener than the exit status', () => {
  const cases: { title: string; run: RunInfo; checks: ReportedCheck[]; types: string[] }[] = [
    { title: 'clean', run: RUN, checks: [check('a', 'passed')], types: [] },
    {
      title: 'blocked checks',
      run: RUN,
      checks: [check('a', 'passed'), check('b', 'blocked', 'Setup refused'), check('c', 'blocked')],
      types: ['Blocked'],
    },
    {
      title: 'the request bound reached',
      run: { ...RUN, bound: { setting: '--max-requests 5', checks: 2 } },
      checks: [check('a', 'passed'), check('b', 'skipped', BOUND), check('c', 'skipped', BOUND)],
      types: ['RequestBound'],
    },
    {
      title: 'a failure before the bound, a blocked check and an error of its own',
      run: { ...RUN, error: 'disk on fire', bound: { setting: '--max-requests 5', checks: 1 } },
      checks: [check('a', 'failed', 'no'), check('b', 'blocked'), check('c', 'skipped', BOUND)],
      types: ['RunError', 'RequestBound', 'Blocked'],
    },
  ]
  for (const { title, run, checks, types } of cases) {
    it(`${title}: failures + errors > 0 exactly when the exit is not 0, one run-level <error> per kind`, () => {
      const failed = checks.filter((c) => c.state === 'failed').length
      const blocked = checks.filter((c) => c.state === 'blocked').length
      const verdict = catalogVerdict(run, { checks: checks.length, failed, blocked })
      const junit = buildJunit(run, checks)
      const { failures, errors } = totals(junit)
      expect(failures + errors > 0).toBe(verdict.exitCode !== 0)
      expect(failures).toBe(failed)
      expect(errors).toBe(types.length)
      for (const type of types) expect(junit.split(`type="${type}"`).length - 1).toBe(1)
      // Blocked and bound-stopped checks stay skipped, with their reason.
      expect(junit.split('<skipped message="Blocked: ').length - 1).toBe(blocked)
      expect(junit.split(`<skipped message="${BOUND}" />`).length - 1).toBe(
        checks.filter((c) => c.message === BOUND).length,
      )
    })
  }
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConformanceResult } from '../../conformance/run-conformance.ts'
import { catalogVerdict } from '../../report-format/verdict.ts'
import { printSummary } from './print.ts'

afterEach(() => vi.restoreAllMocks())

const printed = (result: ConformanceResult): string => {
  let out = ''
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  printSummary(result)
  vi.restoreAllMocks()
  return out
}

describe('the summary of a blocked run', () => {
  it('points up to the Blocked section, which is printed before the verdict', () => {
    const check = {
      name: '§4 GET /series: answers { series: [Series] }',
      group: 'Series',
      operations: ['listSeries' as const],
      state: 'blocked' as const,
      message: 'Setup refused: POST /series answered 404.',
      observations: [],
      requests: 1,
      durationMs: 1,
    }
    const out = printed({
      verdict: 'blocked',
      exitCode: 3,
      outcome: catalogVerdict({}, { checks: 1, failed: 0, blocked: 1 }),
      run: {
        baseUrl: 'http://127.0.0.1:1/api/v1',
        strict: false,
        runId: 'r',
        requests: 1,
        maxRequests: 10,
        ownMock: false,
      },
      totals: {
        checks: 1,
        passed: 0,
        failed: 0,
        blocked: 1,
        skipped: 0,
        observed: 0,
        'not-in-release': 0,
      },
      checks: [check],
      observations: [],
      requests: 1,
      reports: [],
    })
    const section = out.indexOf('\nBlocked (')
    const verdict = out.indexOf('Could not check everything')
    expect(section).toBeGreaterThan(0)
    expect(verdict).toBeGreaterThan(section)
    expect(out).toContain('see "Blocked".')
    expect(out).not.toContain('below')
  })
})

import { describe, expect, it } from 'vitest'
import { buildTrafficReport } from '../report-format/traffic-report.ts'
import type { TrafficExchange } from './exchange.ts'
import { TrafficLog } from './log.ts'
import { Recent } from './memory.ts'

const exchange: TrafficExchange = {
  method: 'POST',
  path: '/forms',
  url: 'https://api.example.com/api/v1/forms',
  requestHeaders: {
    authorization: 'Bearer $API_KEY',
    'content-type': 'application/json',
    'user-agent': 'Mozilla/5.0',
  },
  requestBody: '{"title":"It\'s mine"}',
  status: 201,
  responseHeaders: {},
  responseBody: '{}',
}
const violation = (message: string) => ({
  operationId: 'createForm' as const,
  violations: [
    {
      kind: 'violation' as const,
      operationId: 'createForm' as const,
      method: 'POST',
      path: '/forms',
      status: 201,
      message,
    },
  ],
  requestIssues: [],
  notes: ['a note'],
})

describe('the traffic log and its report', () => {
  it('keeps the first findings with a curl, and counts them all', () => {
    const log = new TrafficLog(2)
    for (const n of [1, 2, 3]) log.record(exchange, n, violation(`wrong ${n}`))
    log.record({ ...exchange, path: '/health' }, 4, {
      operationId: null,
      violations: [],
      requestIssues: [],
      notes: [],
    })
    const summary = log.summary()
    expect(summary).toMatchObject({
      exchanges: 4,
      outside: 1,
      violationCount: 3,
      operations: { createForm: { exchanges: 3, violations: 3, requestIssues: 0 } },
      notes: { 'a note': 3 },
      outsidePaths: { 'POST /health': 1 },
    })
    expect(summary.violations.map((v) => v.message)).toEqual(['wrong 1', 'wrong 2'])
    // The browser's own headers are left out; the key is a variable the shell expands.
    expect(summary.violations[0]?.curl).toBe(
      `curl -sS -i -X POST 'https://api.example.com/api/v1/forms' -H "authorization: Bearer $API_KEY" -H 'content-type: application/json' --data-binary '{"title":"It'\\''s mine"}'`,
    )
    const { json, markdown, junit } = buildTrafficReport(
      {
        kind: 'har',
        apiRoot: 'https://api.example.com/api/v1',
        from: 'x.har',
        startedAt: 'a',
        endedAt: 'b',
      },
      summary,
    )
    expect(json.traffic.violations).toHaveLength(2)
    expect(json.totals).toMatchObject({ checks: 1, failed: 1 })
    expect(markdown).toContain('**3 violations, 0 request issues** on 1 operation seen.')
    expect(markdown).toContain('| `POST /forms` createForm | 3 | **3** | 0 |')
    expect(markdown).toContain('1 more not shown here (conformance.json keeps the first 2).')
    expect(markdown).toContain('| `POST /health` | 1 |')
    expect(junit).toContain(
      '<testcase classname="traffic" name="Traffic: POST /forms (createForm)"',
    )
    expect(junit).toContain('… and 1 more')
  })

  it('remembers a bounded number of records, forgetting the least recently seen', () => {
    const recent = new Recent<{ n: number }>(2, () => ({ n: 0 }))
    recent.touch('a').n = 1
    recent.touch('b').n = 2
    recent.get('a')
    recent.touch('c')
    expect([recent.has('a'), recent.has('b'), recent.has('c'), recent.size]).toEqual([
      true,
      false,
      true,
      2,
    ])
  })
})

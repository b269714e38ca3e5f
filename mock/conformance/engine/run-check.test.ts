import { describe, expect, it } from 'vitest'
import { type Check, defineCheck } from './check.ts'
import { readEnv } from './env.ts'
import { type CheckResult, runChecks } from './run-check.ts'
import { Run } from './run-state.ts'

const BASE = 'http://127.0.0.1:9/api/v1'

/** A deployment answering GET /forms with an empty list after `delay(n)` ms for its n-th request. */
const deployment = (delay: (n: number) => number) => {
  const seen = { requests: 0, inFlight: 0, most: 0 }
  const fetchImpl: typeof fetch = async () => {
    const n = seen.requests++
    seen.inFlight += 1
    seen.most = Math.max(seen.most, seen.inFlight)
    await new Promise((resolve) => setTimeout(resolve, delay(n)))
    seen.inFlight -= 1
    return new Response('{"forms":[]}', {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { seen, fetchImpl }
}

const runAt = (concurrency: number, fetchImpl: typeof fetch) =>
  new Run(
    {
      ...readEnv({ CONTRACT_BASE_URL: BASE, CONTRACT_API_KEY: 'main-key' }),
      concurrency,
      runId: 'same',
    },
    fetchImpl,
  )

/** Check `i` lists the forms `i % 3 + 1` times, observing each answer; the fifth fails on its last. */
const checks: Check[] = Array.from({ length: 12 }, (_, i) =>
  defineCheck({
    name: `check ${i}`,
    operations: ['listForms'],
    run: async (ctx) => {
      for (let n = 0; n <= i % 3; n += 1) {
        const exchange = await ctx.api.listForms()
        ctx.success('listForms', exchange)
        ctx.observe(`question ${i}.${n}`, exchange.status, 200, exchange, 'listForms')
        if (i === 5 && n === i % 3) ctx.fail('the fifth fails', exchange)
      }
    },
  }),
)

const strip = (results: CheckResult[]) =>
  results.map(({ durationMs: _, error: __, ...result }) => result)

describe('runChecks: checks in flight at once', () => {
  it('keeps at most `concurrency` requests in flight, and more than one when it may', async () => {
    const { seen, fetchImpl } = deployment(() => 5)
    await runChecks(checks, runAt(4, fetchImpl))
    expect(seen.most).toBe(4)
    const alone = deployment(() => 5)
    await runChecks(checks, runAt(1, alone.fetchImpl))
    expect(alone.seen.most).toBe(1)
  })

  it('leaves the same results, observations and coverage as one at a time, in the order given', async () => {
    // Late answers first: the checks finish in another order than they started.
    const one = runAt(1, deployment(() => 1).fetchImpl)
    const oneResults = await runChecks(checks, one)
    const four = runAt(4, deployment((n) => (n < 6 ? 30 - n * 5 : 1)).fetchImpl)
    const called: string[] = []
    const fourResults = await runChecks(checks, four, (result, index) =>
      called.push(`${index} ${result.name}`),
    )
    expect(strip(fourResults)).toEqual(strip(oneResults))
    expect(fourResults.map((r) => r.name)).toEqual(checks.map((c) => c.name))
    expect(called).toEqual(checks.map((c, i) => `${i} ${c.name}`))
    expect(four.observations).toEqual(one.observations)
    expect(four.coverage.summary()).toEqual(one.coverage.summary())
    expect(four.requests).toBe(one.requests)
    expect(oneResults[5]?.state).toBe('failed')
  })

  it('holds the whole run to its request bound, whatever is in flight', async () => {
    const run = new Run(
      {
        ...readEnv({ CONTRACT_BASE_URL: BASE, CONTRACT_API_KEY: 'main-key' }),
        concurrency: 8,
        maxRequests: 7,
      },
      deployment(() => 2).fetchImpl,
    )
    const results = await runChecks(checks, run)
    expect(run.requests).toBe(7)
    expect(results.reduce((sum, r) => sum + r.requests, 0)).toBe(7)
    expect(results.filter((r) => r.state === 'skipped').length).toBe(run.boundStopped)
    expect(run.boundStopped).toBeGreaterThan(0)
  })
})

describe('runChecks: an error of the caller', () => {
  it('starts no check after onResult threw, lets those in flight end, then throws it', async () => {
    const { seen, fetchImpl } = deployment(() => 5)
    const run = runAt(4, fetchImpl)
    let calls = 0
    await expect(
      runChecks(checks, run, () => {
        calls += 1
        throw new Error('progress failed')
      }),
    ).rejects.toThrow('progress failed')
    expect(calls).toBe(1)
    // Nothing was left in flight, and not every check was started.
    expect(seen.inFlight).toBe(0)
    expect(run.requests).toBeLessThan(checks.reduce((sum, _, i) => sum + (i % 3) + 1, 0))
  })
})

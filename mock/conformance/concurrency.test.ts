import { describe, expect, it } from 'vitest'
import { overlapping } from '../../test/contract-selftest/same-report.ts'
import { createMock } from '../create.ts'
import { DEFAULTS, DEMO_KEYS } from './engine/env.ts'
import { mockFetch } from './explore/oracle.ts'
import { ConformanceOptionsError, conformanceEnv, runConformance } from './run-conformance.ts'

const options = { baseUrl: 'http://127.0.0.1:9/api/v1', key: 'main-key' }

/** A deployment answering every request `{}` after a few ms, counting the most in flight at once. */
const deployment = () => {
  const seen = { requests: 0, inFlight: 0, most: 0 }
  const fetchImpl: typeof fetch = async () => {
    seen.requests += 1
    seen.inFlight += 1
    seen.most = Math.max(seen.most, seen.inFlight)
    await new Promise((resolve) => setTimeout(resolve, 3))
    seen.inFlight -= 1
    return new Response('{"forms":[]}', { headers: { 'content-type': 'application/json' } })
  }
  return { seen, fetchImpl }
}

describe('runConformance: concurrency', () => {
  it('defaults to DEFAULTS.concurrency and takes a whole number from 1 to 64', () => {
    expect(conformanceEnv(options).concurrency).toBe(DEFAULTS.concurrency)
    expect(conformanceEnv({ ...options, concurrency: 1 }).concurrency).toBe(1)
    expect(conformanceEnv({ ...options, concurrency: 64 }).concurrency).toBe(64)
  })

  it.each([0, -1, 1.5, 65, Number.NaN, 1e12])(
    'refuses concurrency %s before any request',
    async (concurrency) => {
      const { seen, fetchImpl } = deployment()
      await expect(runConformance({ ...options, concurrency, fetch: fetchImpl })).rejects.toThrow(
        ConformanceOptionsError,
      )
      await expect(runConformance({ ...options, concurrency, fetch: fetchImpl })).rejects.toThrow(
        `concurrency must be a whole number from 1 to 64 (checks in flight at once; 1 sends one request at a time), got ${concurrency}.`,
      )
      expect(seen.requests).toBe(0)
    },
  )

  it("takes the deployment file's concurrency, unless the option is given", async () => {
    const lists = (check: { name: string }) => check.name.startsWith('§4 GET')
    const fromFile = deployment()
    await runConformance({
      ...options,
      filter: lists,
      deployment: { concurrency: 1 },
      fetch: fromFile.fetchImpl,
    })
    expect(fromFile.seen.requests).toBeGreaterThan(4)
    expect(fromFile.seen.most).toBe(1)
    const given = deployment()
    await runConformance({
      ...options,
      filter: lists,
      concurrency: 4,
      deployment: { concurrency: 1 },
      fetch: given.fetchImpl,
    })
    expect(given.seen.most).toBe(4)
  })

  it("runs exploration's runs as concurrently as the run's checks, one at a time at 1", async () => {
    const explored = async (concurrency: number) => {
      const mock = createMock()
      await mock.ready
      const { fetch: fetchImpl, seen } = overlapping(mockFetch(mock))
      const result = await runConformance({
        baseUrl: 'http://deployment.test/api/v1',
        key: DEMO_KEYS.main,
        concurrency,
        filter: () => false,
        explore: { runs: 12, seed: 7 },
        fetch: fetchImpl,
      })
      expect(result.exploration?.divergences).toEqual([])
      expect(result.exploration?.runsDone).toBe(12)
      return seen.most
    }
    expect(await explored(1)).toBe(1)
    const most = await explored(4)
    expect(most).toBeGreaterThan(1)
    expect(most).toBeLessThanOrEqual(4)
  })
})

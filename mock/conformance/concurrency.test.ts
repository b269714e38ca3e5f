import { describe, expect, it } from 'vitest'
import { DEFAULTS } from './engine/env.ts'
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
})

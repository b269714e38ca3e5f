import { describe, expect, it } from 'vitest'
import { createMock } from '../create.ts'
import { explorationMarkdown } from '../report-format/exploration-report.ts'
import { DEFAULTS, DEMO_KEYS } from './engine/env.ts'
import { exploreBound } from './explore/explore.ts'
import { mockFetch } from './explore/oracle.ts'
import {
  ConformanceOptionsError,
  conformanceEnv,
  exploreOptionsOf,
  runConformance,
} from './run-conformance.ts'

const options = { baseUrl: 'http://deployment.test/api/v1', key: DEMO_KEYS.main }

/** Our mock in this process, counting the requests it answers. */
const deployment = async () => {
  const mock = createMock()
  await mock.ready
  const plain = mockFetch(mock)
  const seen = { requests: 0 }
  const fetchImpl: typeof fetch = (input, init) => {
    seen.requests += 1
    return plain(input, init)
  }
  return { seen, fetchImpl }
}

/** Exploration alone (no check of the catalog), `runs` runs of seed 1 at `concurrentShare`. */
const explored = async (concurrentShare?: number) => {
  const { fetchImpl } = await deployment()
  const result = await runConformance({
    ...options,
    otherOrgKey: DEMO_KEYS.otherOrg,
    fetch: fetchImpl,
    filter: () => false,
    explore: { runs: 15, seed: 1, ...(concurrentShare === undefined ? {} : { concurrentShare }) },
  })
  const exploration = result.exploration
  if (!exploration) throw new Error('no exploration in the result')
  return exploration
}

describe("runConformance: exploration's concurrent share", () => {
  it.each([-0.1, 0.95, 1, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses explore.concurrentShare %d before any request',
    async (concurrentShare) => {
      const { seen, fetchImpl } = await deployment()
      const given = { ...options, fetch: fetchImpl, explore: { runs: 5, concurrentShare } }
      expect(() => exploreOptionsOf(given.explore)).toThrow(ConformanceOptionsError)
      await expect(runConformance(given)).rejects.toThrow(
        `explore.concurrentShare must be a fraction from 0 to 0.9 (the share of exploration's commands that send 2–4 operations at once; 0 sends one request at a time), got ${concurrentShare}.`,
      )
      expect(seen.requests).toBe(0)
    },
  )

  it("grows the default request bound by exploration's bound at the share chosen", () => {
    for (const concurrentShare of [0, 0.5]) {
      expect(
        conformanceEnv({ ...options, explore: { runs: 40, concurrentShare } }).maxRequests,
      ).toBe(DEFAULTS.maxRequests + exploreBound({ runs: 40, concurrentShare }))
    }
  })

  it('at a share of 0 sends no concurrent step, and the report says the share used', async () => {
    const off = await explored(0)
    expect(off.concurrentShare).toBe(0)
    expect(off.reach?.concurrent?.steps ?? 0).toBe(0)
    expect(off.bound.requests).toBe(exploreBound({ runs: 15, concurrentShare: 0 }))
    expect(explorationMarkdown(off).join('\n')).toContain(
      'Concurrent share 0: every command sent its requests one at a time (no concurrent step).',
    )
    // The same runs at a high share do send them: the share reached exploration.
    const high = await explored(0.5)
    expect(high.concurrentShare).toBe(0.5)
    expect(high.reach?.concurrent?.steps).toBeGreaterThan(0)
    expect(high.bound.requests).toBe(exploreBound({ runs: 15, concurrentShare: 0.5 }))
    expect(explorationMarkdown(high).join('\n')).toContain(
      'Concurrent share 0.5: about 50 % of the commands sent 2–4 operations at once',
    )
  })
})

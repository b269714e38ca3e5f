import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Run } from '../../mock/conformance/engine/run-state.ts'
import { explore, exploreBound } from '../../mock/conformance/explore/explore.ts'
import { SEQUENCE_DEVIANTS } from './deviants-sequences.ts'
import { startTarget, type Target } from './harness.ts'
import { overlapping, sameReport } from './same-report.ts'

/** The self-test's seed (explore.test.ts). */
const SEED = 20261124
const RUNS = 60

let target: Target
beforeAll(async () => {
  target = await startTarget()
})
afterAll(async () => {
  await target.close()
})

/** The same exploration over HTTP, on a fresh mock behind the self-test's proxy. */
const exploreAt = async (concurrency: number, deviant?: string) => {
  await target.reset()
  const fault = SEQUENCE_DEVIANTS.find((d) => d.name === deviant)
  if (fault) target.proxy.use(fault.make())
  const counting = overlapping(globalThis.fetch)
  const env = target.env({
    strict: false,
    maxRequests: exploreBound({ runs: RUNS }),
    runId: 'selftest-concurrency',
    concurrency,
  })
  const run = new Run(env, counting.fetch)
  // Runs in parallel, each sending one request at a time: with concurrent steps on, the order a
  // deployment serves a step's requests in may move where an outcome was first seen (never a
  // verdict); races.test.ts holds those steps.
  const result = await explore({ run, runs: RUNS, seed: SEED, concurrency, concurrentShare: 0 })
  return { run, result, most: counting.seen.most }
}

describe('exploration over HTTP reports the same at concurrency 1 and 8', () => {
  it('against the faithful mock: no divergence, the same notes, reach and coverage', async () => {
    const one = await exploreAt(1)
    const eight = await exploreAt(8)
    expect(one.most).toBe(1)
    expect(eight.most).toBeGreaterThan(1)
    expect(eight.most).toBeLessThanOrEqual(8)
    expect(eight.result.divergences).toEqual([])
    expect(eight.result.runsDone).toBe(RUNS)
    expect(sameReport(eight.result)).toEqual(sameReport(one.result))
    expect(eight.result.requests).toBe(one.result.requests)
    expect(eight.run.coverage.summary()).toEqual(one.run.coverage.summary())
  }, 300_000)

  for (const deviant of [
    'a closed form still reads as published (a state change a later read does not show)',
    'an ended session drops out of GET /sessions (a list that loses a record after a transition)',
  ]) {
    it(`against "${deviant}": the same divergence, in the same run, shrunk to the same steps`, async () => {
      const one = await exploreAt(1, deviant)
      const eight = await exploreAt(8, deviant)
      expect(eight.most).toBeGreaterThan(1)
      expect(one.result.divergences).toHaveLength(1)
      expect(sameReport(eight.result)).toEqual(sameReport(one.result))
      expect(eight.run.coverage.summary()).toEqual(one.run.coverage.summary())
    }, 300_000)
  }
})

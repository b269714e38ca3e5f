import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Run } from '../../mock/conformance/engine/run-state.ts'
import { EXPLORE_DEFAULTS, explore, exploreBound } from '../../mock/conformance/explore/explore.ts'
import { RACE_DEVIANTS } from './deviants-races.ts'
import { startTarget, type Target } from './harness.ts'

/**
 * Exploration against deployments with races (deviants-races.ts): each answers every request
 * alone as our mock does, so only operations sent at once show the fault. Each must be found
 * within the default bound with seeds 1, 2 and 3: robust, not lucky.
 */
const SEEDS = [1, 2, 3]

let target: Target
beforeAll(async () => {
  target = await startTarget()
})
afterAll(async () => {
  await target.close()
})

/** Exploration with its defaults (runs, steps, share of concurrent steps) and `seed`. */
const exploreWith = async (
  seed: number,
  concurrentShare: number = EXPLORE_DEFAULTS.concurrentShare,
) => {
  const runs = EXPLORE_DEFAULTS.runs
  const run = new Run(
    target.env({ strict: false, maxRequests: exploreBound({ runs, concurrentShare }) }),
  )
  return { run, explored: await explore({ run, runs, seed, concurrentShare }) }
}

describe('exploration against deployments with races', () => {
  for (const deviant of RACE_DEVIANTS) {
    it(`finds "${deviant.name}" with seeds ${SEEDS.join(', ')}, in a concurrent step`, async ({
      annotate,
    }) => {
      const found: string[] = []
      for (const seed of SEEDS) {
        await target.reset()
        target.proxy.use(deviant.make(() => target.mock.mock))
        const { run, explored } = await exploreWith(seed)
        expect(explored.error).toBeUndefined()
        const [divergence] = explored.divergences
        expect(divergence, `seed ${seed}: nothing found in ${explored.runsDone} runs`).toBeDefined()
        if (!divergence) return
        expect(run.requests).toBeLessThanOrEqual(explored.bound.requests)
        // The overlap survives shrinking, and the script sends those requests together.
        expect(divergence.summary).toContain('requests sent at once')
        expect(divergence.script).toContain('sent at once')
        expect(divergence.script).toMatch(/&\nwait\n/)
        const overlap = divergence.steps.filter((s) => s.together !== undefined).length
        expect(overlap).toBeGreaterThanOrEqual(2)
        found.push(
          `seed ${seed}: run ${explored.runsDone}, ${divergence.steps.length} steps (${overlap} at once), ${explored.requests} requests; ${divergence.summary.slice(0, 300)}`,
        )
      }
      await annotate(found.join('\n'))
    }, 900_000)
  }

  it('one request at a time (a share of 0) finds none of them', async ({ annotate }) => {
    const found: string[] = []
    for (const deviant of RACE_DEVIANTS) {
      await target.reset()
      target.proxy.use(deviant.make(() => target.mock.mock))
      const { explored } = await exploreWith(SEEDS[0] as number, 0)
      expect(explored.error).toBeUndefined()
      expect(explored.runsDone).toBe(EXPLORE_DEFAULTS.runs)
      found.push(...explored.divergences.map((d) => `${deviant.name}: ${d.summary}`))
    }
    expect(found).toEqual([])
    await annotate(
      `${RACE_DEVIANTS.length} deviants, ${EXPLORE_DEFAULTS.runs} runs each, none found`,
    )
  }, 900_000)
})

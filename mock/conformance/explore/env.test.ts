import { describe, expect, it } from 'vitest'
import { EnvError } from '../engine/env.ts'
import { budgetWithExploration, readExploreEnv } from './env.ts'
import { EXPLORE_DEFAULTS, exploreBound } from './explore.ts'

describe('CONTRACT_EXPLORE_CONCURRENT_SHARE', () => {
  it('sets the share of concurrent steps; unset, the default', () => {
    expect(
      readExploreEnv({ CONTRACT_EXPLORE: '20', CONTRACT_EXPLORE_CONCURRENT_SHARE: '0' }),
    ).toMatchObject({ runs: 20, concurrentShare: 0 })
    expect(
      readExploreEnv({ CONTRACT_EXPLORE: '20', CONTRACT_EXPLORE_CONCURRENT_SHARE: '0.5' }),
    ).toMatchObject({ concurrentShare: 0.5 })
    expect(readExploreEnv({ CONTRACT_EXPLORE: '20' })?.concurrentShare).toBe(
      EXPLORE_DEFAULTS.concurrentShare,
    )
  })

  it.each([['-0.1'], ['0.95'], ['NaN'], ['half']])(
    'refuses %j, naming the variable and the range',
    (raw) => {
      const read = () =>
        readExploreEnv({ CONTRACT_EXPLORE: '20', CONTRACT_EXPLORE_CONCURRENT_SHARE: raw })
      expect(read).toThrow(EnvError)
      expect(read).toThrow(
        `CONTRACT_EXPLORE_CONCURRENT_SHARE must be a fraction from 0 to 0.9 (the share of exploration's commands that send 2–4 operations at once; 0 sends one request at a time), got "${raw}".`,
      )
    },
  )

  it("adds exploration's bound at that share to the budget", () => {
    for (const share of ['0', '0.5']) {
      const vars = { CONTRACT_EXPLORE: '20', CONTRACT_EXPLORE_CONCURRENT_SHARE: share }
      expect(budgetWithExploration(1_500, readExploreEnv(vars), vars)).toBe(
        1_500 + exploreBound({ runs: 20, concurrentShare: Number(share) }),
      )
    }
    expect(exploreBound({ runs: 20, concurrentShare: 0 })).toBeLessThan(
      exploreBound({ runs: 20, concurrentShare: 0.5 }),
    )
  })
})

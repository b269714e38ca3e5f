import { demoPlan } from '../fixtures/index.ts'
import type { DemoPlan } from '../fixtures/plan.ts'
import { createMockCore, type MockCore, type MockCoreOptions } from './core/mock.ts'

export interface MockOptions extends Omit<MockCoreOptions, 'plan'> {
  /** Demo data: the seed's demo plan by default; `false` starts with the demo organizations only. */
  plan?: DemoPlan | false
}

/** A mock seeded with the demo data of `seed` (default 1), ready for any host. */
export const createMock = (options: MockOptions = {}): MockCore => {
  const { plan, ...rest } = options
  const seed = options.seed ?? 1
  const chosen =
    plan === undefined ? demoPlan(seed) : plan === false ? { ...demoPlan(seed), steps: [] } : plan
  return createMockCore({ ...rest, plan: chosen })
}

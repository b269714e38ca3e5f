import { demoOrganizations } from '../fixtures/organizations.ts'
import type { DemoPlan } from '../fixtures/plan.ts'
import { createMockCore, type MockCore, type MockCoreOptions } from './core/mock.ts'

export interface MockOptions extends Omit<MockCoreOptions, 'plan' | 'snapshot'> {
  /** Demo data: the seed's demo plan by default; `false` starts with the demo organizations only. */
  plan?: DemoPlan | false
}

/** The seed whose default demo data is precomputed in fixtures/demo-snapshot.ts. */
export const SNAPSHOT_SEED = 1

/**
 * A mock seeded with the demo data of `seed` (default 1), ready for any host. The default demo
 * loads its precomputed state (same bytes as the replay); other seeds replay their plan. Both are
 * imported on first use, so a bundler splits them off and a host loads only the one it needs.
 */
export const createMock = (options: MockOptions = {}): MockCore => {
  const { plan, ...rest } = options
  const seed = options.seed ?? 1
  if (plan === undefined && seed === SNAPSHOT_SEED) {
    const snapshot = async () => (await import('../fixtures/demo-snapshot.ts')).demoSnapshot
    return createMockCore({ ...rest, snapshot })
  }
  if (plan === undefined) {
    const replayed = async () => (await import('../fixtures/demo.ts')).demoPlan(seed)
    return createMockCore({ ...rest, plan: replayed })
  }
  const chosen = plan === false ? { seed, organizations: demoOrganizations(), steps: [] } : plan
  return createMockCore({ ...rest, plan: chosen })
}

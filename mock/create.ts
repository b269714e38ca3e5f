import type { DemoPlan } from '../contract/plan.ts'
import { buildMockCore, type MockCore, type MockCoreOptions } from './core/mock.ts'
import { releaseOption } from './core/mock-release.ts'
import type { DemoSnapshot } from './core/snapshot.ts'
import { loadWriteOperations, operations } from './operations/index.ts'
import { emptyPlan, type Scenario, scenarioStart } from './scenarios.ts'

export interface MockOptions extends Omit<MockCoreOptions, 'plan' | 'snapshot' | 'state'> {
  /** Demo data: the seed's demo plan by default; `false` starts with the demo organizations only. */
  plan?: DemoPlan | false
  /**
   * Where the mock starts and what `reset()` goes back to: `demo` (default), `empty`, `large`
   * (`{ name: 'large', counts }` to size it) or a state exported from `GET /__mock/state`.
   */
  scenario?: Scenario
}

export { SNAPSHOT_SEED } from './scenarios.ts'

/**
 * A mock with every operation (mock/operations/), from the options as they are: no demo data
 * unless `plan`, `snapshot` or `state` gives some. The core is handed the operations here, where
 * the mock is assembled, so it imports none of them.
 */
export const createMockCore = (options: MockCoreOptions = {}): MockCore =>
  buildMockCore(options, { operations, loadWrites: loadWriteOperations })

/**
 * A mock seeded with the demo data of `seed` (default 1), or the scenario asked for, ready for any
 * host. The default demo loads its precomputed state (same bytes as the replay); other seeds and
 * `large` replay their plan. Both are imported on first use, so a bundler splits them off and a
 * host loads only the one it needs. `release` answers as an earlier release of the API (§9):
 * its demo data is its part of the plan, replayed. A host that imports the precomputed demo itself
 * (fixtures/demo-snapshot.ts: its frame and a loader per part) passes it as `demo`.
 */
export const createMock = (options: MockOptions = {}, demo?: DemoSnapshot): MockCore => {
  const { plan, scenario, ...rest } = options
  if (plan !== undefined && scenario !== undefined) {
    throw new TypeError('createMock: pass `plan` or `scenario`, not both.')
  }
  const seed = options.seed ?? 1
  if (plan !== undefined) {
    return createMockCore({ ...rest, plan: plan === false ? emptyPlan(seed) : plan })
  }
  const release = releaseOption(options.release)
  return createMockCore({ ...rest, ...scenarioStart(scenario ?? 'demo', seed, release, demo) })
}

import type { OperationId } from '../../contract/index.ts'
import type { ContractEnv } from '../../mock/conformance/env.ts'
import type { ExploreResult } from '../../mock/conformance/explore/explore.ts'
import type { Observation } from '../../mock/conformance/observation.ts'
import type { RunInfo } from '../../mock/conformance/report.ts'
import type { CheckState } from '../../mock/conformance/runner.ts'

/** What each test hands the conformance reporter, through vitest's task meta. */
export interface CheckMeta {
  check: string
  group: string
  operations: readonly OperationId[]
  /** Set once the check ran; a skipped test carries `skipReason` instead. */
  state?: CheckState
  skipReason?: string
  observations?: Observation[]
  requests?: number
}

declare module 'vitest' {
  interface TaskMeta {
    contractCheck?: CheckMeta
    contractRun?: RunInfo
    contractExploration?: ExploreResult
  }
  interface ProvidedContext {
    contractEnv: ContractEnv
  }
}

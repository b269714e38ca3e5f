import type { OperationId } from '../../../contract/index.ts'
import type { ContractEnv } from './env.ts'
import type { Observation } from './observation.ts'
import type { RunInfo } from './report.ts'
import type { CheckState } from './runner.ts'

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
  }
  interface ProvidedContext {
    contractEnv: ContractEnv
  }
}

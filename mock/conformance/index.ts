/**
 * `engagement-mock/conformance`: the conformance suite's catalog and engine, as built into the
 * package. Node-only entry point (it writes reports and reads deployment files).
 */
export type { Check, CheckGroup } from './check.ts'
export { defineCheck } from './check.ts'
export { ALL_CHECKS, CATALOG } from './checks/index.ts'
export { type CleanupOutcome, cleanup } from './cleanup.ts'
export { CheckContext } from './context.ts'
export { toCurl } from './curl.ts'
export {
  type ContractEnv,
  DEFAULTS,
  DEMO_KEYS,
  EnvError,
  KEY_VARS,
  type KeyRole,
  newRunId,
  type OptionalKey,
  readEnv,
} from './env.ts'
export { BudgetExhausted, ContractFailure, type Exchange } from './failure.ts'
export type { Answer, Observation } from './observation.ts'
export { preflight } from './preflight.ts'
export { buildReport, type ReportedCheck, type RunInfo } from './report.ts'
export { Run } from './run.ts'
export { type CheckResult, type CheckState, runCheck, runChecks, skipReason } from './runner.ts'
export { writeJunitProblem, writeReports } from './write-reports.ts'

/**
 * `engagement-mock/conformance`: the conformance suite as built into the package. Node-only entry
 * point (it writes reports and reads deployment files).
 *
 * - `runConformance(options)`: the whole catalog against a deployment, a typed result.
 * - `registerConformance(runner, options)`: every check as a test of vitest, jest or node:test.
 * - The catalog and its engine, for anyone composing their own run.
 * - Passive conformance: the traffic checker (`createTrafficChecker`), its log and reports, and
 *   the validating proxy (`startTrafficProxy`) that `engagement-mock proxy` runs.
 */

export { loadDeployment } from '../deployment/load.ts'
export { DeploymentError, DeploymentFile, parseDeployment } from '../deployment/schema.ts'
export { NotOffered, spelledClient, spellRequest } from '../deployment/to-deployment.ts'
export {
  type RunningTrafficProxy,
  startTrafficProxy,
  type TrafficProxyOptions,
} from '../proxy/proxy.ts'
export {
  type AdapterOptions,
  ConformanceTestError,
  registerConformance,
  type TestRunner,
} from './adapter.ts'
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
export {
  EXPLORE_DEFAULTS,
  type ExploreDivergence,
  type ExploreOptions,
  type ExploreResult,
  explore,
  exploreBound,
} from './explore/explore.ts'
export { BudgetExhausted, ContractFailure, type Exchange, SetupBlocked } from './failure.ts'
export { type InitOptions, type InitResult, initDeployment } from './init.ts'
export { buildJunit } from './junit.ts'
export type { Answer, Observation } from './observation.ts'
export { preflight } from './preflight.ts'
export { buildReport, type ReportedCheck, type RunInfo } from './report.ts'
export { Run } from './run.ts'
export {
  type ConformanceCheck,
  type ConformanceOptions,
  ConformanceOptionsError,
  type ConformanceResult,
  type ConformanceVerdict,
  runConformance,
  VERDICT_EXIT,
} from './run-conformance.ts'
export {
  CHECK_STATES,
  type CheckResult,
  type CheckState,
  runCheck,
  runChecks,
  skipReason,
} from './runner.ts'
export {
  createTrafficChecker,
  type ExchangeVerdict,
  type TrafficChecker,
  type TrafficCheckerOptions,
} from './traffic/check-exchange.ts'
export { redactHeaders, type TrafficExchange, type TrafficFinding } from './traffic/exchange.ts'
export { type RecordedFinding, TrafficLog, type TrafficSummary } from './traffic/log.ts'
export { buildTrafficReport, type TrafficSource } from './traffic/report.ts'
export { writeTrafficReports } from './traffic/write-reports.ts'
export { REPORT_FILES, reportDir, writeReports } from './write-reports.ts'

/**
 * `engagement-mock/conformance`: the conformance suite as built into the package. Node-only entry
 * point (it writes reports and reads deployment files). It gathers the names of five folders, so
 * none of them imports another to carry them: the suite (`conformance/`), the deployment file
 * (`deployment/`), the traffic checker (`traffic/`), the proxy (`proxy/`), and the report format both
 * the suite and the checker write (`report-format/`).
 *
 * - `runConformance(options)`: the whole catalog against a deployment, a typed result.
 * - `registerConformance(runner, options)`: every check as a test of vitest, jest or node:test.
 * - The catalog and its engine, for anyone composing their own run.
 * - Passive conformance: the traffic checker (`createTrafficChecker`), its log and reports, and
 *   the validating proxy (`startTrafficProxy`) that `engagement-mock proxy` runs.
 */

import type { ExploreResult } from './conformance/explore/explore.ts'
import { explorationSection } from './report-format/exploration-report.ts'
import { buildRunReport, type ReportedCheck, type RunInfo } from './report-format/run-report.ts'
import type { Secrets } from './report-format/secrets.ts'
import { reportDir, writeRunReports } from './report-format/write-run-reports.ts'
import type { CoverageSummary } from './traffic/coverage.ts'

export { ALL_CHECKS, CATALOG } from './conformance/checks/index.ts'
export type { Check, CheckGroup } from './conformance/engine/check.ts'
export { defineCheck } from './conformance/engine/check.ts'
export { type CleanupOutcome, cleanup } from './conformance/engine/cleanup.ts'
export { CheckContext } from './conformance/engine/context.ts'
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
} from './conformance/engine/env.ts'
export {
  BudgetExhausted,
  ContractFailure,
  type Exchange,
  SetupBlocked,
} from './conformance/engine/failure.ts'
export type { Answer, Observation } from './conformance/engine/observation.ts'
export { preflight } from './conformance/engine/preflight.ts'
export {
  CHECK_STATES,
  type CheckResult,
  type CheckState,
  runCheck,
  runChecks,
  skipReason,
} from './conformance/engine/run-check.ts'
export { Run } from './conformance/engine/run-state.ts'
export {
  EXPLORE_DEFAULTS,
  type ExploreDivergence,
  type ExploreOptions,
  type ExploreResult,
  explore,
  exploreBound,
} from './conformance/explore/explore.ts'
export {
  type InitOptions,
  type InitResult,
  initDeployment,
} from './conformance/init/init-deployment.ts'
export {
  type AdapterOptions,
  ConformanceTestError,
  registerConformance,
  type TestRunner,
} from './conformance/register-conformance.ts'
export {
  type ConformanceCheck,
  type ConformanceOptions,
  ConformanceOptionsError,
  type ConformanceResult,
  type ConformanceVerdict,
  runConformance,
  VERDICT_EXIT,
} from './conformance/run-conformance.ts'
export { loadDeployment } from './deployment/load.ts'
export { DeploymentError, DeploymentFile, parseDeployment } from './deployment/schema.ts'
export { NotOffered, spelledClient, spellRequest } from './deployment/to-deployment.ts'
export {
  type RunningTrafficProxy,
  startTrafficProxy,
  type TrafficProxyOptions,
} from './proxy/proxy.ts'
export { toCurl } from './report-format/curl.ts'
export { buildJunit } from './report-format/junit.ts'
export type { ReportedCheck, RunInfo } from './report-format/run-report.ts'
export { buildTrafficReport, type TrafficSource } from './report-format/traffic-report.ts'
export { REPORT_FILES, reportDir } from './report-format/write-run-reports.ts'
export { writeTrafficReports } from './report-format/write-traffic-reports.ts'
export {
  createTrafficChecker,
  type ExchangeVerdict,
  type TrafficChecker,
  type TrafficCheckerOptions,
} from './traffic/check-exchange.ts'
export { redactHeaders, type TrafficExchange, type TrafficFinding } from './traffic/exchange.ts'
export { type RecordedFinding, TrafficLog, type TrafficSummary } from './traffic/log.ts'

// The run's reports take exploration's section as data (report-format/exploration-section.ts); the
// package's names keep taking exploration's result, made into that section here.

/** conformance.md and conformance.json of a catalog run (and of its exploration, if given). */
export const buildReport = (
  run: RunInfo,
  checks: readonly ReportedCheck[],
  exploration?: ExploreResult,
  /** What the run exercised; a run that could not start exercised nothing. */
  coverage?: CoverageSummary,
) => buildRunReport(run, checks, exploration && explorationSection(exploration), coverage)

/** Writes conformance.md, .json, .html and contract-junit.xml; returns their absolute paths. */
export const writeReports = (
  run: RunInfo,
  checks: readonly ReportedCheck[],
  dir = reportDir(),
  exploration?: ExploreResult,
  secrets?: Secrets,
  coverage?: CoverageSummary,
): Promise<string[]> =>
  writeRunReports(
    run,
    checks,
    dir,
    exploration && explorationSection(exploration),
    secrets,
    coverage,
  )

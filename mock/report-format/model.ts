import type { OperationId } from '../../contract/table.ts'
import type { RunRelease } from '../deployment/run-release.ts'

/**
 * What a report holds, whoever wrote it: a run of the catalog, or a check of observed traffic. Both
 * write the same three files (conformance.md, conformance.json, contract-junit.xml) from this.
 */

/**
 * `observed`: a profile-only check outside CONTRACT_PROFILE=strict, which records and never fails.
 * `blocked`: the deployment refused a setup step (or the deployment file says it lacks what the
 * check needs): the check could not run, which is not the same as not conforming.
 * `not-in-release`: what it checks came in a later release (§9) than the run's: nothing is sent.
 */
export type CheckState = 'passed' | 'failed' | 'skipped' | 'observed' | 'blocked' | 'not-in-release'
export const CHECK_STATES: readonly CheckState[] = [
  'passed',
  'failed',
  'blocked',
  'skipped',
  'observed',
  'not-in-release',
]

export type Answer =
  | string
  | number
  | boolean
  | null
  | readonly Answer[]
  | { [key: string]: Answer }

/** A question the reference leaves open, what the deployment answered, and the profile's answer. */
export interface Observation {
  question: string
  answer: Answer
  expected: Answer
  matches: boolean
  check: string
  operation?: OperationId
}

/** One check's outcome as the report needs it (from a vitest task's meta, or the runner directly). */
export interface ReportedCheck {
  name: string
  group: string
  operations: readonly OperationId[]
  state: CheckState
  message?: string
  /** Blocked: the deployment file keys that would let it run. */
  fix?: readonly string[]
  observations: readonly Observation[]
  requests: number
  durationMs?: number
}

export interface RunInfo {
  baseUrl: string
  strict: boolean
  runId: string
  requests: number
  maxRequests: number
  cleanupRequests?: number
  ownMock: boolean
  /** What clean-up did, in one sentence. */
  cleanup?: string
  /** Why the run could not start (server down, not JSON, key refused). */
  problem?: string
  /** An error of the run's own that stopped it part way: the checks reported ran before it. */
  error?: string
  /**
   * The run's own request bound stopped checks (before they began, or part-way): they are skipped
   * with the reason, and the run could not check everything (exit 3), whatever the deployment is.
   */
  bound?: { setting: string; checks: number }
  /** The release (§9) the deployment was held to, when one was given or it is not the latest. */
  release?: RunRelease
  /**
   * Answers that asked the run to slow down (429 or 503 with Retry-After), when there were any: the
   * run waited as told and sent the request again; none is a finding by itself.
   */
  slowDowns?: number
}

/** What every report says of the deployment's requests to slow down; undefined when there were none. */
export const slowDownSentence = (run: Pick<RunInfo, 'slowDowns'>): string | undefined =>
  run.slowDowns
    ? `The deployment asked to slow down ${run.slowDowns === 1 ? 'once' : `${run.slowDowns} times`} (429 or 503 with Retry-After): the run sent fewer requests at once, waited as told and sent those requests again.`
    : undefined

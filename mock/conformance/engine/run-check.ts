import type { OperationId } from '../../../contract/table.ts'
import { notInRelease } from '../../deployment/run-release.ts'
import { NotOffered } from '../../deployment/to-deployment.ts'
import type { CheckState, Observation } from '../../report-format/model.ts'
import type { Check } from './check.ts'
import { CheckContext } from './context.ts'
import { boundSetting, type ContractEnv, keyNamed } from './env.ts'
import { BudgetExhausted, ContractFailure, SetupBlocked } from './failure.ts'
import type { Run } from './run-state.ts'

export { CHECK_STATES, type CheckState } from '../../report-format/model.ts'

export interface CheckResult {
  name: string
  operations: readonly OperationId[]
  state: CheckState
  /** The failure message (with the curl reproduction), or why the check was skipped or blocked. */
  message?: string
  /** Blocked: the deployment file keys that would let it run. */
  fix?: readonly string[]
  observations: Observation[]
  requests: number
  durationMs: number
  /** The thrown error, so a test runner can rethrow it unchanged. */
  error?: Error
}

/** `undefined` when the check can run; else the flags (and their variables) that would enable it. */
export const skipReason = (check: Check, env: ContractEnv): string | undefined => {
  const missing = (check.needs ?? []).filter((role) => env.keys[role] === undefined)
  return missing.length === 0 ? undefined : `needs ${missing.map(keyNamed).join(' and ')}`
}

/**
 * Why a check the run's own request bound stopped is skipped: the bound is the run's choice, not
 * the deployment's failure, so the check is neither passed nor failed (the run exits 3).
 */
const boundReason = (run: Run, sent: number): string =>
  `the run's request bound (${boundSetting(run.env)}) was reached ${
    sent === 0
      ? 'before this check: not run'
      : `part-way through this check, after ${sent} of its requests: not finished`
  }; raise the bound to run it`

const asError = (thrown: unknown): Error =>
  thrown instanceof Error ? thrown : new Error(String(thrown))

/** Runs one check against the run's deployment; never throws. */
export const runCheck = async (check: Check, run: Run): Promise<CheckResult> => {
  const base = { name: check.name, operations: check.operations }
  const later = notInRelease(check, run.release)
  if (later) {
    return {
      ...base,
      state: 'not-in-release',
      message: later,
      observations: [],
      requests: 0,
      durationMs: 0,
    }
  }
  const reason = skipReason(check, run.env)
  if (reason) {
    return {
      ...base,
      state: 'skipped',
      message: reason,
      observations: [],
      requests: 0,
      durationMs: 0,
    }
  }
  if (run.bounded) {
    run.boundStopped += 1
    return {
      ...base,
      state: 'skipped',
      message: boundReason(run, 0),
      observations: [],
      requests: 0,
      durationMs: 0,
    }
  }
  const ctx = new CheckContext(run, check)
  const started = performance.now()
  const done = (state: CheckState, error?: Error): CheckResult => ({
    ...base,
    state,
    observations: ctx.observations,
    requests: ctx.requests,
    durationMs: Math.round(performance.now() - started),
    ...(error ? { error, message: error.message } : {}),
  })
  try {
    await check.run(ctx)
    return done(check.profileOnly && !run.env.strict ? 'observed' : 'passed')
  } catch (thrown) {
    const error = asError(thrown)
    if (error instanceof BudgetExhausted) {
      run.boundStopped += 1
      return { ...done('skipped'), message: boundReason(run, ctx.requests) }
    }
    if (error instanceof SetupBlocked) {
      run.blocked.push({ operations: check.operations, keys: error.keys })
      return { ...done('blocked'), message: error.message, fix: error.keys }
    }
    if (error instanceof NotOffered && !check.profileOnly) {
      run.blocked.push({ operations: check.operations, keys: [error.key] })
      return { ...done('blocked'), message: error.message, fix: [error.key] }
    }
    const observable = error instanceof ContractFailure || error instanceof NotOffered
    if (check.profileOnly && !run.env.strict && observable) {
      // Outside strict a profile question never fails; what stopped it is the observation.
      ctx.observe(check.name, `not observable: ${error.summary.split('\n').at(-1)}`, 'observable')
      return done('observed')
    }
    return done('failed', error)
  }
}

/** Runs checks one after the other: a real deployment never sees more than one request at a time. */
export const runChecks = async (checks: readonly Check[], run: Run): Promise<CheckResult[]> => {
  const results: CheckResult[] = []
  for (const check of checks) results.push(await runCheck(check, run))
  return results
}

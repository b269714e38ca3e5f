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

/** A check that ran, not yet settled: its result, and what hands its findings to the run. */
interface Ran {
  result: CheckResult
  /** Adds its observations, coverage and blocked operations to the run, after `before` requests. */
  settle: (before: number) => void
}

const ran = (result: CheckResult, settle: (before: number) => void = () => {}): Ran => ({
  result,
  settle,
})

/** Runs one check against the run's deployment, keeping what it found until it is settled; never throws. */
const runUnsettled = async (check: Check, run: Run): Promise<Ran> => {
  const base = { name: check.name, operations: check.operations }
  const later = notInRelease(check, run.release)
  if (later) {
    return ran({
      ...base,
      state: 'not-in-release',
      message: later,
      observations: [],
      requests: 0,
      durationMs: 0,
    })
  }
  const reason = skipReason(check, run.env)
  if (reason) {
    return ran({
      ...base,
      state: 'skipped',
      message: reason,
      observations: [],
      requests: 0,
      durationMs: 0,
    })
  }
  if (run.bounded) {
    run.boundStopped += 1
    return ran({
      ...base,
      state: 'skipped',
      message: boundReason(run, 0),
      observations: [],
      requests: 0,
      durationMs: 0,
    })
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
  const settled = (result: CheckResult, blocked?: readonly string[]): Ran =>
    ran(result, (before) => {
      ctx.settle(before)
      if (blocked) run.blocked.push({ operations: check.operations, keys: blocked })
    })
  try {
    await check.run(ctx)
    return settled(done(check.profileOnly && !run.env.strict ? 'observed' : 'passed'))
  } catch (thrown) {
    const error = asError(thrown)
    if (error instanceof BudgetExhausted) {
      run.boundStopped += 1
      return settled({ ...done('skipped'), message: boundReason(run, ctx.requests) })
    }
    if (error instanceof SetupBlocked) {
      return settled({ ...done('blocked'), message: error.message, fix: error.keys }, error.keys)
    }
    if (error instanceof NotOffered && !check.profileOnly) {
      return settled({ ...done('blocked'), message: error.message, fix: [error.key] }, [error.key])
    }
    const observable = error instanceof ContractFailure || error instanceof NotOffered
    if (check.profileOnly && !run.env.strict && observable) {
      // Outside strict a profile question never fails; what stopped it is the observation.
      ctx.observe(check.name, `not observable: ${error.summary.split('\n').at(-1)}`, 'observable')
      return settled(done('observed'))
    }
    return settled(done('failed', error))
  }
}

/** Hands a check's findings to the run after those of the checks settled before it. */
const settleIn = (run: Run, { result, settle }: Ran): CheckResult => {
  settle(run.settledRequests)
  run.settledRequests += result.requests
  return result
}

/** Runs one check against the run's deployment, after the checks run before it; never throws. */
export const runCheck = async (check: Check, run: Run): Promise<CheckResult> =>
  settleIn(run, await runUnsettled(check, run))

/**
 * Runs checks, up to the run's `concurrency` of them in flight at once (each sends its own
 * requests one after the other), and returns their results in the order given. Each check's
 * observations and coverage reach the run in that order too, numbered as if the checks had run one
 * after the other, so the reports are the same whatever the concurrency. `onResult` is called in
 * that order as well, as soon as a check and every one before it are done.
 */
export const runChecks = async (
  checks: readonly Check[],
  run: Run,
  onResult?: (result: CheckResult, index: number) => void,
): Promise<CheckResult[]> => {
  const done: (Ran | undefined)[] = checks.map(() => undefined)
  const results: CheckResult[] = []
  const flush = () => {
    for (let next = done[results.length]; next; next = done[results.length]) {
      const result = settleIn(run, next)
      results.push(result)
      onResult?.(result, results.length - 1)
    }
  }
  let taken = 0
  let thrown: { error: unknown } | undefined
  const worker = async () => {
    try {
      while (taken < checks.length && !thrown) {
        const index = taken++
        done[index] = await runUnsettled(checks[index] as Check, run)
        if (!thrown) flush()
      }
    } catch (error) {
      // `onResult` threw: no check starts any more, and the ones in flight end before it is thrown
      // (the caller's clean-up must see every record they create).
      thrown ??= { error }
    }
  }
  const workers = Math.max(1, Math.min(run.env.concurrency, checks.length))
  await Promise.all(Array.from({ length: workers }, worker))
  if (thrown) throw thrown.error
  return results
}

import { ContractFailure, SetupBlocked } from './failure.ts'

/**
 * Runs a judgement and records its answer in coverage: seen, or failed when the judgement failed.
 * A blocked setup step proves nothing either way and is not recorded, nor is an error that is no
 * contract failure (a bug in a check says nothing of the deployment).
 */
export const coverJudged = <T>(record: (failed: boolean) => void, judge: () => T): T => {
  let judged: T
  try {
    judged = judge()
  } catch (error) {
    if (error instanceof ContractFailure && !(error instanceof SetupBlocked)) record(true)
    throw error
  }
  record(false)
  return judged
}

import type { ActivityKind } from '../../../contract/activities.ts'
import type { OperationId } from '../../../contract/table.ts'
import type { CheckContext } from './context.ts'
import type { OptionalKey } from './env.ts'

/** One assertion of the suite, as data: the vitest file and the self-test both run the catalog. */
export interface Check {
  /** Starts with the section of the reference it traces to, e.g. `§3 Form: publish requires at least one field`. */
  name: string
  /** The operations it exercises: the columns of the conformance matrix. */
  operations: readonly OperationId[]
  /**
   * Activity kinds it sends beyond those every release has: with `operations`, what makes it
   * *not in this release* for a deployment of an earlier release (§9).
   */
  kinds?: readonly ActivityKind[]
  /** Keys beyond CONTRACT_API_KEY it needs; without them it is skipped. */
  needs?: readonly OptionalKey[]
  /**
   * It checks a choice the reference leaves open. Under CONTRACT_PROFILE=strict it asserts the
   * profile's answer; otherwise it only records what the deployment answered.
   */
  profileOnly?: boolean
  run: (ctx: CheckContext) => Promise<void>
}

export const defineCheck = (check: Check): Check => check

export interface CheckGroup {
  title: string
  checks: readonly Check[]
}

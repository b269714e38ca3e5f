import type * as z from 'zod'
import type { ErrorCondition, Issue } from '../../contract/errors.ts'

/** Why something was refused: the failure half of an `Outcome`. */
export interface Refusal {
  ok: false
  error: string
}

/**
 * A value, or why there is none: the one shape of a step that can refuse (a state, a record, a
 * change). `{ ok: true }` with the value's fields, or `{ ok: false, error }`: the shape a mock's
 * `importState` and `applyChanges` answer (docs/usage.md), so the inside and the API agree.
 * (`Result` below is another thing: an operation's HTTP answer, or the §7 condition it fails with.)
 */
export type Outcome<T extends object = Record<never, never>> = ({ ok: true } & T) | Refusal

export const refused = (error: string): Refusal => ({ ok: false, error })

/** An operation's answer: success body, or a failure the host renders in the route's error shape. */
export interface Success<B> {
  status: number
  body: B
}
export interface Failure {
  failure: true
  condition: ErrorCondition
  message: string
  issues?: Issue[]
}
export type Result<B> = Success<B> | Failure

export const isFailure = (value: Result<unknown>): value is Failure => 'failure' in value

export const fail = (condition: ErrorCondition, message: string, issues?: Issue[]): Failure => ({
  failure: true,
  condition,
  message,
  ...(issues ? { issues } : {}),
})

export const notFound = (what: string, id: string): Failure =>
  fail('not_found', `${what} ${id} was not found.`)

/** Keys named in an "Unrecognized keys" message; a body of 60,000 keys would echo all of them. */
const KEYS_NAMED = 10

const messageOf = (issue: z.core.$ZodIssue): string => {
  if (issue.code !== 'unrecognized_keys' || issue.keys.length <= KEYS_NAMED) return issue.message
  const named = issue.keys.slice(0, KEYS_NAMED).map((key) => JSON.stringify(key))
  const more = (issue.keys.length - KEYS_NAMED).toLocaleString('en-US')
  return `Unrecognized keys: ${named.join(', ')} and ${more} more`
}

export const toIssues = (error: z.ZodError, prefix: (string | number)[] = []): Issue[] =>
  error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: messageOf(issue),
  }))

/** For the plain shape, where issues travel inside the message. */
export const describeIssues = (issues: Issue[]): string =>
  issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')

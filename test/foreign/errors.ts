import type { z } from 'zod'

/** One problem with a request body, as the reference's validation shape lists it. */
export type Issue = { path: Array<string | number>; message: string }

export type Success = { type: 'success'; status: number; body?: unknown }
export type Failure = { type: 'failure'; status: number; error: string; issues: Issue[] }
export type Outcome = Success | Failure

/** Which of the reference's two error bodies an operation answers with (§7). */
export type ErrorShape = 'plain' | 'validation'

export const ok = (body: unknown, status = 200): Success => ({ type: 'success', status, body })
export const noContent = (): Success => ({ type: 'success', status: 204 })

export const fail = (status: number, error: string, issues: Issue[] = []): Failure => ({
  type: 'failure',
  status,
  error,
  issues,
})

export const notFound = (what: string) => fail(404, `${what} not found`)
export const conflict = (error: string) => fail(422, error)

export const issuesOf = (error: z.ZodError, prefix: Array<string | number> = []): Issue[] =>
  error.issues.map((issue) => ({
    path: [...prefix, ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))],
    message: issue.message,
  }))

/** A body that failed its schema: 422, and the issues spelled into the message so the plain shape still says what is wrong. */
export const invalid = (what: string, issues: Issue[]): Failure =>
  fail(
    422,
    `${what}: ${issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ')}`,
    issues,
  )

export const render = (failure: Failure, shape: ErrorShape) =>
  shape === 'validation'
    ? { error: failure.error, issues: failure.issues }
    : { error: failure.error }

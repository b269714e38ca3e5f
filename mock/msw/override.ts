import { delay, type HttpHandler, HttpResponse, http } from 'msw'
import type * as z from 'zod'
import { errorSchemas } from '../../contract/errors.ts'
import { EngagementMockError } from '../../contract/mock-error.ts'
import type { PathParams } from '../../contract/route.ts'
import { type Contract, contract, type OperationId } from '../../contract/table.ts'
import { matchRoute } from '../core/router.ts'

type Route<Id extends OperationId> = Contract[Id]

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9
type ToNumber<S> = S extends `${infer N extends number}` ? N : never
/** 400…599, as literal types: an error answer can never be typed with a success status. */
export type ErrorStatus = ToNumber<`${4 | 5}${Digit}${Digit}`>

/** What an operation answers on success: its documented status and a body of its profile schema. */
export type SuccessAnswer<Id extends OperationId> = {
  status: Route<Id>['success']['status']
  body: z.input<Route<Id>['success']['profile']>
}
/** Any error status, with a body in the operation's error shape (§7). */
export type ErrorAnswer<Id extends OperationId> = {
  status: ErrorStatus
  body: z.input<(typeof errorSchemas)[Route<Id>['errorShape']]['profile']>
}
export type OverrideAnswer<Id extends OperationId> = SuccessAnswer<Id> | ErrorAnswer<Id>

export interface OverrideRequest<Id extends OperationId> {
  request: Request
  params: PathParams<Route<Id>['path']>
}

/** Returning `undefined` lets the request through to the mock (or the next handler). */
export type OverrideResolver<Id extends OperationId> = (
  info: OverrideRequest<Id>,
) => OverrideAnswer<Id> | undefined | Promise<OverrideAnswer<Id> | undefined>

export interface OverrideOptions {
  /**
   * Only answer under this API root (absolute, or relative to the page in a browser). By default
   * an override answers its operation's path under any API root, as the mock's hosts accept any.
   */
  baseUrl?: string
}

/** An answer that does not fit the contract: the message names the operation and every path. */
export class OverrideDriftError extends EngagementMockError {
  override name = 'OverrideDriftError'
}

const describe = (issues: readonly z.core.$ZodIssue[]) =>
  issues
    .slice(0, 10)
    .map((issue) => `  - ${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('\n')

/**
 * Checks an answer against the contract's profile layer: the success schema at the documented
 * status, or the operation's error shape at 400–599. Returns the body to send (the parsed one, so
 * defaults the schema fills are there) or throws an OverrideDriftError.
 */
export const checkAnswer = <Id extends OperationId>(id: Id, answer: unknown): unknown => {
  const route = contract[id]
  if (route === undefined) throw new OverrideDriftError(`override: no operation "${String(id)}".`)
  const head = `override('${id}')`
  if (typeof answer !== 'object' || answer === null || !('status' in answer)) {
    throw new OverrideDriftError(`${head} must answer { status, body }; got ${String(answer)}.`)
  }
  const { status, body } = answer as { status: unknown; body: unknown }
  if (status === route.success.status) {
    const parsed = route.success.profile.safeParse(body)
    if (parsed.success) return parsed.data
    throw new OverrideDriftError(
      `${head} answered ${status} with a body that drifts from the contract (${id} success, profile layer):\n${describe(parsed.error.issues)}`,
    )
  }
  if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599) {
    const parsed = errorSchemas[route.errorShape].profile.safeParse(body)
    if (parsed.success) return parsed.data
    throw new OverrideDriftError(
      `${head} answered ${status} with a body that is not ${id}'s error shape ("${route.errorShape}", §7):\n${describe(parsed.error.issues)}`,
    )
  }
  throw new OverrideDriftError(
    `${head} answered status ${String(status)}: ${id} succeeds with ${route.success.status} and fails with 400–599.`,
  )
}

/** `/forms/{id}` → `/forms/:id`, msw's placeholder syntax. */
const mswPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

/**
 * An msw handler for one operation. Without a base URL it matches the operation's path under any
 * root, then confirms with the mock's own router that the rest of the path is that operation (so
 * `getForm` never answers `/forms/reorder`-like paths of another operation).
 */
const handlerFor = <Id extends OperationId>(
  id: Id,
  options: OverrideOptions,
  answer: (info: OverrideRequest<Id>) => Promise<Response | undefined>,
): HttpHandler => {
  const route = contract[id]
  if (route === undefined) throw new OverrideDriftError(`override: no operation "${String(id)}".`)
  const root =
    options.baseUrl === undefined
      ? '*'
      : new URL(
          options.baseUrl,
          typeof location === 'undefined' ? undefined : location.href,
        ).href.replace(/\/+$/, '')
  const method = route.method.toLowerCase() as 'get' | 'post' | 'patch' | 'put' | 'delete'
  return http[method](`${root}${mswPath(route.path)}`, async ({ request }) => {
    const pathname = new URL(request.url).pathname
    // The shortest tail of the path that the router reads as this operation.
    for (let at = pathname.indexOf('/'); at >= 0; at = pathname.indexOf('/', at + 1)) {
      const match = matchRoute(request.method, pathname.slice(at))
      if (match.kind === 'operation' && match.id === id) {
        return answer({ request, params: match.params as OverrideRequest<Id>['params'] })
      }
    }
    return undefined
  })
}

const send = (status: number, body: unknown) =>
  HttpResponse.json(body as Record<string, unknown>, { status })

/**
 * A typed, contract-checked msw handler for one operation: `worker.use(override('listForms',
 * () => ({ status: 200, body: { forms: [] } })))`. The answer is typed from the contract and
 * checked at run time against the operation's profile schema (success) or its error shape; a
 * drifting answer throws an OverrideDriftError naming each path that does not fit — at once for a
 * fixed answer, on the request for a function (msw then answers 500 and logs it).
 */
const overrideOf = <Id extends OperationId>(
  id: Id,
  answer: OverrideAnswer<Id> | OverrideResolver<Id>,
  options: OverrideOptions = {},
): HttpHandler => {
  if (typeof answer !== 'function') {
    const body = checkAnswer(id, answer)
    return handlerFor(id, options, async () => send(answer.status, body))
  }
  return handlerFor(id, options, async (info) => {
    const given = await answer(info)
    if (given === undefined) return undefined
    // A drift thrown here: msw logs it and answers 500 with its message.
    return send(given.status, checkAnswer(id, given))
  })
}

/** `override.status('getForm', 503)`: that status, in the operation's documented error shape. */
const statusOf = <Id extends OperationId>(
  id: Id,
  status: ErrorStatus,
  message = `Forced by override.status('${id}', ${status}).`,
  options: OverrideOptions = {},
): HttpHandler => {
  const route = contract[id]
  const body =
    route?.errorShape === 'validation' ? { error: message, issues: [] } : { error: message }
  return overrideOf(id, { status, body } as OverrideAnswer<Id>, options)
}

/** `override.delay('listForms', 2000)`: the mock's own answer, that many milliseconds later. */
const delayOf = <Id extends OperationId>(
  id: Id,
  ms: number,
  options: OverrideOptions = {},
): HttpHandler => {
  if (!Number.isFinite(ms) || ms < 0) {
    throw new RangeError(`override.delay('${id}', ${ms}): the delay must be a number of ms ≥ 0.`)
  }
  return handlerFor(id, options, async () => {
    await delay(ms)
    return undefined
  })
}

export const override = Object.assign(overrideOf, { status: statusOf, delay: delayOf })

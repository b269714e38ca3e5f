import type * as z from 'zod'
import { LIMITS } from '../../contract/common.ts'
import {
  ERROR_CONDITIONS,
  type ErrorCondition,
  type ErrorShape,
  errorSchemas,
  type Issue,
} from '../../contract/errors.ts'
import type { ReleaseTable } from '../../contract/release-table.ts'
import type { OperationId } from '../../contract/table.ts'
import type { Operations } from './context.ts'
import type { IdSource } from './ids.ts'
import { nestsDeeperThan } from './json-depth.ts'
import { describeIssues, type Failure, fail, isFailure, toIssues } from './result.ts'
import { type Match, matchRoute } from './router.ts'
import { COLLECTIONS, NotFilled, type Store } from './store.ts'

/** A request as every host sees it: path relative to the API root, lower-case header names, raw body. */
export interface MockRequest {
  method: string
  path: string
  headers: Record<string, string | undefined>
  body?: string
}
export interface MockResponse {
  status: number
  body: unknown
  /** `body` serialised; hosts send exactly these bytes. */
  text: string
  headers: Record<string, string>
}

export interface DispatchEnv {
  store: Store
  ids: IdSource
  clock: () => string
  publicBase: string
  operations: Operations
  /** Check every answer against the table's profile schemas; a drift becomes a loud 500. */
  validateResponses: boolean
  onInternalError: (error: unknown, request: MockRequest) => void
  /** Runs writes one at a time, so no two requests interleave on the same record. */
  exclusive: <T>(task: () => Promise<T>) => Promise<T>
  /** An earlier release's endpoint table (contract/release-table.ts); absent: the latest. */
  table?: ReleaseTable
}

export const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' }
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i
const BEARER = /^Bearer[ ]+([^\s]+)\s*$/i
const encoder = new TextEncoder()

const respond = (status: number, body: unknown, text = JSON.stringify(body)): MockResponse => ({
  status,
  body,
  text,
  headers: JSON_HEADERS,
})

/** One helper per error shape (§7): the message always, the issues only where the shape has them. */
export const errorResponse = (
  shape: ErrorShape,
  status: number,
  message: string,
  issues: Issue[] = [],
) =>
  shape === 'validation'
    ? respond(status, { error: message, issues })
    : respond(status, { error: issues.length ? `${message} ${describeIssues(issues)}` : message })

const failureResponse = (
  shape: ErrorShape,
  failure: Failure,
  status = ERROR_CONDITIONS[failure.condition].status,
) => errorResponse(shape, status, failure.message, failure.issues)

const failWith = (shape: ErrorShape, condition: ErrorCondition, message: string) =>
  failureResponse(shape, fail(condition, message))

/** Every host refuses an oversize body before anything else, as express's body limit does. */
export const bodyTooLarge = (raw: string) =>
  raw.length > LIMITS.bodyBytes / 3 && encoder.encode(raw).length > LIMITS.bodyBytes

export const tooLargeMessage = `The body is larger than ${LIMITS.bodyBytes / 1024 / 1024} MiB.`

/**
 * Reads and validates the body of a route that takes one; a Failure when it cannot be used.
 * `value` is the schema's output (defaults filled in), `sent` the JSON as it came.
 */
export const readBody = (
  schema: z.ZodType,
  request: MockRequest,
): { value: unknown; sent: unknown } | Failure => {
  const raw = request.body ?? ''
  let value: unknown
  if (raw.trim() !== '') {
    if (!JSON_TYPE.test(request.headers['content-type'] ?? '')) {
      return fail(
        'unsupported_media_type',
        'Send the body as JSON with "Content-Type: application/json".',
      )
    }
    if (nestsDeeperThan(raw, LIMITS.bodyDepth)) {
      return fail(
        'invalid_body',
        `The body nests arrays and objects more than ${LIMITS.bodyDepth} levels deep.`,
      )
    }
    try {
      value = JSON.parse(raw)
    } catch (error) {
      return fail(
        'malformed_json',
        `The body is not valid JSON: ${(error as Error).message.replace(/\.$/, '')}.`,
      )
    }
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const message =
      value === undefined ? 'A JSON body is required.' : 'The request body is invalid.'
    return fail('invalid_body', message, toIssues(parsed.error))
  }
  return { value: parsed.data, sent: value }
}

/** A body as its route reads it: its value and JSON as sent, or why it cannot be used. */
export type BodyRead = { value: unknown; sent: unknown } | Failure

/**
 * What is read of a request before it is answered, once: its route and its body. The dispatcher
 * answers from it and the request journal keeps it (request-journal.ts), so neither reads again.
 */
export interface RequestReading {
  match: Match
  /** Over the body limit: refused before anything else, its body never read. */
  tooLarge: boolean
  /** Where an operation matched and takes a body (not over the limit): that body, read. */
  body: BodyRead | undefined
}

/** Reads a request's route (in `table`'s release) and body; pure, so it can be read ahead of answering. */
export const readRequest = (request: MockRequest, table?: ReleaseTable): RequestReading => {
  const match = matchRoute(request.method, request.path, table)
  const tooLarge = request.body !== undefined && bodyTooLarge(request.body)
  const body =
    match.kind === 'operation' && match.route.body && !tooLarge
      ? readBody(match.route.body.profile, request)
      : undefined
  return { match, tooLarge, body }
}

/**
 * Runs a read, storing any collection it finds not stored yet (`NotFilled`) and running it again:
 * a read changes nothing, so a second run answers as the first would have on a complete store.
 * Each collection is stored once, so this ends after at most one run per collection.
 */
const filledRead = async <T>(read: () => Promise<T>): Promise<T> => {
  for (let tries = 0; ; tries++) {
    try {
      return await read()
    } catch (error) {
      if (!(error instanceof NotFilled) || tries >= COLLECTIONS.length) throw error
      await error.store.fill([error.collection])
    }
  }
}

/**
 * The API key of an Authorization header. A client sends the same header with every request, so
 * the last header's answer is kept: the same text gives the same key without a regex match.
 */
let lastAuthorization: string | undefined
let lastKey: string | undefined
const bearerKey = (authorization: string): string | undefined => {
  if (authorization !== lastAuthorization) {
    lastKey = BEARER.exec(authorization)?.[1]
    lastAuthorization = authorization
  }
  return lastKey
}

export const createDispatcher = (env: DispatchEnv) => {
  /** Serialised list bodies per organization, dropped whenever that organization writes. */
  const listCache = new Map<string, Map<OperationId, string>>()
  /**
   * Counts writes and invalidations. A list body is cached only if none happened while it was
   * built, so a read that overlapped a write can never store the pre-write body.
   */
  let changes = 0
  const dropLists = (orgId?: string) => {
    changes += 1
    if (orgId === undefined) listCache.clear()
    else listCache.delete(orgId)
  }

  /** `read`: the request's body read ahead (`readRequest`); absent, it is read here when needed. */
  const run = async (
    request: MockRequest,
    match: Match,
    locked: boolean,
    read: BodyRead | undefined,
  ): Promise<MockResponse> => {
    if (match.kind === 'none') {
      return errorResponse(
        'plain',
        404,
        `No operation matches ${request.method} ${request.path}; see /openapi.json.`,
      )
    }
    if (match.kind === 'wrong_method') {
      const response = errorResponse(
        'plain',
        405,
        `${request.path} does not accept ${request.method}; it accepts ${match.allowed.join(', ')}.`,
      )
      return { ...response, headers: { ...response.headers, allow: match.allowed.join(', ') } }
    }
    const { id, route, params } = match
    const shape = route.errorShape

    const authorization = request.headers.authorization
    if (!authorization) {
      return failWith(
        shape,
        'unauthorized',
        'Missing Authorization header; send "Authorization: Bearer <API key>".',
      )
    }
    const key = bearerKey(authorization)
    if (!key)
      return failWith(
        shape,
        'unauthorized',
        'Malformed Authorization header; expected "Bearer <API key>".',
      )
    const org = env.store.orgByKey(key)
    if (!org) return failWith(shape, 'unauthorized', 'Unknown API key.')
    if (route.entitlement && !org.entitlements.includes(route.entitlement)) {
      return failWith(
        shape,
        'missing_entitlement',
        `This organization lacks the "${route.entitlement}" entitlement that ${route.method} ${route.path} requires.`,
      )
    }

    let body: unknown
    if (route.body) {
      const given = read ?? readBody(route.body.profile, request)
      if ('failure' in given) return failureResponse(shape, given)
      body = given.value
    }

    const cacheable = route.list && route.method === 'GET' && !route.path.includes('{')
    if (cacheable) {
      const cached = listCache.get(org.id)?.get(id)
      if (cached !== undefined)
        return {
          status: route.success.status,
          body: undefined,
          text: cached,
          headers: JSON_HEADERS,
        }
    }

    const operation = env.operations[id] as (ctx: object) => ReturnType<Operations[OperationId]>
    const invoke = () =>
      Promise.resolve(
        operation({
          store: env.store,
          ids: env.ids,
          org,
          now: env.clock(),
          publicBase: env.publicBase,
          params,
          body,
        }),
      )
    const writes = route.method !== 'GET'
    const changesBefore = changes
    let result: Awaited<ReturnType<typeof invoke>>
    try {
      if (writes) {
        // A write runs on a complete store: it may touch any collection, and its new identifiers
        // must not repeat one in any collection. It is not run twice (it draws identifiers).
        const write = () => (env.store.complete ? invoke() : env.store.fillAll().then(invoke))
        result = await (locked ? write() : env.exclusive(write))
      } else result = await filledRead(invoke)
    } finally {
      // Also when the operation threw: it may have changed the store before it failed.
      if (writes) dropLists(org.id)
    }
    if (isFailure(result)) return failureResponse(shape, result)

    const response = respond(result.status, result.body)
    if (cacheable && changes === changesBefore) {
      const perOrg = listCache.get(org.id) ?? new Map<OperationId, string>()
      perOrg.set(id, response.text)
      listCache.set(org.id, perOrg)
    }
    return response
  }

  const verify = (request: MockRequest, match: Match, response: MockResponse): MockResponse => {
    if (match.kind !== 'operation') return response
    const body = response.body === undefined ? JSON.parse(response.text) : response.body
    const schema =
      response.status === match.route.success.status
        ? match.route.success.profile
        : errorSchemas[match.route.errorShape].profile
    const checked = schema.safeParse(body)
    if (checked.success) return response
    throw new Error(
      `Contract drift: ${request.method} ${request.path} answered ${response.status} with a body the table does not allow: ${describeIssues(toIssues(checked.error))}`,
    )
  }

  return {
    /**
     * `locked`: the caller already holds the write lock (seeding), so writes run directly.
     * `reading`: the request as `read` read it (for the journal); absent, it is read here.
     */
    async handle(
      request: MockRequest,
      options?: { locked?: boolean },
      reading?: RequestReading,
    ): Promise<MockResponse> {
      let match = reading?.match
      try {
        match ??= matchRoute(request.method, request.path, env.table)
        // No default `{}`: an object per request for a flag only seeding sets.
        const response = await run(request, match, options?.locked ?? false, reading?.body)
        return env.validateResponses ? verify(request, match, response) : response
      } catch (error) {
        env.onInternalError(error, request)
        match ??= matchRoute(request.method, request.path, env.table)
        const shape = match.kind === 'operation' ? match.route.errorShape : 'plain'
        return errorResponse(
          shape,
          500,
          'The mock failed unexpectedly while handling this request; it keeps serving.',
        )
      }
    },
    /** Reads a request's route and body ahead of answering it, in this mock's release. */
    read: (request: MockRequest): RequestReading => readRequest(request, env.table),
    /** Drops every cached body: after imports, resets and direct store writes. */
    invalidate: dropLists,
    /**
     * Renders an error the host met before dispatch (e.g. a body over the limit) in the route's
     * shape; `match`: the route already matched, if it was.
     */
    reject(
      method: string,
      path: string,
      condition: ErrorCondition,
      message: string,
      match: Match = matchRoute(method, path, env.table),
    ): MockResponse {
      const shape = match.kind === 'operation' ? match.route.errorShape : 'plain'
      return failureResponse(shape, fail(condition, message))
    },
  }
}
export type Dispatcher = ReturnType<typeof createDispatcher>

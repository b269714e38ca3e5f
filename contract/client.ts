import type * as z from 'zod'
import { endpoints } from './endpoints.ts'
import type { PlainError, ValidationError } from './errors.ts'
import { ANSWER_DEPTH, nestsDeeperThan, tooDeep } from './json-depth.ts'
import { fillPath, type Layered, type Method, type PathParamNames, type RouteDef } from './route.ts'
import type { Contract, OperationId } from './table.ts'

export interface ClientOptions {
  /** API root including the prefix, e.g. `http://localhost:4010/api/v1`. */
  baseUrl: string
  apiKey?: string
  fetch?: typeof fetch
  /** Per-request time-out; a request that takes longer resolves with status 0 and `error`. */
  timeoutMs?: number
  /**
   * Answers longer than this many bytes are read that far, not parsed, and `unread` says so
   * (default: no bound). The conformance tools set one: a deployment's answer must not exhaust memory.
   */
  maxAnswerBytes?: number
}

/** What was sent, so a caller can print it again (e.g. as curl). */
export interface SentRequest {
  method: Method
  url: string
  headers: Record<string, string>
  body?: string
}

interface ResponseBase {
  status: number
  headers: Headers
  /** The raw body text; `body` is its JSON parse, or undefined when it is not JSON. */
  text: string
  request: SentRequest
  /** Set when nothing usable came back: network failure, time-out. */
  error?: string
  /**
   * Why a body that came back was not parsed: nested deeper than ANSWER_DEPTH levels (recursive
   * code reading it would overflow the stack), or longer than `maxAnswerBytes`.
   */
  unread?: string
}
export type ClientResponse<R extends RouteDef> =
  | (ResponseBase & { ok: true; body: z.output<R['success']['profile']> })
  | (ResponseBase & { ok: false; body: PlainError | ValidationError | unknown })

type ParamsArg<R extends RouteDef> = [PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : { params: { [K in PathParamNames<R['path']>]: string } }
type BodyArg<R extends RouteDef> = R['body'] extends Layered
  ? { body: z.input<R['body']['profile']> }
  : { body?: undefined }
export type CallArgs<R extends RouteDef> = ParamsArg<R> &
  BodyArg<R> & { headers?: Record<string, string> }

type IsEmpty<T> = keyof { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } extends never
  ? true
  : false
type Method_<R extends RouteDef> =
  IsEmpty<CallArgs<R>> extends true
    ? (args?: CallArgs<R>) => Promise<ClientResponse<R>>
    : (args: CallArgs<R>) => Promise<ClientResponse<R>>

/** Any request, typed or not: bad bodies, raw text, other keys. The conformance suite's escape hatch. */
export interface RawRequest {
  method: Method
  /** Path relative to the API root; `{name}` placeholders are filled from `params`. */
  path: string
  params?: Record<string, string>
  body?: unknown
  /** Sent as is, instead of JSON-encoding `body`. */
  rawBody?: string
  headers?: Record<string, string>
  /** `false` sends no Authorization header; a string replaces the API key. */
  auth?: false | string
}

export type Client = { [K in OperationId]: Method_<Contract[K]> } & {
  raw: (request: RawRequest) => Promise<ResponseBase & { ok: boolean; body: unknown }>
}

/**
 * One typed method per operation of the endpoint table. Never throws on an HTTP status:
 * `{ ok, status, body }` is returned for every answer, and network failures resolve with status 0.
 */
export const createClient = (options: ClientOptions): Client => {
  // Looked up per call: msw and other interceptors replace globalThis.fetch after a client is made.
  const doFetch: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init)
  const root = options.baseUrl.replace(/\/+$/, '')

  const send = async (req: RawRequest, successStatus?: number) => {
    const headers: Record<string, string> = { accept: 'application/json' }
    const auth = req.auth === undefined ? options.apiKey : req.auth
    if (auth) headers.authorization = `Bearer ${auth}`
    let body: string | undefined
    if (req.rawBody !== undefined) body = req.rawBody
    else if (req.body !== undefined) body = JSON.stringify(req.body)
    if (body !== undefined) headers['content-type'] = 'application/json'
    Object.assign(headers, req.headers)
    let url: string
    try {
      url = root + fillPath(req.path, req.params ?? {})
    } catch (cause) {
      const request: SentRequest = { method: req.method, url: root + req.path, headers }
      const error = `Request not sent: ${(cause as Error).message}`
      return {
        ok: false,
        status: 0,
        headers: new Headers(),
        text: '',
        body: undefined,
        request,
        error,
      }
    }
    const request: SentRequest = {
      method: req.method,
      url,
      headers,
      ...(body === undefined ? {} : { body }),
    }
    const signal =
      options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs)
    try {
      const res = await doFetch(url, {
        method: req.method,
        headers,
        ...(body === undefined ? {} : { body }),
        ...(signal ? { signal } : {}),
      })
      const read = await readAnswer(res, options.maxAnswerBytes)
      const { text } = read
      let parsed: unknown
      let unread = read.unread
      if (unread === undefined && nestsDeeperThan(text, ANSWER_DEPTH))
        unread = tooDeep(ANSWER_DEPTH)
      if (unread === undefined) {
        try {
          parsed = text === '' ? undefined : JSON.parse(text)
        } catch {
          parsed = undefined
        }
      }
      const ok =
        unread === undefined &&
        (successStatus === undefined ? res.ok : res.status === successStatus)
      return {
        ok,
        status: res.status,
        headers: res.headers,
        text,
        body: parsed,
        request,
        ...(unread === undefined ? {} : { unread }),
      }
    } catch (cause) {
      const error =
        cause instanceof Error && cause.name === 'TimeoutError'
          ? `No answer within ${options.timeoutMs} ms`
          : `Request failed: ${cause instanceof Error ? cause.message : String(cause)}`
      return {
        ok: false,
        status: 0,
        headers: new Headers(),
        text: '',
        body: undefined,
        request,
        error,
      }
    }
  }

  const client: Record<string, unknown> = { raw: (request: RawRequest) => send(request) }
  // The zod-free endpoint table, not the contract: an app using only the client bundles no schema.
  for (const [id, route] of Object.entries(endpoints)) {
    client[id] = (
      args: {
        params?: Record<string, string>
        body?: unknown
        headers?: Record<string, string>
      } = {},
    ) =>
      send(
        {
          method: route.method,
          path: route.path,
          ...(args.params ? { params: args.params } : {}),
          ...(args.body === undefined ? {} : { body: args.body }),
          ...(args.headers ? { headers: args.headers } : {}),
        },
        route.status,
      )
  }
  return client as Client
}

/** The body's text, up to `limit` bytes: past it the rest is cancelled, and `unread` says why. */
export const readAnswer = async (
  res: Response,
  limit: number | undefined,
): Promise<{ text: string; unread?: string }> => {
  if (limit === undefined || !res.body) return { text: await res.text() }
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (size + value.byteLength > limit) {
      chunks.push(value.subarray(0, limit - size))
      await reader.cancel()
      const text = new TextDecoder().decode(concat(chunks))
      return { text, unread: `answer longer than ${limit} bytes: not checked further` }
    }
    chunks.push(value)
    size += value.byteLength
  }
  return { text: new TextDecoder().decode(concat(chunks)) }
}

const concat = (chunks: readonly Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0))
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}

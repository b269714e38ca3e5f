import type { IncomingMessage, ServerResponse } from 'node:http'
// Node's own, not the globals: a test's fake timers (which replace the globals) must not hold answers.
import { nextTick } from 'node:process'
import { setImmediate } from 'node:timers'
import type { Request, RequestHandler, Response } from 'express'
import { API_PREFIX, LIMITS } from '../../contract/common.ts'
import type { ErrorCondition } from '../../contract/errors.ts'
import { JSON_HEADERS, type MockResponse, tooLargeMessage } from '../core/dispatch.ts'
import type { MockCore } from '../core/mock.ts'
import { announcedTooLarge, discardRest } from './oversize.ts'

/** What every answer carries, so any origin may call the mock and read a 405's `allow`. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'allow',
} as const

/** Any origin may call the mock, Authorization included, so a dev server on another port works. */
export const allowAnyOrigin = (req: IncomingMessage, res: ServerResponse): boolean => {
  for (const [name, value] of Object.entries(CORS_HEADERS)) res.setHeader(name, value)
  if (req.method !== 'OPTIONS') return false
  res.setHeader('access-control-allow-methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS')
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'authorization, content-type, prefer',
  )
  res.setHeader('access-control-max-age', '600')
  res.writeHead(204).end()
  return true
}
export const cors: RequestHandler = (req, res, next) => {
  if (!allowAnyOrigin(req, res)) next()
}

export const sendJson = (
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { ...JSON_HEADERS, ...headers }).end(text)
}

/** What every API answer carries: allowAnyOrigin's two headers, then the JSON type. */
const API_HEADERS: Readonly<Record<string, string>> = { ...CORS_HEADERS, ...JSON_HEADERS }

/**
 * An API answer: the same header lines, in the same order, as allowAnyOrigin followed by sendJson
 * wrote, but given to node in one object. Headers set one by one (setHeader) make node validate
 * and store each one, then merge the object's into them: three header calls per answer, each
 * allocating. `headers` beyond the JSON type (a 405's `allow`) follow, as they did.
 */
const sendApiJson = (
  res: ServerResponse,
  status: number,
  text: string,
  headers?: Record<string, string>,
) => {
  let lines = API_HEADERS
  if (headers) {
    for (const name in headers) {
      if (headers[name] !== API_HEADERS[name]) {
        lines = { ...API_HEADERS, ...headers }
        break
      }
    }
  }
  res.writeHead(status, lines).end(text)
}

/**
 * body-parser (through express) reads bodies; loaded with the first request that has one, so a
 * start and a GET load neither express nor its encodings tables.
 */
let bodyReader: Promise<RequestHandler> | undefined
const readBody = () =>
  (bodyReader ??= import('express').then(({ default: express }) =>
    express.raw({ type: () => true, limit: LIMITS.bodyBytes }),
  ))

/** The path below the API prefix, or undefined for a request outside the API. */
export const apiPath = (url: string): string | undefined => {
  if (!url.startsWith(API_PREFIX)) return undefined
  const end = url.indexOf('?')
  const path = url.slice(API_PREFIX.length, end === -1 ? undefined : end)
  return path === '' || path.startsWith('/') ? path : undefined
}

export type ApiHandler = (req: IncomingMessage, res: ServerResponse, path: string) => void

/**
 * The API over node:http: CORS, the announced size, the body (read by body-parser, which also
 * inflates gzip, deflate and br), then the mock. It needs no router, so `startServer` hands API
 * requests to it directly and express never sees them: the mock is never the slow part of a run.
 */
export const createApiHandler = (mock: MockCore): ApiHandler => {
  /** The route's own error shape for what the host meets before dispatch (size, encoding). */
  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    condition: ErrorCondition,
    message: string,
  ) => {
    const response = mock.reject(req.method ?? 'GET', path, condition, message)
    sendApiJson(res, response.status, response.text)
  }

  /**
   * Errors of reading the body: the client's fault (4xx) gets the route's error shape and no log;
   * anything else is the host's fault, logged once.
   */
  const unreadable = (
    error: { type?: string; status?: number },
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ) => {
    if (error.type === 'entity.too.large') {
      refuse(req, res, path, 'payload_too_large', tooLargeMessage)
    } else if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
      refuse(req, res, path, 'unsupported_media_type', 'Send the body as UTF-8 JSON.')
    } else if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      refuse(
        req,
        res,
        path,
        'malformed_json',
        'The body could not be read; if it is compressed, send a valid gzip, deflate or br stream.',
      )
    } else {
      console.error('[mock] request failed before dispatch:', error)
      refuse(req, res, path, 'internal', 'The mock could not read this request; it keeps serving.')
    }
  }

  /** mock.handle answers its own faults; this is the host failing to send. Never crash for it. */
  const fault = (error: unknown, req: IncomingMessage, res: ServerResponse, path: string) => {
    console.error('[mock] could not answer a request:', error)
    if (!res.headersSent) {
      refuse(req, res, path, 'internal', 'The mock failed to answer; it keeps serving.')
    } else res.destroy()
  }

  /**
   * Answers computed and not sent yet: sent together once the microtasks that computed them have
   * run (nextTick runs after the microtask queue drains), so the mock's code runs back to
   * back instead of taking turns with the kernel's network code over the same CPU caches.
   */
  const outbox: (() => void)[] = []
  const sendAll = () => {
    for (const send of outbox.splice(0)) send()
  }
  const dispatch = async (
    req: IncomingMessage & { body?: unknown },
    res: ServerResponse,
    path: string,
  ) => {
    let response: MockResponse
    try {
      const method = req.method ?? 'GET'
      const headers = req.headers as Record<string, string | undefined>
      response = await mock.handle(
        Buffer.isBuffer(req.body)
          ? { method, path, headers, body: req.body.toString('utf8') }
          : { method, path, headers },
      )
    } catch (error) {
      fault(error, req, res, path)
      return
    }
    const send = () => {
      try {
        sendApiJson(res, response.status, response.text, response.headers)
      } catch (error) {
        fault(error, req, res, path)
      }
    }
    if (outbox.push(send) === 1) nextTick(sendAll)
  }

  /**
   * Requests read in this turn of the event loop (one per connection with data), answered together
   * once the turn has read them all (setImmediate runs after the poll phase). Measured over HTTP
   * under a 10-connection POST load: a mock.handle run right after the kernel's receive and
   * node:http's parsing took ~110 µs, the same call run again right after it ~70 µs.
   */
  const inbox: [IncomingMessage, ServerResponse, string][] = []
  const answerAll = () => {
    for (const [req, res, path] of inbox.splice(0)) void dispatch(req, res, path)
  }
  const answer = (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (inbox.push([req, res, path]) === 1) setImmediate(answerAll)
  }

  return (req, res, path) => {
    // A preflight is answered here; every other answer carries the same headers (sendApiJson).
    if (req.method === 'OPTIONS') {
      allowAnyOrigin(req, res)
      return
    }
    // A request without a body (most GETs) skips the body reader altogether.
    if (
      req.headers['content-length'] === undefined &&
      req.headers['transfer-encoding'] === undefined
    ) {
      answer(req, res, path)
      return
    }
    if (announcedTooLarge(req)) {
      refuse(req, res, path, 'payload_too_large', tooLargeMessage)
      discardRest(req)
      return
    }
    readBody().then(
      (read) =>
        read(req as Request, res as Response, (error?: unknown) => {
          if (error) unreadable(error as { type?: string; status?: number }, req, res, path)
          else answer(req, res, path)
        }),
      (error: unknown) => unreadable(error as { status?: number }, req, res, path),
    )
  }
}

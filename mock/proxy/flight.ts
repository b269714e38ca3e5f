import type { IncomingMessage } from 'node:http'
import type { Secrets } from '../report-format/secrets.ts'
import { redactHeaders, type TrafficExchange, underRoot } from '../traffic/exchange.ts'
import { BodyTap } from './body-tap.ts'

/** One exchange in flight. */
export interface Flight {
  index: number
  /** When the request came (ms since the epoch). */
  started: number
  /** Under the API root; undefined for a path outside it (forwarded, counted, not checked). */
  path: string | undefined
  request: BodyTap
  requestSent: boolean
  /** The request's headers, secrets replaced: read once. */
  requestHeaders: Record<string, string>
}

/**
 * Where a request's exchange in flight is kept, on the request itself: a WeakMap entry per request
 * cost the garbage collector more (its ephemerons are traced at every scavenge).
 */
export const FLIGHT = Symbol('flight')
export type Tracked = IncomingMessage & { [FLIGHT]?: Flight }

/** What node gave as a header value, as text. */
export const headerPairs = (headers: IncomingMessage['headers']) => Object.entries(headers)

/** The exchange as far as its answer's head: what the head check and the finished exchange share. */
export type ExchangeHead = Omit<TrafficExchange, 'responseBody'>

/**
 * The exchange's bookkeeping as its request comes: numbered, timed, its headers read once with
 * secrets replaced, and its body tapped, kept on the request for the answer to find.
 */
export const openFlight = (
  req: IncomingMessage,
  index: number,
  rootPath: string,
  limit: number,
  secrets: Secrets,
): Flight => {
  const flight: Flight = {
    index,
    started: Date.now(),
    path: underRoot(req.url ?? '/', rootPath),
    request: new BodyTap(limit, req.headers['content-encoding']),
    requestSent: false,
    requestHeaders: redactHeaders(headerPairs(req.headers), secrets),
  }
  ;(req as Tracked)[FLIGHT] = flight
  // A request with neither header has no body (RFC 9112 §6.3): no listener to wait on one.
  if (
    req.headers['content-length'] !== undefined ||
    req.headers['transfer-encoding'] !== undefined
  ) {
    req.on('data', tapRequest)
  }
  return flight
}

/**
 * A request body's chunk into its exchange's tap: one listener for every request (an emitter calls
 * it with the request as `this`), instead of a closure per request.
 */
function tapRequest(this: Tracked, chunk: Buffer): void {
  const flight = this[FLIGHT] as Flight
  flight.requestSent = true
  flight.request.add(chunk)
}

/** The exchange a request opened; none for a request this proxy did not see come in. */
export const flightOf = (req: IncomingMessage): Flight | undefined => (req as Tracked)[FLIGHT]

/** The exchange's request and its answer's status and headers, secrets replaced. */
export const exchangeHead = (
  req: IncomingMessage,
  flight: Flight,
  status: number,
  responseHeaders: IncomingMessage['headers'],
  origin: string,
  secrets: Secrets,
): ExchangeHead => ({
  method: req.method ?? 'GET',
  path: secrets.scrub(flight.path ?? req.url ?? '/'),
  url: secrets.scrub(`${origin}${req.url ?? '/'}`),
  requestHeaders: flight.requestHeaders,
  status,
  responseHeaders: redactHeaders(headerPairs(responseHeaders), secrets),
})

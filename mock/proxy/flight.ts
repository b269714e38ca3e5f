import type { IncomingMessage } from 'node:http'
import type { BodyTap } from './body-tap.ts'

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

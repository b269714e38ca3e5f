import type { OperationId } from '../../../contract/table.ts'

/**
 * One request and its answer as a host saw them pass (the proxy, a HAR file, the browser worker):
 * what the traffic checker reads. Transport-free, so every host hands over the same thing.
 */
export interface TrafficExchange {
  method: string
  /** Relative to the API root, with the query string: `/forms/frm_1?x=1`. */
  path: string
  /** Lower-case names; secrets already replaced by `redactHeaders`. */
  requestHeaders: Readonly<Record<string, string>>
  /** The request body's text; undefined when none was sent. */
  requestBody?: string
  /** The request body was longer than the host keeps: `requestBody` is its start only. */
  requestBodyTruncated?: boolean
  status: number
  responseHeaders: Readonly<Record<string, string>>
  /** The answer body's text (empty string for an empty body). */
  responseBody: string
  /** The answer was longer than the host keeps: `responseBody` is its first bytes only. */
  responseBodyTruncated?: boolean
  /** Why the answer body is not there to check (a HAR saved without content). */
  responseBodyUnread?: string
  /** The request's absolute URL as the client addressed the API, for the curl that repeats it. */
  url: string
  /** A label of the request's credential given by the reader (never its value): whose request. */
  credential?: string
}

/** Bodies are checked up to this size by default; a longer one only that far, and the report says so. */
export const DEFAULT_MAX_BODY_BYTES = 2 * 1024 * 1024

/** What a check found. `request`: the client broke what the reference decides. */
export interface TrafficFinding {
  kind: 'violation' | 'request'
  operationId: OperationId | null
  method: string
  path: string
  status: number
  message: string
}

/** The shell variables a curl uses in place of a secret. */
export const SECRET_VARS = {
  authorization: 'API_KEY',
  cookie: 'COOKIE',
  'proxy-authorization': 'PROXY_CREDENTIALS',
  'x-api-key': 'API_KEY',
} as const

/**
 * Headers with every secret replaced by the shell variable a curl would use (`Bearer $API_KEY`),
 * keeping the scheme so the checker still sees that a Bearer credential was sent. Nothing that
 * leaves a host (a line, a report, a header, a recorded HAR) carries a secret's value.
 */
export const redactHeaders = (
  headers: Iterable<readonly [string, string | readonly string[] | undefined]>,
): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [rawName, rawValue] of headers) {
    if (rawValue === undefined) continue
    const name = rawName.toLowerCase()
    const value = typeof rawValue === 'string' ? rawValue : rawValue.join(', ')
    const variable = SECRET_VARS[name as keyof typeof SECRET_VARS]
    out[name] = variable === undefined ? value : redacted(value, variable)
  }
  return out
}

const redacted = (value: string, variable: string): string => {
  const scheme = /^\s*([A-Za-z][\w-]*)\s+\S/.exec(value)?.[1]
  if (value.trim() === '') return ''
  return scheme ? `${scheme} $${variable}` : `$${variable}`
}

/** The path under the API root (`/forms?x=1`), or undefined for a path outside it. */
export const underRoot = (pathWithQuery: string, rootPath: string): string | undefined => {
  const root = rootPath.replace(/\/+$/, '')
  if (root === '') return pathWithQuery.startsWith('/') ? pathWithQuery : `/${pathWithQuery}`
  if (!pathWithQuery.startsWith(root)) return undefined
  const rest = pathWithQuery.slice(root.length)
  if (rest === '' || rest.startsWith('?')) return `/${rest}`
  return rest.startsWith('/') ? rest : undefined
}

import type { OperationId } from '../../contract/table.ts'
import type { Secrets } from '../report-format/secrets.ts'

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

const utf8 = new TextEncoder()
const fromUtf8 = new TextDecoder()

/**
 * The body up to `limit` bytes of UTF-8 — the unit of the proxy's --max-body, which reads bytes off
 * the wire — cut at a character's start. Most bodies are told apart by their length alone (a UTF-16
 * unit is 1 to 3 bytes), without encoding them.
 */
export const boundedBytes = (text: string, limit: number) => {
  if (text.length * 3 <= limit) return { text, truncated: false }
  const bytes = utf8.encode(text)
  if (bytes.length <= limit) return { text, truncated: false }
  let end = limit
  // A continuation byte (10xxxxxx) is inside a character: cut before that character.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--
  return { text: fromUtf8.decode(bytes.subarray(0, end)), truncated: true }
}

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
 * keeping the scheme so the checker still sees that a Bearer credential was sent. With `secrets`,
 * each value gets its own variable (`Bearer $API_KEY_2`), remembered so that the same value
 * echoed anywhere else (another header here, a body) is replaced too. Nothing that leaves a host
 * (a line, a report, a header, a recorded HAR) carries a secret's value.
 */
export const redactHeaders = (
  headers: Iterable<readonly [string, string | readonly string[] | undefined]>,
  secrets?: Secrets,
): Record<string, string> => {
  const given: [string, string][] = []
  for (const [rawName, rawValue] of headers) {
    if (rawValue === undefined) continue
    given.push([
      rawName.toLowerCase(),
      typeof rawValue === 'string' ? rawValue : rawValue.join(', '),
    ])
  }
  const out: Record<string, string> = {}
  // Credentials first, so a value echoed in another header of the same message is known.
  for (const [name, value] of given) {
    const variable = SECRET_VARS[name as keyof typeof SECRET_VARS]
    if (variable !== undefined) out[name] = redacted(value, variable, secrets)
  }
  for (const [name, value] of given) {
    if (SECRET_VARS[name as keyof typeof SECRET_VARS] !== undefined) continue
    out[name] = secrets ? secrets.scrub(value) : value
  }
  return out
}

const redacted = (value: string, variable: string, secrets: Secrets | undefined): string => {
  if (value.trim() === '') return ''
  const scheme = /^\s*([A-Za-z][\w-]*)\s+\S/.exec(value)?.[1]
  const credential = scheme ? value.trim().slice(scheme.length).trim() : value.trim()
  const name = secrets ? secrets.variable(credential, variable) : variable
  return scheme ? `${scheme} $${name}` : `$${name}`
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

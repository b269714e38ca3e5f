import type { Method } from '../../contract/route.ts'
import { shellQuote, toCurl } from '../report-format/curl.ts'
import { SECRET_VARS, type TrafficExchange } from './exchange.ts'

/** Headers a curl needs to repeat an API request; the browser's own (user agent, sec-*) are left out. */
const KEPT = new Set(['content-type', 'accept', 'prefer', ...Object.keys(SECRET_VARS)])

/** Bodies above this are not kept for a report's curl: a report holds many, each bounded. */
export const CURL_BODY_LIMIT = 64 * 1024

/**
 * A curl that repeats the request. Secrets were replaced by shell variables when the exchange
 * was read (`Bearer $API_KEY`), so those headers are double-quoted for the shell to expand them:
 * the value of a key never reaches a report.
 */
export const trafficCurl = (exchange: TrafficExchange): string => {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(exchange.requestHeaders)) {
    if (KEPT.has(name)) headers[name] = value
  }
  const body = exchange.requestBody
  const kept =
    body !== undefined && body.length <= CURL_BODY_LIMIT && !exchange.requestBodyTruncated
  let curl = toCurl(
    {
      method: exchange.method as Method,
      url: exchange.url,
      headers,
      ...(kept ? { body } : {}),
    },
    new Map(),
  )
  for (const name of Object.keys(SECRET_VARS)) {
    const value = headers[name]
    if (value === undefined || !/^([A-Za-z][\w-]* )?\$[A-Z][A-Z0-9_]*$/.test(value)) continue
    curl = curl.replace(shellQuote(`${name}: ${value}`), () => `"${name}: ${value}"`)
  }
  if (body !== undefined && !kept) curl += ` # its body (${body.length} characters) is not kept`
  return curl
}

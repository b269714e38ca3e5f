import type { Entry, Header } from 'har-format'
import * as z from 'zod'
import { nestsDeeperThan } from '../../contract/json-depth.ts'
import { operationMatcher } from '../deployment/to-contract.ts'
import type { Secrets } from '../report-format/secrets.ts'
import { boundedBytes, redactHeaders, type TrafficExchange, underRoot } from './exchange.ts'
import { HarError } from './har-error.ts'

/**
 * HAR 1.2 (Chromium's and Firefox's devtools export, Playwright's `recordHar`, the proxy's
 * `--record`): read into exchanges for the checker, and written from them. Only what the checker
 * reads is required of a file; everything else a recorder adds is left alone.
 */

const HarHeader = z.object({ name: z.string(), value: z.string() })
const HarEntry = z.object({
  startedDateTime: z.string().optional(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(HarHeader).default([]),
    postData: z.object({ text: z.string().optional(), encoding: z.string().optional() }).optional(),
  }),
  response: z.object({
    status: z.number(),
    headers: z.array(HarHeader).default([]),
    content: z.object({ text: z.string().optional(), encoding: z.string().optional() }).optional(),
  }),
})
export const HarFile = z.object({ log: z.object({ entries: z.array(HarEntry) }) })
type HarEntry = z.infer<typeof HarEntry>

export const parseHar = (value: unknown, source: string): z.infer<typeof HarFile> => {
  const parsed = HarFile.safeParse(value)
  if (parsed.success) return parsed.data
  const first = parsed.error.issues[0]
  const where = first?.path.map(String).join('.') || '(top level)'
  throw new HarError(
    `${source} is not a HAR 1.2 file: ${where}: ${first?.message ?? 'unreadable'} (${parsed.error.issues.length} problem${parsed.error.issues.length === 1 ? '' : 's'})`,
  )
}

/** HAR nests a handful of levels (bodies are strings); far deeper is not HAR, and not handed to zod. */
export const MAX_HAR_DEPTH = 1000

/**
 * A HAR file's text as the checker needs it: not too deep to read, JSON, HAR 1.2; otherwise a
 * HarError saying which (JSON.parse's words for a text that is not JSON).
 */
export const readHarText = (text: string, source: string): z.infer<typeof HarFile> => {
  if (nestsDeeperThan(text, MAX_HAR_DEPTH)) {
    throw new HarError(
      `${source} nests arrays and objects deeper than ${MAX_HAR_DEPTH} levels: not a HAR file.`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new HarError(
      `${source} is not JSON, so not a HAR file: ${error instanceof Error ? error.message : String(error)}.`,
    )
  }
  return parseHar(value, source)
}

const decode = (text: string | undefined, encoding: string | undefined): string | undefined => {
  if (text === undefined) return undefined
  if (encoding !== 'base64') return text
  try {
    const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
    return new TextDecoder().decode(bytes)
  } catch {
    return undefined
  }
}

const pairs = (headers: readonly { name: string; value: string }[]) =>
  // HTTP/2 pseudo-headers (`:authority`) are the request line, not headers.
  headers.filter((h) => !h.name.startsWith(':')).map((h) => [h.name, h.value] as const)

/**
 * Whether a file's first characters are a HAR's (`{"log":`, HAR's one top-level key): tells
 * recorded traffic given where a state goes apart, without parsing the file.
 */
export const startsAsHar = (head: string): boolean => /^\s*\{\s*"log"\s*:/.test(head)

/**
 * The API roots the entries' URLs sit under, most entries first: for each URL, the prefix whose
 * rest is a path of an operation (`https://x.test/api/v1` for `https://x.test/api/v1/forms/frm_1`).
 */
export const apiRootsSeen = (urls: readonly string[]): string[] => {
  const match = operationMatcher()
  const votes = new Map<string, number>()
  for (const raw of urls) {
    if (!URL.canParse(raw)) continue
    const url = new URL(raw)
    const segments = url.pathname.split('/')
    for (let i = 1; i < segments.length; i++) {
      const rest = `/${segments.slice(i).join('/')}`
      if (match('GET', rest) || match('POST', rest) || match('PATCH', rest)) {
        const root = `${url.origin}${segments.slice(0, i).join('/')}`
        votes.set(root, (votes.get(root) ?? 0) + 1)
        break
      }
    }
  }
  return [...votes.entries()].sort((a, b) => b[1] - a[1]).map(([root]) => root)
}

/** The API root most entries' URLs sit under; undefined when no entry addresses an operation. */
export const detectApiRoot = (urls: readonly string[]): string | undefined => apiRootsSeen(urls)[0]

/**
 * The entries under `apiRoot` as exchanges, in the file's order; entries without an answer
 * (status 0: blocked, cancelled) are left out, like every entry elsewhere.
 */
export const harExchanges = (
  har: z.infer<typeof HarFile>,
  apiRoot: string,
  maxBodyBytes: number,
  options: {
    /**
     * Names the request's credential (its Authorization value, undefined when none) with a label
     * of the caller's: the value itself never leaves this function (an import tells organizations
     * apart by it).
     */
    credential?: (authorization: string | undefined) => string
    /** Each credential gets its own variable, and is replaced wherever the file echoes it. */
    secrets?: Secrets
  } = {},
): TrafficExchange[] => {
  const root = new URL(apiRoot)
  const exchanges: TrafficExchange[] = []
  const { secrets } = options
  const clean = (text: string) => (secrets ? secrets.scrub(text) : text)
  // Every entry's credentials first: an answer may echo a key a later request sends.
  if (secrets)
    for (const entry of har.log.entries) redactHeaders(pairs(entry.request.headers), secrets)
  for (const entry of har.log.entries as HarEntry[]) {
    if (entry.response.status === 0 || !URL.canParse(entry.request.url)) continue
    const url = new URL(entry.request.url)
    if (url.origin !== root.origin) continue
    const path = underRoot(url.pathname + url.search, root.pathname)
    if (path === undefined) continue
    const requestText = decode(entry.request.postData?.text, entry.request.postData?.encoding)
    const responseText = decode(entry.response.content?.text, entry.response.content?.encoding)
    const request =
      requestText === undefined ? undefined : boundedBytes(clean(requestText), maxBodyBytes)
    const response = boundedBytes(clean(responseText ?? ''), maxBodyBytes)
    const credential = options.credential?.(
      entry.request.headers.find((h) => h.name.toLowerCase() === 'authorization')?.value,
    )
    exchanges.push({
      method: entry.request.method.toUpperCase(),
      path: clean(path),
      url: clean(entry.request.url),
      requestHeaders: redactHeaders(pairs(entry.request.headers), secrets),
      ...(request ? { requestBody: request.text } : {}),
      ...(request?.truncated ? { requestBodyTruncated: true } : {}),
      status: entry.response.status,
      responseHeaders: redactHeaders(pairs(entry.response.headers), secrets),
      responseBody: response.text,
      ...(response.truncated ? { responseBodyTruncated: true } : {}),
      ...(responseText === undefined ? { responseBodyUnread: 'not in the HAR file' } : {}),
      ...(credential === undefined ? {} : { credential }),
    })
  }
  return exchanges
}

const harHeaders = (headers: Readonly<Record<string, string>>): Header[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }))

/** One exchange as a HAR entry (the proxy's `--record`): secrets stay replaced by their variables. */
export const harEntry = (
  exchange: TrafficExchange,
  timing: { startedDateTime: string; time: number },
): Entry => {
  const url = new URL(exchange.url)
  const type = exchange.responseHeaders['content-type'] ?? ''
  return {
    startedDateTime: timing.startedDateTime,
    time: timing.time,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(exchange.requestHeaders),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(exchange.requestBody === undefined
        ? {}
        : {
            postData: {
              mimeType: exchange.requestHeaders['content-type'] ?? '',
              text: exchange.requestBody,
            },
          }),
      headersSize: -1,
      bodySize: exchange.requestBody?.length ?? 0,
    },
    response: {
      status: exchange.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(exchange.responseHeaders),
      content: {
        size: exchange.responseBody.length,
        mimeType: type,
        text: exchange.responseBody,
        ...(exchange.responseBodyTruncated ? { comment: 'cut at the proxy’s body limit' } : {}),
      },
      redirectURL: exchange.responseHeaders.location ?? '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: timing.time, receive: 0 },
  }
}

export { HarError }

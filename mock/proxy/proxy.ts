import {
  createServer,
  Agent as HttpAgent,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import type { AddressInfo } from 'node:net'
import { createProxyServer } from 'http-proxy-3'
import type { Release } from '../../contract/releases.ts'
import { runRelease } from '../deployment/run-release.ts'
import type { DeploymentFile } from '../deployment/schema.ts'
import { Secrets } from '../report-format/secrets.ts'
import { createTrafficChecker, type ExchangeVerdict } from '../traffic/check-exchange.ts'
import {
  DEFAULT_MAX_BODY_BYTES,
  redactHeaders,
  type TrafficExchange,
  underRoot,
} from '../traffic/exchange.ts'
import { type RecordedFinding, TrafficLog } from '../traffic/log.ts'
import { Recent } from '../traffic/memory.ts'
import { type ReleaseNeed, ReleaseNeeds } from '../traffic/release-needs.ts'
import { type BodyRead, BodyTap } from './body-tap.ts'

export interface TrafficProxyOptions {
  /** The real API root, e.g. `https://staging.example.com/api/v1`. */
  upstream: string
  /** 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1: the proxy forwards credentials, so it is not offered to the network. */
  host?: string
  deployment?: DeploymentFile
  /** Prism's `--errors`: a violating answer reaches the client as 502 listing the violations. */
  errors?: boolean
  /** Bodies are checked up to this many bytes (default 2 MiB); longer ones only that far. */
  maxBodyBytes?: number
  /** An upstream that has not answered in this many ms gets a 502 (default 30,000). */
  timeoutMs?: number
  /**
   * Hold each exchange to what this release has too (§9; the CLI's `--release`): what it cannot
   * serve goes to `onReleaseNeed` and the log's `release`.
   */
  release?: { release: Release; given: string }
  /** Called with each finding as it is found (the CLI prints one line each). */
  onFinding?: (finding: RecordedFinding) => void
  /** Called with each exchange `release` cannot serve, as it is found. */
  onReleaseNeed?: (need: ReleaseNeed) => void
  /** Called with each exchange once it is complete (the CLI's `--record`). */
  onExchange?: (
    exchange: TrafficExchange,
    timing: { startedDateTime: string; time: number },
  ) => void
  /** An exchange that got no answer from the upstream (down, reset, too slow). */
  onUpstreamError?: (line: string) => void
}

export interface RunningTrafficProxy {
  /** The proxy's origin, e.g. `http://127.0.0.1:4010`. */
  url: string
  /** The API root through the proxy, e.g. `http://127.0.0.1:4010/api/v1`. */
  apiRoot: string
  log: TrafficLog
  /** Every credential the proxy saw, for whatever writes the run down (the reports). */
  secrets: Secrets
  close: () => Promise<void>
}

export const DEFAULT_TIMEOUT_MS = 30_000

/** Answers kept for `repeated`: this many paths, each at most this long. */
const REPEATED_PATHS = 32
const REPEATED_BYTES = 64 * 1024

/** One exchange in flight. */
interface Flight {
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
const FLIGHT = Symbol('flight')
type Tracked = IncomingMessage & { [FLIGHT]?: Flight }

/** A header value a violation can go in: one line of ASCII, bounded. */
const headerText = (text: string) =>
  text
    .replace(/§/g, 'S')
    .replace(/…/g, '...')
    .replace(/→/g, '->')
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 1500)

const findingsHeader = (list: readonly { operationId: string | null; message: string }[]) =>
  headerText(`${list.length}; ${list.map((f) => `${f.operationId}: ${f.message}`).join(' | ')}`)

const sendJson = (res: ServerResponse, status: number, body: unknown, extra = {}) => {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    ...extra,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}

/** What node gave as a header value, as text. */
const headerPairs = (headers: IncomingMessage['headers']) => Object.entries(headers)

/**
 * The validating proxy (`engagement-mock proxy`): forwards every request to the upstream unchanged
 * and streams its answer back unchanged (http-proxy-3), while a copy of each body, bounded and
 * decoded, goes to the traffic checker. Findings are counted in `log`, handed to `onFinding`, and
 * the ones the request and status decide are named in the answer's `x-contract-*` headers (a
 * streamed answer's headers leave before its body is read). With `errors`, each API answer is
 * held until checked (up to the body limit) and a violating one becomes a 502 listing why.
 * The upstream down, too slow or resetting: the client gets a 502 saying so, the proxy serves on.
 */
export const startTrafficProxy = async (
  options: TrafficProxyOptions,
): Promise<RunningTrafficProxy> => {
  const upstream = new URL(options.upstream)
  const rootPath = upstream.pathname.replace(/\/+$/, '')
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const checker = createTrafficChecker(options.deployment ? { deployment: options.deployment } : {})
  const log = new TrafficLog(
    undefined,
    options.release &&
      new ReleaseNeeds(options.release.release, options.release.given, options.deployment ?? {}),
    runRelease(options.release, options.deployment?.release).release,
  )
  const secrets = new Secrets()
  const upstreamError = (line: string) => options.onUpstreamError?.(secrets.scrub(line))
  let count = 0
  // Kept-alive connections, without Nagle's delay: a request's head and body go out at once
  // (with it, loopback p50 at 10 connections was ~11 ms instead of ~5 on a busy machine).
  const upstreamSockets = { keepAlive: true, maxSockets: 256, noDelay: true }
  const agent =
    upstream.protocol === 'https:'
      ? new HttpsAgent(upstreamSockets)
      : new HttpAgent(upstreamSockets)
  const proxy = createProxyServer({
    target: upstream.origin,
    changeOrigin: true,
    agent,
    proxyTimeout: timeoutMs,
    selfHandleResponse: options.errors === true,
  })

  const exchangeOf = (
    req: IncomingMessage,
    flight: Flight,
    status: number,
    responseHeaders: IncomingMessage['headers'],
  ): Omit<TrafficExchange, 'responseBody'> => ({
    method: req.method ?? 'GET',
    path: secrets.scrub(flight.path ?? req.url ?? '/'),
    url: secrets.scrub(`${upstream.origin}${req.url ?? '/'}`),
    requestHeaders: flight.requestHeaders,
    status,
    responseHeaders: redactHeaders(headerPairs(responseHeaders), secrets),
  })

  /**
   * The last answer body read per path (bytes and scrubbed text), so that an answer byte-identical
   * to it (a list a frontend polls) gets the very same text without its chunks being joined,
   * decoded or scrubbed again: the same bytes decode to the same text, and a scrub of the same text
   * with the same secrets is the same. The checker then finds its cached reading by identity.
   */
  const repeated = new Recent<{ bytes: Buffer; text: string; secrets: number } | undefined>(
    REPEATED_PATHS,
    () => undefined,
  )

  /** The answer's text as the checker reads it: secrets replaced, a repeated answer's text reused. */
  const answerText = (
    path: string | undefined,
    answer: BodyTap,
    response: BodyRead | undefined,
  ) => {
    const last = path === undefined ? undefined : repeated.get(path)
    if (last && last.secrets === secrets.known && answer.sameAs(last.bytes)) return last
    const read = response ?? answer.read()
    const text = secrets.scrub(read.text, read.truncated)
    const { bytes } = read
    if (
      path !== undefined &&
      bytes &&
      answer.ready &&
      !read.truncated &&
      bytes.length <= REPEATED_BYTES
    ) {
      repeated.set(path, { bytes, text, secrets: secrets.known })
    }
    return { text, truncated: read.truncated, ...(read.unread ? { unread: read.unread } : {}) }
  }

  /** The whole exchange (`head`: its request and status, built as the answer began), checked once both bodies have passed. */
  const finish = (
    flight: Flight,
    head: Omit<TrafficExchange, 'responseBody'>,
    answer: BodyTap,
  ): ExchangeVerdict | Promise<ExchangeVerdict> => {
    // Uncompressed bodies are whole already: checked now, without a promise per exchange.
    if (flight.request.ready && answer.ready) {
      return checkRead(
        flight,
        head,
        flight.request.read(),
        answerText(flight.path, answer, undefined),
      )
    }
    return Promise.all([flight.request.end(), answer.end()]).then(([request, response]) =>
      checkRead(flight, head, request, answerText(flight.path, answer, response)),
    )
  }

  const checkRead = (
    flight: Flight,
    head: Omit<TrafficExchange, 'responseBody'>,
    request: BodyRead,
    response: { text: string; truncated?: boolean; unread?: string },
  ): ExchangeVerdict => {
    const exchange: TrafficExchange = {
      ...head,
      // A credential echoed in a body is replaced before anything reads it: nothing carries it on.
      ...(flight.requestSent
        ? { requestBody: secrets.scrub(request.text, request.truncated) }
        : {}),
      ...(request.truncated ? { requestBodyTruncated: true } : {}),
      responseBody: response.text,
      ...(response.truncated ? { responseBodyTruncated: true } : {}),
      ...(response.unread ? { responseBodyUnread: response.unread } : {}),
    }
    const verdict =
      flight.path === undefined
        ? { operationId: null, violations: [], requestIssues: [], notes: [] }
        : checker.check(exchange, flight.index)
    try {
      const kept = log.record(exchange, flight.index, verdict)
      for (const finding of kept.violations) options.onFinding?.(finding)
      for (const finding of kept.requestIssues) options.onFinding?.(finding)
      if (kept.releaseNeed) options.onReleaseNeed?.(kept.releaseNeed)
      options.onExchange?.(exchange, {
        startedDateTime: new Date(flight.started).toISOString(),
        time: Date.now() - flight.started,
      })
    } catch (error) {
      // Our own failure on one exchange: the reports name it, the proxy serves on.
      log.error(`the proxy failed to record an exchange (${(error as Error).message})`)
    }
    return verdict
  }

  proxy.on('proxyRes', (proxyRes, req, res) => {
    const flight = (req as Tracked)[FLIGHT]
    if (!flight) return
    const answer = new BodyTap(limit, proxyRes.headers['content-encoding'])
    const exchange = exchangeOf(req, flight, proxyRes.statusCode ?? 0, proxyRes.headers)
    res.setHeader('x-contract-exchange', String(flight.index))
    if (flight.path !== undefined && !options.errors) {
      // What is known before the body: named in the headers, which leave first.
      const head = checker.head(exchange, flight.index)
      if (head.violations.length > 0) {
        res.setHeader('x-contract-violations', findingsHeader(head.violations))
      }
      if (head.requestIssues.length > 0) {
        res.setHeader('x-contract-request-issues', findingsHeader(head.requestIssues))
      }
    }
    cutOff(req, res, flight, proxyRes)
    if (!options.errors || flight.path === undefined) {
      proxyRes.on('data', (chunk: Buffer) => answer.add(chunk))
      // After the other listeners of 'end' (the pipe ends the client's answer first), as before.
      proxyRes.on('end', () => queueMicrotask(() => void finish(flight, exchange, answer)))
      if (options.errors) proxyRes.pipe(passThrough(res, proxyRes))
      return
    }
    hold(req, res, flight, proxyRes, exchange, answer)
  })

  /** An answer the upstream broke off: the client's is broken off too, and it is not checked. */
  const cutOff = (
    req: IncomingMessage,
    res: ServerResponse,
    flight: Flight,
    proxyRes: IncomingMessage,
  ) => {
    proxyRes.once('close', () => {
      // 'close' follows 'end' when the answer came whole.
      if (proxyRes.readableEnded) return
      if (res.destroyed) {
        log.note('the client went away before the answer ended: not checked')
        return
      }
      log.note('answer cut off by the upstream: not checked')
      upstreamError(
        `#${flight.index} ${req.method} ${req.url} → ${proxyRes.statusCode}: the upstream broke the answer off`,
      )
      res.destroy()
    })
  }

  /** `--errors`: the answer is kept until checked, then sent as it came or as a 502. */
  const hold = (
    req: IncomingMessage,
    res: ServerResponse,
    flight: Flight,
    proxyRes: IncomingMessage,
    exchange: Omit<TrafficExchange, 'responseBody'>,
    answer: BodyTap,
  ) => {
    const held: Buffer[] = []
    let size = 0
    let streaming = false
    proxyRes.on('data', (chunk: Buffer) => {
      answer.add(chunk)
      if (streaming) return
      held.push(chunk)
      size += chunk.length
      if (size > limit) {
        // Too long to hold: it goes on as it came, checked up to the limit.
        streaming = true
        const out = passThrough(res, proxyRes)
        res.setHeader('x-contract-check', headerText(`held up to ${limit} bytes only`))
        for (const part of held.splice(0)) out.write(part)
        proxyRes.pipe(out)
      }
    })
    proxyRes.on('end', async () => {
      const verdict = await finish(flight, exchange, answer)
      if (streaming || res.headersSent) return
      if (verdict.violations.length > 0) {
        sendJson(
          res,
          502,
          {
            error: `The answer of ${req.method} ${flight.path} (${proxyRes.statusCode}) breaks the contract: ${verdict.violations.map((v) => v.message).join('; ')}`,
            upstreamStatus: proxyRes.statusCode,
            violations: verdict.violations,
          },
          {
            'x-contract-exchange': String(flight.index),
            'x-contract-violations': findingsHeader(verdict.violations),
            ...(verdict.requestIssues.length > 0
              ? { 'x-contract-request-issues': findingsHeader(verdict.requestIssues) }
              : {}),
          },
        )
        return
      }
      if (verdict.requestIssues.length > 0) {
        res.setHeader('x-contract-request-issues', findingsHeader(verdict.requestIssues))
      }
      const out = passThrough(res, proxyRes)
      for (const part of held) out.write(part)
      out.end()
    })
  }

  const server = createServer((req, res) => {
    const index = ++count
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
      req.on('data', (chunk: Buffer) => {
        flight.requestSent = true
        flight.request.add(chunk)
      })
    }
    proxy.web(req, res, {}, (error) => {
      const code = (error as NodeJS.ErrnoException).code
      const slow = Date.now() - flight.started >= timeoutMs
      const why = slow
        ? `no answer within ${timeoutMs} ms`
        : code === 'ECONNREFUSED'
          ? `connection refused (${upstream.host} is down or not listening)`
          : code === 'ECONNRESET'
            ? 'the upstream reset the connection'
            : error.message
      log.note(
        `no answer from the upstream (${slow ? 'too slow' : (code ?? 'error')}): not checked`,
      )
      upstreamError(`#${index} ${req.method} ${req.url} → 502: ${why}`)
      if (res.headersSent) {
        // The answer had begun: cut it off, as the upstream did.
        res.destroy()
        return
      }
      sendJson(
        res as ServerResponse,
        502,
        { error: `The proxy got no answer from ${upstream.origin}: ${why}.` },
        { 'x-contract-exchange': String(index), 'x-contract-proxy': 'upstream-error' },
      )
    })
  })
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 4010, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port, address } = server.address() as AddressInfo
  const host = address.includes(':') ? `[${address}]` : address
  const url = `http://${host}:${port}`
  return {
    url,
    apiRoot: `${url}${rootPath}`,
    log,
    secrets,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        agent.destroy()
        proxy.close()
      }),
  }
}

/** The upstream's status and headers on `res` (hop-by-hop ones left out); returns `res`. */
const passThrough = (res: ServerResponse, proxyRes: IncomingMessage): ServerResponse => {
  if (!res.headersSent) {
    res.statusCode = proxyRes.statusCode ?? 502
    for (const [name, value] of Object.entries(proxyRes.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue
      res.setHeader(name, value)
    }
  }
  return res
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
])

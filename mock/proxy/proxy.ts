import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ErrorCallback } from 'http-proxy-3'
import type { Release } from '../../contract/releases.ts'
import { runRelease } from '../deployment/run-release.ts'
import type { DeploymentFile } from '../deployment/schema.ts'
import { Secrets } from '../report-format/secrets.ts'
import { createTrafficChecker } from '../traffic/check-exchange.ts'
import { DEFAULT_MAX_BODY_BYTES } from '../traffic/exchange.ts'
import { TrafficLog } from '../traffic/log.ts'
import { ReleaseNeeds } from '../traffic/release-needs.ts'
import { BodyTap } from './body-tap.ts'
import { findingsHeader, passThrough } from './client-answer.ts'
import { exchangeHead, type Flight, flightOf, openFlight } from './flight.ts'
import { answerNoUpstream, createForwarder, DEFAULT_TIMEOUT_MS, noAnswerWhy } from './forward.ts'
import { holdUntilChecked } from './hold.ts'
import { type TrafficListeners, TrafficReport } from './report.ts'
import { ExchangeTaps, type Judge } from './taps.ts'

export { DEFAULT_TIMEOUT_MS } from './forward.ts'

export interface TrafficProxyOptions extends TrafficListeners {
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
  const report = new TrafficReport(log, secrets, options)
  let count = 0
  const { proxy, close: closeForwarder } = createForwarder(
    upstream,
    timeoutMs,
    options.errors === true,
  )

  /** A whole exchange: checked (one outside the API root only counted), then reported. */
  const judge: Judge = (flight, exchange) => {
    const verdict =
      flight.path === undefined
        ? { operationId: null, violations: [], requestIssues: [], notes: [] }
        : checker.check(exchange, flight.index)
    report.record(flight, exchange, verdict)
    return verdict
  }
  const taps = new ExchangeTaps(secrets, judge)

  proxy.on('proxyRes', (proxyRes, req, res) => {
    const flight = flightOf(req)
    if (!flight) return
    const answer = new BodyTap(limit, proxyRes.headers['content-encoding'])
    const exchange = exchangeHead(
      req,
      flight,
      proxyRes.statusCode ?? 0,
      proxyRes.headers,
      upstream.origin,
      secrets,
    )
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
    report.watchCutOff(req, res, flight, proxyRes)
    if (!options.errors || flight.path === undefined) {
      proxyRes.on('data', (chunk: Buffer) => answer.add(chunk))
      // After the other listeners of 'end' (the pipe ends the client's answer first), as before.
      proxyRes.on('end', () => queueMicrotask(() => void taps.finish(flight, exchange, answer)))
      if (options.errors) proxyRes.pipe(passThrough(res, proxyRes))
      return
    }
    holdUntilChecked(req, res, flight, proxyRes, exchange, answer, limit, taps)
  })

  /**
   * The upstream gave no answer: one callback for every request (http-proxy-3 hands it the request
   * and its answer), which finds the exchange on the request, instead of a closure per request.
   */
  const noAnswer: ErrorCallback = (error, req, res) => {
    // Set before forwarding, and `res` is the client's answer: `web`, unlike `ws`, has no socket.
    const flight = flightOf(req) as Flight
    const { why, kind } = noAnswerWhy(error, Date.now() - flight.started, timeoutMs, upstream.host)
    report.noAnswer(kind, `#${flight.index} ${req.method} ${req.url} → 502: ${why}`)
    answerNoUpstream(res as ServerResponse, flight.index, upstream.origin, why)
  }

  const server = createServer((req, res) => {
    openFlight(req, ++count, rootPath, limit, secrets)
    proxy.web(req, res, {}, noAnswer)
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
        closeForwarder()
      }),
  }
}

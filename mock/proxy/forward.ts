import { Agent as HttpAgent, type ServerResponse } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import { createProxyServer } from 'http-proxy-3'
import { sendJson } from './client-answer.ts'

export const DEFAULT_TIMEOUT_MS = 30_000

/**
 * http-proxy-3 set up to forward to `upstream`'s origin, Host naming the upstream. With
 * `holdAnswers` (`--errors`) it leaves the answer to the proxy, which sends it once checked.
 */
export const createForwarder = (upstream: URL, timeoutMs: number, holdAnswers: boolean) => {
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
    selfHandleResponse: holdAnswers,
  })
  return {
    proxy,
    close: () => {
      agent.destroy()
      proxy.close()
    },
  }
}

/** Why the upstream gave no answer: in words for the client, and its kind for the log's note. */
export const noAnswerWhy = (
  error: Error,
  elapsedMs: number,
  timeoutMs: number,
  upstreamHost: string,
): { why: string; kind: string } => {
  const code = (error as NodeJS.ErrnoException).code
  const slow = elapsedMs >= timeoutMs
  const why = slow
    ? `no answer within ${timeoutMs} ms`
    : code === 'ECONNREFUSED'
      ? `connection refused (${upstreamHost} is down or not listening)`
      : code === 'ECONNRESET'
        ? 'the upstream reset the connection'
        : error.message
  return { why, kind: slow ? 'too slow' : (code ?? 'error') }
}

/** The client's answer when the upstream gave none: a 502 saying why, or, begun, cut off as the upstream's was. */
export const answerNoUpstream = (
  res: ServerResponse,
  index: number,
  upstreamOrigin: string,
  why: string,
): void => {
  if (res.headersSent) {
    res.destroy()
    return
  }
  sendJson(
    res,
    502,
    { error: `The proxy got no answer from ${upstreamOrigin}: ${why}.` },
    { 'x-contract-exchange': String(index), 'x-contract-proxy': 'upstream-error' },
  )
}

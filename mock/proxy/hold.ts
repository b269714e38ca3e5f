import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BodyTap } from './body-tap.ts'
import { findingsHeader, headerText, passThrough, sendJson } from './client-answer.ts'
import type { ExchangeHead, Flight } from './flight.ts'
import type { ExchangeTaps } from './taps.ts'

/**
 * `--errors`: the answer is kept until checked, then sent as it came or as a 502 listing its
 * violations. One longer than `limit` is not held: it goes on as it came, checked up to the limit.
 */
export const holdUntilChecked = (
  req: IncomingMessage,
  res: ServerResponse,
  flight: Flight,
  proxyRes: IncomingMessage,
  exchange: ExchangeHead,
  answer: BodyTap,
  limit: number,
  taps: ExchangeTaps,
): void => {
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
    const verdict = await taps.finish(flight, exchange, answer)
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

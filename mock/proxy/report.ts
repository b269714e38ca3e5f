import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Secrets } from '../report-format/secrets.ts'
import type { ExchangeVerdict } from '../traffic/check-exchange.ts'
import type { TrafficExchange } from '../traffic/exchange.ts'
import type { RecordedFinding, TrafficLog } from '../traffic/log.ts'
import type { ReleaseNeed } from '../traffic/release-needs.ts'
import type { Flight } from './flight.ts'

/** Who hears of the traffic as it passes (the CLI prints each line, `--record` writes the HAR). */
export interface TrafficListeners {
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

/**
 * The proxy's reporting: each judged exchange kept in the traffic log and handed to the
 * listeners, and each exchange that could not be checked (no answer, an answer cut off) noted in
 * the log and told as a line with secrets replaced. One per proxy.
 */
export class TrafficReport {
  constructor(
    private readonly log: TrafficLog,
    private readonly secrets: Secrets,
    private readonly listeners: TrafficListeners,
  ) {}

  /** Kept in the log and handed on; a failure here is the proxy's own, named in the reports. */
  record(flight: Flight, exchange: TrafficExchange, verdict: ExchangeVerdict): void {
    const { log, listeners } = this
    try {
      const kept = log.record(exchange, flight.index, verdict)
      for (const finding of kept.violations) listeners.onFinding?.(finding)
      for (const finding of kept.requestIssues) listeners.onFinding?.(finding)
      if (kept.releaseNeed) listeners.onReleaseNeed?.(kept.releaseNeed)
      listeners.onExchange?.(exchange, {
        startedDateTime: new Date(flight.started).toISOString(),
        time: Date.now() - flight.started,
      })
    } catch (error) {
      // Our own failure on one exchange: the reports name it, the proxy serves on.
      log.error(`the proxy failed to record an exchange (${(error as Error).message})`)
    }
  }

  /** The upstream gave no answer (`kind`: too slow, or its error code): noted and told. */
  noAnswer(kind: string, line: string): void {
    this.log.note(`no answer from the upstream (${kind}): not checked`)
    this.#upstreamError(line)
  }

  /** An answer the upstream broke off: the client's is broken off too, and it is not checked. */
  watchCutOff(
    req: IncomingMessage,
    res: ServerResponse,
    flight: Flight,
    proxyRes: IncomingMessage,
  ): void {
    proxyRes.once('close', () => {
      // 'close' follows 'end' when the answer came whole.
      if (proxyRes.readableEnded) return
      if (res.destroyed) {
        this.log.note('the client went away before the answer ended: not checked')
        return
      }
      this.log.note('answer cut off by the upstream: not checked')
      this.#upstreamError(
        `#${flight.index} ${req.method} ${req.url} → ${proxyRes.statusCode}: the upstream broke the answer off`,
      )
      res.destroy()
    })
  }

  #upstreamError(line: string): void {
    this.listeners.onUpstreamError?.(this.secrets.scrub(line))
  }
}

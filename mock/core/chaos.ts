/**
 * Chaos on demand, the same in every host: `Prefer: code=503` / `Prefer: delay=800` per request
 * (the Prism convention), and a global latency and failure rate.
 */
export interface ChaosOptions {
  /** Milliseconds added to every API request: fixed, or a [min, max] range. */
  latency?: number | readonly [number, number]
  /** Share of API requests (0–1) answered with a forced 503. */
  failRate?: number
}

export interface ChaosDecision {
  delayMs: number
  forcedStatus?: number
  reason?: string
}

const preference = (prefer: string | undefined, name: string): number | undefined => {
  const found = prefer?.match(new RegExp(`(?:^|[,;\\s])${name}=(\\d+)`, 'i'))
  return found ? Number(found[1]) : undefined
}

export const decideChaos = (
  options: ChaosOptions,
  prefer: string | undefined,
  random = Math.random,
): ChaosDecision => {
  const { latency = 0, failRate = 0 } = options
  const base =
    typeof latency === 'number' ? latency : latency[0] + random() * (latency[1] - latency[0])
  const delayMs = Math.min(preference(prefer, 'delay') ?? base, 60_000)
  const code = preference(prefer, 'code')
  if (code !== undefined && code >= 400 && code <= 599) {
    return { delayMs, forcedStatus: code, reason: `Forced by "Prefer: code=${code}".` }
  }
  if (failRate > 0 && random() < failRate) {
    return {
      delayMs,
      forcedStatus: 503,
      reason: "Forced by the mock's failure rate (--fail-rate); try again.",
    }
  }
  return { delayMs }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

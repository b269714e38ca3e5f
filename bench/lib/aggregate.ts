import { median } from './stats.ts'
import type { WrkResult } from './wrk.ts'

/** Several runs of one load against one server, reduced to medians. */
export interface Aggregate {
  rps: number
  p50: number
  p99: number
  runs: number[]
  /** Answers outside 2xx over all runs, and socket errors: sanity, shown when not zero. */
  non2xx: number
  requests: number
  errors: number
}

export const aggregate = (runs: WrkResult[]): Aggregate => ({
  rps: median(runs.map((r) => r.rps)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  runs: runs.map((r) => Math.round(r.rps)),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  requests: runs.reduce((sum, r) => sum + r.requests, 0),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
})

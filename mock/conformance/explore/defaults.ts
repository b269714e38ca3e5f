/** Exploration's default bound, apart so the CLI can print it without loading fast-check. */
export const EXPLORE_DEFAULTS = {
  /** Runs when `--explore` is given without a number. */
  runs: 200,
  /** Commands per run at most; each sends one request, or two when it reads its record back. */
  maxSteps: 20,
  /** Requests shrinking one divergence may send, on top of the runs' bound. */
  shrinkRequests: 2_000,
  timeLimitMs: 300_000,
  maxDivergences: 1,
} as const

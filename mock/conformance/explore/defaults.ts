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
  /**
   * About this share of the commands is a concurrent step (2–4 operations sent at once, judged
   * by linearizability); 0 sends one request at a time, as before.
   */
  concurrentShare: 0.15,
} as const

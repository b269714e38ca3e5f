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
  concurrentShare: 0.1,
} as const

/**
 * The largest concurrent share (`--explore-concurrent-share`, CONTRACT_EXPLORE_CONCURRENT_SHARE,
 * `explore.concurrentShare`): the command list weighs the concurrent step by share / (1 - share),
 * so a share of 1 would leave no command sent alone, and each run's bound grows with the share.
 */
export const MAX_CONCURRENT_SHARE = 0.9

/** What a concurrent share is, for the messages refusing one. */
export const CONCURRENT_SHARE_EXPECTED = `a fraction from 0 to ${MAX_CONCURRENT_SHARE} (the share of exploration's commands that send 2–4 operations at once; 0 sends one request at a time)`

/** Why `value` is no concurrent share (a number from 0 to MAX_CONCURRENT_SHARE), or undefined. */
export const concurrentShareProblem = (value: unknown): string | undefined =>
  typeof value === 'number' && value >= 0 && value <= MAX_CONCURRENT_SHARE
    ? undefined
    : `must be ${CONCURRENT_SHARE_EXPECTED}`

/** A concurrent share written as text (a flag, a variable): a decimal fraction, else NaN. */
export const concurrentShareOf = (raw: string): number =>
  /^\s*(?:\d+(?:\.\d*)?|\.\d+)\s*$/.test(raw) ? Number(raw) : Number.NaN

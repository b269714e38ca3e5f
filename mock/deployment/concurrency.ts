/**
 * How many checks a run keeps in flight against one deployment: `check --concurrency`,
 * CONTRACT_CONCURRENCY, and the deployment file's `concurrency` are each held to this.
 */

/**
 * The most checks in flight a run allows: more would not finish sooner (the catalog's longest
 * chain of requests is the floor) and would only press the deployment harder.
 */
export const MAX_CONCURRENCY = 64

/** What a concurrency is, for the messages refusing one. */
export const CONCURRENCY_EXPECTED = `a whole number from 1 to ${MAX_CONCURRENCY} (checks in flight at once; 1 sends one request at a time)`

/** Why `value` is no concurrency (a whole number from 1 to MAX_CONCURRENCY), or undefined. */
export const concurrencyProblem = (value: unknown): string | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= MAX_CONCURRENCY
    ? undefined
    : `must be ${CONCURRENCY_EXPECTED}`

/** The first wait after a failed compaction, doubled after each failure up to the last. */
export const COMPACT_RETRY_MS = { first: 5_000, last: 60_000 }

/**
 * When the journal is rewritten into the state file: once it is at least `minBytes` and
 * `stateRatio` times the state file's size, and, after a compaction failed, not before a wait
 * (longer after each failure). Counts the entries written since the state file was rewritten:
 * with none, closing need not rewrite it.
 */
export class CompactionTrigger {
  readonly #at: { minBytes: number; stateRatio: number }
  readonly #now: () => number
  /** The state file's size, as last written. */
  #stateBytes: number
  #notBefore = 0
  #retryMs = 0
  /** Entries written since the state file was last rewritten. */
  #since: number

  constructor(
    at: { minBytes: number; stateRatio: number },
    stateBytes: number,
    entries: number,
    now: () => number = Date.now,
  ) {
    this.#at = at
    this.#stateBytes = stateBytes
    this.#since = entries
    this.#now = now
  }

  /** Whether a journal of `journalBytes` is due to be compacted now. */
  due(journalBytes: number): boolean {
    if (this.#now() < this.#notBefore) return false
    return journalBytes >= Math.max(this.#at.minBytes, this.#at.stateRatio * this.#stateBytes)
  }

  /** Entries written since the state file was last rewritten. */
  get since(): number {
    return this.#since
  }

  /** `count` entries were appended to the journal. */
  wrote(count: number): void {
    this.#since += count
  }

  /** The state file was rewritten (`stateBytes` long). */
  stateWritten(stateBytes: number): void {
    this.#stateBytes = stateBytes
  }

  /** The journal was started again holding `entries` entries not in the state file. */
  restarted(entries: number): void {
    this.#since = entries
  }

  /** A compaction failed: the next waits, longer after each failure. */
  failed(): void {
    this.#retryMs = Math.min(
      Math.max(this.#retryMs * 2, COMPACT_RETRY_MS.first),
      COMPACT_RETRY_MS.last,
    )
    this.#notBefore = this.#now() + this.#retryMs
  }

  /** A compaction succeeded: the next failure waits the shortest time again. */
  succeeded(): void {
    this.#retryMs = 0
  }
}

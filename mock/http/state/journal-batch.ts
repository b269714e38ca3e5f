import type { Entry } from './journal.ts'

/** An entry before it is numbered: a change the mock told, or one of the keeper's own. */
export type Unnumbered = Entry extends infer E ? (E extends Entry ? Omit<E, 'n'> : never) : never

/** The first retry of a failed append, doubled after each failure up to the last. */
export const APPEND_RETRY_MS = { first: 250, last: 5_000 }

/**
 * The journal's batching and timing: entries are numbered as they come and gathered for
 * `gatherMs` (one write and one fdatasync per batch); a batch that could not be written goes back
 * in front of the newer ones and is tried again later, waiting longer after each failure.
 */
export class EntryBatch {
  /** The number the next entry gets. */
  #next: number
  /** Entries not yet written, in order. */
  #pending: Entry[] = []
  readonly #gatherMs: number
  readonly #flush: () => void
  #timer: NodeJS.Timeout | undefined
  #retryMs = 0
  #closed = false

  /** `flush` writes the pending entries: called when a batch's time is up. */
  constructor(next: number, gatherMs: number, flush: () => void) {
    this.#next = next
    this.#gatherMs = gatherMs
    this.#flush = flush
  }

  /** The number the next entry gets. */
  get next(): number {
    return this.#next
  }

  /** Entries not yet written. */
  get pending(): number {
    return this.#pending.length
  }

  /** Numbers an entry and keeps it for the next batch; `gather`: write it when the batch's time is up. */
  add(entry: Unnumbered, gather: boolean): void {
    this.#pending.push({ n: this.#next++, ...entry } as Entry)
    if (gather) this.#schedule(this.#gatherMs)
  }

  /** The pending entries, as the batch to write now; none stay pending. */
  take(): Entry[] {
    const batch = this.#pending
    this.#pending = []
    return batch
  }

  /** A batch that could not be written: back in front, tried again later (longer each time). */
  failed(batch: Entry[]): void {
    this.#pending = batch.concat(this.#pending)
    this.#retryMs = Math.min(
      Math.max(this.#retryMs * 2, APPEND_RETRY_MS.first),
      APPEND_RETRY_MS.last,
    )
    this.#schedule(this.#retryMs)
  }

  /** A batch was written: the next failure waits the shortest time again. */
  written(): void {
    this.#retryMs = 0
  }

  /** No more timed writes (the caller flushes what is left). */
  close(): void {
    this.#closed = true
    clearTimeout(this.#timer)
    this.#timer = undefined
  }

  #schedule(delayMs: number): void {
    if (this.#timer || this.#closed) return
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      this.#flush()
    }, delayMs)
    this.#timer.unref()
  }
}

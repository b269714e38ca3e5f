import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { IdPosition, MockChange } from '../../core/changes.ts'
import type { MockCore } from '../../core/mock.ts'
import {
  createJournal,
  type Entry,
  entryLines,
  headerLine,
  markerLine,
  type StateIdentity,
} from './journal.ts'
import {
  type StateFiles,
  scratchBuffer,
  syncDirectory,
  writePieces,
  writeStateTemp,
} from './save.ts'

/** An error as a message says it: its code first, when it has one. */
export const describeError = (error: unknown) => {
  const { code, message } = error as NodeJS.ErrnoException
  return code ? `${code}, ${message.replace(/^\w+: /, '')}` : String(message ?? error)
}

export interface JournalWriterInit {
  mock: MockCore
  files: StateFiles
  report: (message: string) => void
  statePath: string
  journalPath: string
  handle: FileHandle
  size: number
  stateBytes: number
  next: number
  /** Lines after the header in the journal as it was opened. */
  entries: number
  gatherMs: number
  compactAt: { minBytes: number; stateRatio: number }
}

type Operation = 'append' | 'compact'

/**
 * Follows a mock once its state file is loaded: appends each change it tells to the journal
 * (gathered, one write and one fdatasync per batch), compacts the journal into the state file,
 * reports and retries failed saves, and closes cleanly (see `keepState`).
 */
export class JournalWriter {
  readonly #init: JournalWriterInit
  /** The journal, open for writing; `#size` bytes of it are written and flushed. */
  #handle: FileHandle
  #size: number
  /** Appends are encoded into this buffer, one at a time (they run in order). */
  readonly #scratch = scratchBuffer()
  /** Bytes past `#size` may hold a failed write's start: cut before the next append. */
  #dirty = false
  #stateBytes: number
  /** The number the next change gets. */
  #next: number
  /** Changes told and not yet written, in order. */
  #pending: Entry[] = []
  /** Journal file operations run one at a time, in order. */
  #chain: Promise<unknown> = Promise.resolve()
  #timer: NodeJS.Timeout | undefined
  #appendRetryMs = 0
  #compaction: Promise<boolean> | undefined
  #compactNotBefore = 0
  #compactRetryMs = 0
  /** Entries written since the state file was last rewritten. */
  #sinceCompaction = 0
  /** Failures already reported, by operation, as `code` (or message): each is said once. */
  readonly #reported = new Map<Operation, Set<string>>()
  #closed = false
  readonly #unsubscribe: () => void

  constructor(init: JournalWriterInit) {
    this.#init = init
    this.#handle = init.handle
    this.#size = init.size
    this.#stateBytes = init.stateBytes
    this.#next = init.next
    this.#sinceCompaction = init.entries
    this.#unsubscribe = init.mock.onChange((change) => this.#told(change))
  }

  #told(change: MockChange): void {
    this.#pending.push({ n: this.#next++, change })
    this.#schedule(this.#init.gatherMs)
  }

  /** Writes an entry of the keeper's own (`ids`, `closed`) now; true when it is on disk. */
  append(entry: { ids: IdPosition } | { closed: true }): Promise<boolean> {
    this.#pending.push({ n: this.#next++, ...entry })
    return this.flush()
  }

  #schedule(delayMs: number): void {
    if (this.#timer || this.#closed) return
    this.#timer = setTimeout(() => {
      this.#timer = undefined
      void this.flush()
    }, delayMs)
    this.#timer.unref()
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(task, task)
    this.#chain = run.catch(() => undefined)
    return run
  }

  /** Cuts what a failed write may have left past the last complete entry. */
  async #clean(): Promise<void> {
    if (!this.#dirty) return
    await this.#handle.truncate(this.#size)
    this.#dirty = false
  }

  /** Appends `pieces` after the journal's last entry and flushes them to disk, or leaves it as it was. */
  async #append(pieces: Iterable<string>): Promise<void> {
    await this.#clean()
    this.#dirty = true
    const written = await writePieces(this.#handle, pieces, this.#size, this.#scratch)
    // fdatasync: the bytes and the file's new size, not its times (one disk write less).
    await this.#handle.datasync()
    this.#size += written
    this.#dirty = false
  }

  flush(): Promise<boolean> {
    return this.#serial(async () => {
      if (this.#pending.length === 0) return true
      const batch = this.#pending
      this.#pending = []
      try {
        await this.#append(entryLines(batch))
      } catch (error) {
        this.#pending = batch.concat(this.#pending)
        await this.#clean().catch(() => undefined)
        this.#failed('append', error)
        this.#appendRetryMs = Math.min(Math.max(this.#appendRetryMs * 2, 250), 5_000)
        this.#schedule(this.#appendRetryMs)
        return false
      }
      this.#appendRetryMs = 0
      this.#sinceCompaction += batch.length
      this.#recovered('append', `every change is in ${this.#init.journalPath} again`)
      this.maybeCompact()
      return true
    })
  }

  maybeCompact(): void {
    const { minBytes, stateRatio } = this.#init.compactAt
    if (this.#compaction || this.#closed || Date.now() < this.#compactNotBefore) return
    if (this.#size < Math.max(minBytes, stateRatio * this.#stateBytes)) return
    void this.compact()
  }

  compact(): Promise<boolean> {
    this.#compaction ??= this.#compact().finally(() => {
      this.#compaction = undefined
    })
    return this.#compaction
  }

  /**
   * The state file rewritten from the mock, and the journal started again after it. Each step
   * leaves files a restart reads right: (1) the state, as it stands between two writes, goes to a
   * temp file (the old file and journal untouched); (2) a marker naming the new file and its first
   * entry not held is appended to the journal; (3) the temp file is renamed over the state file
   * (the old journal's marker now says which of its entries to replay); (4) a new journal, the
   * header naming the new file then the old journal's entries from the capture on, is renamed over
   * the old one. Appends go on meanwhile, but for the copy of (4).
   */
  async #compact(): Promise<boolean> {
    const { mock, files, statePath } = this.#init
    let temp: string | undefined
    try {
      const captured = await mock.capture((state, at) => ({
        state,
        at,
        next: this.#next,
        cut: this.#size,
      }))
      const written = await writeStateTemp(statePath, captured.state, files)
      temp = written.temp
      const identity = { bytes: written.bytes, seq: captured.state.seq }
      const marker = await this.#serial(async () => {
        const start = this.#size
        try {
          await this.#append([markerLine(identity, captured.next, captured.at)])
        } catch (error) {
          await this.#clean().catch(() => undefined)
          throw error
        }
        return { start, end: this.#size }
      })
      await files.rename(temp, statePath)
      temp = undefined
      await syncDirectory(dirname(statePath), files)
      this.#stateBytes = written.bytes
      await this.#serial(() =>
        this.#rotate(identity, captured.next, captured.at, captured.cut, marker),
      )
    } catch (error) {
      if (temp) await files.rm(temp, { force: true }).catch(() => undefined)
      this.#failed('compact', error)
      this.#compactRetryMs = Math.min(Math.max(this.#compactRetryMs * 2, 5_000), 60_000)
      this.#compactNotBefore = Date.now() + this.#compactRetryMs
      return false
    }
    this.#compactRetryMs = 0
    this.#recovered('compact', `${statePath} holds every change again`)
    return true
  }

  /**
   * Step (4) of a compaction, between appends: the new journal holds the old one's lines from
   * `cut` on, but the marker (which names the new journal's own base).
   */
  async #rotate(
    base: StateIdentity,
    next: number,
    at: IdPosition,
    cut: number,
    marker: { start: number; end: number },
  ): Promise<void> {
    await this.#clean()
    const { files, journalPath } = this.#init
    const handle = await createJournal(files, journalPath, { base, next, ...at }, [
      { from: this.#handle, start: cut, end: marker.start },
      { from: this.#handle, start: marker.end, end: this.#size },
    ])
    const old = this.#handle
    this.#handle = handle
    this.#size = (await handle.stat()).size
    this.#sinceCompaction =
      this.#size > Buffer.byteLength(headerLine({ base, next, ...at })) ? 1 : 0
    await old.close().catch(() => undefined)
  }

  #failed(operation: Operation, error: unknown): void {
    const { code, message } = error as NodeJS.ErrnoException
    const kind = code ?? message
    const reported = this.#reported.get(operation) ?? new Set<string>()
    this.#reported.set(operation, reported)
    if (reported.has(kind)) return
    reported.add(kind)
    const { statePath, journalPath } = this.#init
    this.#init.report(
      operation === 'append'
        ? `Could not save the latest changes to ${journalPath} (${describeError(error)}). The mock keeps serving, keeps them in memory and tries again; this is said once per kind of failure.`
        : `Could not rewrite ${statePath} from its journal (${describeError(error)}). ${statePath} and ${journalPath} are intact and hold every change saved so far; the mock tries again later.`,
    )
  }

  #recovered(operation: Operation, what: string): void {
    if (!this.#reported.get(operation)?.size) return
    this.#reported.delete(operation)
    this.#init.report(`Saving works again: ${what}.`)
  }

  async close(): Promise<void> {
    this.#closed = true
    clearTimeout(this.#timer)
    this.#timer = undefined
    await this.#compaction
    const written = await this.flush()
    this.#unsubscribe()
    const { statePath, journalPath } = this.#init
    if (!written) {
      await this.#handle.close().catch(() => undefined)
      throw new Error(
        `${this.#pending.length} changes could not be written to ${journalPath}; they are lost. ${statePath} and the journal hold every change written before.`,
      )
    }
    // The state file is rewritten whole, so it holds the state on its own (to copy it, or to
    // start a mock of an older version from it). Nothing to do if nothing changed since.
    if (this.#sinceCompaction > 0) {
      const compacted = await this.#compact()
      if (!compacted) {
        await this.#handle.close().catch(() => undefined)
        throw new Error(
          `Could not rewrite ${statePath}; every change is safe in it and ${journalPath}, which the next start replays.`,
        )
      }
    }
    // The next start then knows no change can have been lost. Without it (a failed write), it
    // only draws identifiers from a new seed.
    await this.append({ closed: true })
    await this.#handle.close()
  }
}

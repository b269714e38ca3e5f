import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { IdPosition, MockChange } from '../../core/changes.ts'
import type { MockCore } from '../../core/mock.ts'
import { type StateFiles, syncDirectory, writeStateTemp } from '../../state-file/save.ts'
import { CompactionTrigger } from './compaction-trigger.ts'
import { createJournal, entryLines, headerLine, markerLine, type StateIdentity } from './journal.ts'
import { EntryBatch } from './journal-batch.ts'
import { JournalFile } from './journal-file.ts'
import { describeError, SaveReports } from './save-reports.ts'

export { describeError }

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
 * (gathered, one write and one fdatasync per batch: `EntryBatch`, `JournalFile`), compacts the
 * journal into the state file when it is due (`CompactionTrigger`), reports and retries failed
 * saves (`SaveReports`), and closes cleanly (see `keepState`).
 */
export class JournalWriter {
  readonly #init: JournalWriterInit
  readonly #file: JournalFile
  readonly #batch: EntryBatch
  readonly #trigger: CompactionTrigger
  readonly #reports: SaveReports<Operation>
  /** Journal file operations run one at a time, in order. */
  #chain: Promise<unknown> = Promise.resolve()
  #compaction: Promise<boolean> | undefined
  #closed = false
  readonly #unsubscribe: () => void

  constructor(init: JournalWriterInit) {
    this.#init = init
    this.#file = new JournalFile(init.handle, init.size)
    this.#batch = new EntryBatch(init.next, init.gatherMs, () => void this.flush())
    this.#trigger = new CompactionTrigger(init.compactAt, init.stateBytes, init.entries)
    this.#reports = new SaveReports(init.report)
    this.#unsubscribe = init.mock.onChange((change: MockChange) =>
      this.#batch.add({ change }, true),
    )
  }

  /** Writes an entry of the keeper's own (`ids`, `closed`) now; true when it is on disk. */
  append(entry: { ids: IdPosition } | { closed: true }): Promise<boolean> {
    this.#batch.add(entry, false)
    return this.flush()
  }

  #serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.#chain.then(task, task)
    this.#chain = run.catch(() => undefined)
    return run
  }

  flush(): Promise<boolean> {
    return this.#serial(async () => {
      if (this.#batch.pending === 0) return true
      const batch = this.#batch.take()
      try {
        await this.#file.appendOrCut(entryLines(batch))
      } catch (error) {
        this.#reports.failed(
          'append',
          error,
          () =>
            `Could not save the latest changes to ${this.#init.journalPath} (${describeError(error)}). The mock keeps serving, keeps them in memory and tries again; this is said once per kind of failure.`,
        )
        this.#batch.failed(batch)
        return false
      }
      this.#batch.written()
      this.#trigger.wrote(batch.length)
      this.#reports.recovered('append', `every change is in ${this.#init.journalPath} again`)
      this.maybeCompact()
      return true
    })
  }

  maybeCompact(): void {
    if (this.#compaction || this.#closed || !this.#trigger.due(this.#file.size)) return
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
        next: this.#batch.next,
        cut: this.#file.size,
      }))
      const written = await writeStateTemp(statePath, captured.state, files)
      temp = written.temp
      const identity = { bytes: written.bytes, seq: captured.state.seq }
      const marker = await this.#serial(async () => {
        const start = this.#file.size
        await this.#file.appendOrCut([markerLine(identity, captured.next, captured.at)])
        return { start, end: this.#file.size }
      })
      await files.rename(temp, statePath)
      temp = undefined
      await syncDirectory(dirname(statePath), files)
      this.#trigger.stateWritten(written.bytes)
      await this.#serial(() =>
        this.#rotate(identity, captured.next, captured.at, captured.cut, marker),
      )
    } catch (error) {
      if (temp) await files.rm(temp, { force: true }).catch(() => undefined)
      this.#reports.failed(
        'compact',
        error,
        () =>
          `Could not rewrite ${statePath} from its journal (${describeError(error)}). ${statePath} and ${this.#init.journalPath} are intact and hold every change saved so far; the mock tries again later.`,
      )
      this.#trigger.failed()
      return false
    }
    this.#trigger.succeeded()
    this.#reports.recovered('compact', `${statePath} holds every change again`)
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
    await this.#file.clean()
    const { files, journalPath } = this.#init
    const old = this.#file.handle
    const handle = await createJournal(files, journalPath, { base, next, ...at }, [
      { from: old, start: cut, end: marker.start },
      { from: old, start: marker.end, end: this.#file.size },
    ])
    await this.#file.replace(handle)
    const header = Buffer.byteLength(headerLine({ base, next, ...at }))
    this.#trigger.restarted(this.#file.size > header ? 1 : 0)
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#batch.close()
    await this.#compaction
    const written = await this.flush()
    this.#unsubscribe()
    const { statePath, journalPath } = this.#init
    if (!written) {
      await this.#file.close().catch(() => undefined)
      throw new Error(
        `${this.#batch.pending} changes could not be written to ${journalPath}; they are lost. ${statePath} and the journal hold every change written before.`,
      )
    }
    // The state file is rewritten whole, so it holds the state on its own (to copy it, or to
    // start a mock of an older version from it). Nothing to do if nothing changed since.
    if (this.#trigger.since > 0) {
      const compacted = await this.#compact()
      if (!compacted) {
        await this.#file.close().catch(() => undefined)
        throw new Error(
          `Could not rewrite ${statePath}; every change is safe in it and ${journalPath}, which the next start replays.`,
        )
      }
    }
    // The next start then knows no change can have been lost. Without it (a failed write), it
    // only draws identifiers from a new seed.
    await this.append({ closed: true })
    await this.#file.close()
  }
}

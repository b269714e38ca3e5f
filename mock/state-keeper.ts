import { randomInt } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { IdPosition, MockChange } from './core/changes.ts'
import type { MockCore } from './core/mock.ts'
import {
  type Entry,
  entryLines,
  headerLine,
  JournalError,
  journalPathOf,
  markerLine,
  replayJournal,
  type StateIdentity,
} from './journal.ts'
import { importStateFile, StateFileError } from './state-file.ts'
import {
  NODE_FILES,
  removeLeftovers,
  type StateFiles,
  saveStateAtomically,
  syncDirectory,
  tempPath,
  writeAt,
  writePieces,
  writeStateTemp,
} from './state-save.ts'

/**
 * Changes gather this long before they are written to the journal together (one write and one
 * fsync for a burst), so the journal is at most this long behind the answers.
 */
export const GATHER_MS = 50
/**
 * What a `kill -9` may lose, documented: the changes of the last 100 ms (they gather for
 * GATHER_MS, then one write; the rest is room for a late timer on a busy machine).
 */
export const WINDOW_MS = 2 * GATHER_MS
/**
 * The journal is compacted into the state file once it is larger than both: its replay at start
 * then costs at most about what loading the state file costs, and a compaction (which rewrites
 * the whole state) runs at most once per state's worth of changes. Redis' AOF rewrites on the
 * same rule (twice its size after the last rewrite, at least 64 MB).
 */
export const COMPACT_AT = { minBytes: 8 << 20, stateRatio: 1 }

export interface KeepStateOptions {
  /** Tests: file operations that fail or crash on purpose. */
  files?: StateFiles
  /** Where failures and notes go; stderr by default. */
  report?: (message: string) => void
  gatherMs?: number
  compactAt?: { minBytes: number; stateRatio: number }
}

export interface KeptState {
  /** Whether the state file was there (and loaded), rather than written for the first time. */
  loaded: boolean
  /** Journal entries replayed into the mock at start. */
  replayed: number
  journalPath: string
  /** What a `kill -9` may lose: the changes answered in the last this many ms. */
  windowMs: number
  /** Writes what waits now; true when that worked (false while saving fails). */
  flush: () => Promise<boolean>
  /** Rewrites the state file from the mock now (a compaction); true when it worked. */
  compact: () => Promise<boolean>
  /**
   * Stops following the mock: every change written, then the state file rewritten whole (so the
   * file on its own holds the state). Rejects, saying what is safe, if that fails.
   */
  close: () => Promise<void>
}

const refuseJournal = (journalPath: string, why: string) =>
  new StateFileError(
    `Refusing the journal ${journalPath}: ${why}. The state file and its journal were left as they are; put back the state file this journal belongs to, move the journal away (to start from the state file alone, without the changes since it was last written), or start without --state.`,
  )

const describe = (error: unknown) => {
  const { code, message } = error as NodeJS.ErrnoException
  return code ? `${code}, ${message.replace(/^\w+: /, '')}` : String(message ?? error)
}

/**
 * `serve --state FILE`: the state file loaded at start, then kept up to date as the mock
 * changes. Each change the mock tells (whole records, `MockCore.onChange`) is appended to a
 * journal beside the file (`FILE.journal`), gathered for GATHER_MS so a burst is one write and
 * one fsync; the journal is compacted into the state file (rewritten whole, atomically) once it
 * outgrows COMPACT_AT, in the background while the mock serves. At start the journal's entries
 * the state file does not hold are replayed. A save that fails is reported once per kind of
 * failure and retried; the mock keeps serving and keeps the changes in memory meanwhile.
 */
export const keepState = async (
  statePath: string,
  mock: MockCore,
  options: KeepStateOptions = {},
): Promise<KeptState> => {
  const files = options.files ?? NODE_FILES
  const report = options.report ?? ((message) => process.stderr.write(`[mock] ${message}\n`))
  const journalPath = journalPathOf(statePath)
  await files.mkdir(dirname(statePath), { recursive: true })
  await removeLeftovers(statePath, files)

  const loaded = await importStateFile(statePath, mock)
  const journalThere = await files.stat(journalPath).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false
      throw new StateFileError(`Cannot read the journal ${journalPath}: ${describe(error)}`)
    },
  )
  if (!loaded && journalThere) {
    throw refuseJournal(journalPath, `its state file ${statePath} is not there`)
  }

  let stateBytes: number
  let replayed = { applied: 0, next: 0, end: 0, torn: 0, entries: 0, clean: true }
  let handle: FileHandle
  if (loaded && journalThere) {
    stateBytes = (await files.stat(statePath)).size
    handle = await files.open(journalPath, 'r+')
    try {
      replayed = await replayJournal(handle, { bytes: stateBytes, seq: mock.store.seq }, mock)
      if (replayed.torn > 0) await handle.truncate(replayed.end)
    } catch (error) {
      await handle.close()
      if (error instanceof JournalError) throw refuseJournal(journalPath, error.message)
      throw error
    }
    if (replayed.torn > 0) {
      report(
        `Ignored the last ${replayed.torn} bytes of ${journalPath}: an entry cut off when the mock last stopped abruptly, so its changes were not kept.`,
      )
    }
  } else {
    // A state file without its journal says nothing of where the identifier source stood.
    if (loaded) await mock.resumeIds(freshIds())
    // The first start with this file, or a state file without a journal (saved by an older
    // version, or by hand): the journal starts from it. Without a state file, it is written
    // first, so the journal never continues a starting state that a restart could not rebuild.
    stateBytes = loaded
      ? (await files.stat(statePath)).size
      : await saveStateAtomically(statePath, await mock.capture((state) => state), files)
    const { seq } = mock.store
    handle = await createJournal(files, journalPath, {
      base: { bytes: stateBytes, seq },
      next: 0,
      ...mock.idPosition(),
    })
  }
  const size = (await handle.stat()).size
  const keeper = new Keeper({
    mock,
    files,
    report,
    statePath,
    journalPath,
    handle,
    size,
    stateBytes,
    next: replayed.next,
    entries: replayed.entries,
    gatherMs: options.gatherMs ?? GATHER_MS,
    compactAt: options.compactAt ?? COMPACT_AT,
  })
  if (!replayed.clean) {
    // The last run may have handed out identifiers in changes it never wrote: drawing on from
    // the last written position would hand them out again.
    const ids = freshIds()
    await mock.resumeIds(ids)
    await keeper.append({ ids })
    report(
      `The mock did not stop cleanly last time (a kill, crash or power cut): changes answered in its last ${2 * (options.gatherMs ?? GATHER_MS)} ms may be lost, and identifiers are now drawn from a new seed, so none it handed out is handed out again.`,
    )
  }
  keeper.maybeCompact()
  return {
    loaded,
    replayed: replayed.applied,
    journalPath,
    windowMs: 2 * (options.gatherMs ?? GATHER_MS),
    flush: () => keeper.flush(),
    compact: () => keeper.compact(),
    close: () => keeper.close(),
  }
}

/** Where an identifier source starts that no run drew from before: a random seed. */
const freshIds = (): IdPosition => ({ seed: randomInt(1, 2 ** 31), draws: 0 })

/** A new journal holding only its header, renamed into place; open for appending. */
const createJournal = async (
  files: StateFiles,
  journalPath: string,
  header: Parameters<typeof headerLine>[0],
  tail: { from: FileHandle; start: number; end: number }[] = [],
): Promise<FileHandle> => {
  const temp = tempPath(journalPath)
  const handle = await files.open(temp, 'wx+')
  try {
    let size = await writePieces(handle, [headerLine(header)])
    for (const { from, start, end } of tail) size += await copyRange(from, handle, start, end, size)
    await handle.sync()
    await files.rename(temp, journalPath)
  } catch (error) {
    await handle.close().catch(() => undefined)
    await files.rm(temp, { force: true }).catch(() => undefined)
    throw error
  }
  await syncDirectory(dirname(journalPath), files)
  return handle
}

/** Copies bytes [start, end) of `from` to `to` at `at`, 1 MiB at a time; the bytes copied. */
const copyRange = async (
  from: FileHandle,
  to: FileHandle,
  start: number,
  end: number,
  at: number,
) => {
  const chunk = Buffer.allocUnsafe(Math.min(1 << 20, Math.max(end - start, 1)))
  let done = 0
  while (start + done < end) {
    const { bytesRead } = await from.read(
      chunk,
      0,
      Math.min(chunk.length, end - start - done),
      start + done,
    )
    if (bytesRead === 0) throw new Error('the journal ended before its last entry')
    await writeAt(to, chunk.subarray(0, bytesRead), at + done)
    done += bytesRead
  }
  return done
}

interface KeeperInit {
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

class Keeper {
  readonly #init: KeeperInit
  /** The journal, open for writing; `#size` bytes of it are written and flushed. */
  #handle: FileHandle
  #size: number
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

  constructor(init: KeeperInit) {
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
    const written = await writePieces(this.#handle, pieces, this.#size)
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
    const captured = await mock.capture((state, at) => ({
      state,
      at,
      next: this.#next,
      cut: this.#size,
    }))
    let temp: string | undefined
    try {
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
        ? `Could not save the latest changes to ${journalPath} (${describe(error)}). The mock keeps serving, keeps them in memory and tries again; this is said once per kind of failure.`
        : `Could not rewrite ${statePath} from its journal (${describe(error)}). ${statePath} and ${journalPath} are intact and hold every change saved so far; the mock tries again later.`,
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

import { randomInt } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { IdPosition } from '../../core/changes.ts'
import type { MockCore } from '../../core/mock.ts'
import { importStateFile, StateFileError } from '../../state-file/file.ts'
import {
  NODE_FILES,
  removeLeftovers,
  type StateFiles,
  saveStateAtomically,
} from '../../state-file/save.ts'
import { createJournal, journalPathOf } from './journal.ts'
import { JournalError, replayJournal } from './journal-replay.ts'
import { describeError, JournalWriter } from './journal-writer.ts'

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
      throw new StateFileError(`Cannot read the journal ${journalPath}: ${describeError(error)}`)
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
  const writer = new JournalWriter({
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
    await writer.append({ ids })
    report(
      `The mock did not stop cleanly last time (a kill, crash or power cut): changes answered in its last ${2 * (options.gatherMs ?? GATHER_MS)} ms may be lost, and identifiers are now drawn from a new seed, so none it handed out is handed out again.`,
    )
  }
  writer.maybeCompact()
  return {
    loaded,
    replayed: replayed.applied,
    journalPath,
    windowMs: 2 * (options.gatherMs ?? GATHER_MS),
    flush: () => writer.flush(),
    compact: () => writer.compact(),
    close: () => writer.close(),
  }
}

/** Where an identifier source starts that no run drew from before: a random seed. */
const freshIds = (): IdPosition => ({ seed: randomInt(1, 2 ** 31), draws: 0 })

import type { FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import * as z from 'zod'
import type { IdPosition, MockChange } from '../../core/changes.ts'
import { COLLECTIONS } from '../../core/store.ts'
import {
  type StateFiles,
  stateText,
  syncDirectory,
  tempPath,
  writeAt,
  writePieces,
} from '../../state-file/save.ts'

/**
 * The journal beside a state file (`mock.json.journal`): JSON lines, appended as the mock
 * changes, that the state file plus the journal's entries give the mock's state at any moment.
 *
 * - Its first line, the header, names the state file it continues (`base`: its size in bytes and
 *   its `seq`), the number of its first entry (`next`) and where the identifier source stood.
 * - Each entry is numbered `n`, in order. Most are a change the mock told (`MockCore.onChange`):
 *   one write's whole records (`changes`), or the whole store after a reset or an import
 *   (`state`). `ids` puts the identifier source elsewhere (a fresh seed after an unclean stop);
 *   `closed` is the last entry of a mock that stopped cleanly.
 * - A marker (`compacted`) is appended just before a new state file replaces the old one: it names
 *   the new file and the first entry the new file does not hold, so a crash between that rename
 *   and the journal's own leaves a journal that still says which of its entries to replay.
 */
export const journalPathOf = (statePath: string) => `${statePath}.journal`

export const JOURNAL_FORMAT = 'engagement-mock-journal'

/** What a state file is known by: its size and its creation counter. */
export const StateIdentity = z.strictObject({ bytes: z.int().min(0), seq: z.int().min(0) })
export type StateIdentity = z.infer<typeof StateIdentity>
export const sameState = (a: StateIdentity, b: StateIdentity) =>
  a.bytes === b.bytes && a.seq === b.seq

const position = { seed: z.number(), draws: z.int().min(0) }

export const JournalHeader = z.strictObject({
  format: z.literal(JOURNAL_FORMAT),
  version: z.literal(1),
  base: StateIdentity,
  next: z.int().min(0),
  ...position,
})
export type JournalHeader = z.infer<typeof JournalHeader>

/** The records themselves are checked as they are stored (`MockCore.applyChanges`). */
const RecordChange = z.union([
  z.strictObject({ put: z.enum(COLLECTIONS), record: z.unknown() }),
  z.strictObject({ delete: z.enum(COLLECTIONS), id: z.string() }),
])
const RecordsEntry = z.strictObject({
  n: z.int().min(0),
  seq: z.int().min(0),
  draws: position.draws,
  changes: z.array(RecordChange),
})
/** The state is checked as an import checks it (`MockCore.applyChanges`). */
const StateEntry = z.strictObject({ n: z.int().min(0), ...position, state: z.unknown() })
const IdsEntry = z.strictObject({ n: z.int().min(0), ids: z.strictObject(position) })
const ClosedEntry = z.strictObject({ n: z.int().min(0), closed: z.literal(true) })
const Marker = z.strictObject({ compacted: StateIdentity, next: z.int().min(0), ...position })
export const JournalLine = z.union([RecordsEntry, StateEntry, IdsEntry, ClosedEntry, Marker])

export const headerLine = (header: Omit<JournalHeader, 'format' | 'version'>) =>
  `${JSON.stringify({ format: JOURNAL_FORMAT, version: 1, ...header })}\n`

export const markerLine = (compacted: StateIdentity, next: number, at: IdPosition) =>
  `${JSON.stringify({ compacted, next, seed: at.seed, draws: at.draws })}\n`

export type Entry = { n: number } & (
  | { change: MockChange }
  | { ids: IdPosition }
  | { closed: true }
)

/**
 * The lines of `entries`, in pieces of about 1 MiB: a state entry's text is made record by
 * record (`stateText`), as a state file's is.
 */
export function* entryLines(entries: readonly Entry[]): Generator<string> {
  let parts: string[] = []
  let size = 0
  for (const entry of entries) {
    const { n } = entry
    if (!('change' in entry)) {
      const line = `${JSON.stringify('ids' in entry ? { n, ids: entry.ids } : { n, closed: true })}\n`
      parts.push(line)
      size += line.length
      continue
    }
    const { change } = entry
    if (change.kind === 'records') {
      const { seq, draws, changes } = change
      const line = `${JSON.stringify({ n, seq, draws, changes })}\n`
      parts.push(line)
      size += line.length
      if (size < 1 << 20) continue
    } else {
      parts.push(`{"n":${n},"seed":${change.seed},"draws":${change.draws},"state":`)
      yield parts.join('')
      yield* stateText(change.state)
      parts = ['}\n']
      size = 2
      continue
    }
    yield parts.join('')
    parts = []
    size = 0
  }
  if (parts.length > 0) yield parts.join('')
}

/** A new journal holding only its header, renamed into place; open for appending. */
export const createJournal = async (
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

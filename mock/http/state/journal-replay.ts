import type { FileHandle } from 'node:fs/promises'
import { EngagementMockError } from '../../../contract/mock-error.ts'
import type { IdPosition, MockChange } from '../../core/changes.ts'
import {
  JOURNAL_FORMAT,
  JournalHeader,
  JournalLine,
  type StateIdentity,
  sameState,
} from './journal.ts'

/** A journal that cannot be replayed: the caller refuses to start, and says why. */
export class JournalError extends EngagementMockError {
  override name = 'JournalError'
}

/**
 * Calls `line` with each complete line of the file from `from` (its text and the offset after
 * its newline), in order, reading 1 MiB at a time. What follows the last newline is a line cut
 * off by a crash: its length is returned, and it is not passed on.
 */
export const readLines = async (
  handle: FileHandle,
  line: (text: string, end: number) => Promise<void> | void,
  from = 0,
): Promise<{ torn: number; end: number }> => {
  const chunk = Buffer.allocUnsafe(1 << 20)
  let carry: Buffer[] = []
  let offset = from
  let lineEnd = from
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, offset)
    if (bytesRead === 0) break
    let start = 0
    for (;;) {
      const newline = chunk.indexOf(10, start)
      if (newline === -1 || newline >= bytesRead) break
      const piece = chunk.subarray(start, newline)
      const bytes = carry.length === 0 ? piece : Buffer.concat([...carry, piece])
      carry = []
      lineEnd = offset + newline + 1
      await line(bytes.toString('utf8'), lineEnd)
      start = newline + 1
    }
    // The read buffer is reused: what is left of the line is copied.
    if (start < bytesRead) carry.push(Buffer.from(chunk.subarray(start, bytesRead)))
    offset += bytesRead
  }
  return { torn: offset - lineEnd, end: lineEnd }
}

const parseLine = (text: string, where: string) => {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new JournalError(`${where} is not JSON (${(error as Error).message})`)
  }
  const parsed = JournalLine.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new JournalError(
      `${where} is not an entry of this mock's journal (${issue?.path.join('.') || 'root'}: ${issue?.message})`,
    )
  }
  return parsed.data
}

/** The header of a journal file (its first line). */
export const readHeader = async (handle: FileHandle): Promise<JournalHeader> => {
  const chunk = Buffer.alloc(64 * 1024)
  const { bytesRead } = await handle.read(chunk, 0, chunk.length, 0)
  const newline = chunk.subarray(0, bytesRead).indexOf(10)
  if (newline === -1) throw new JournalError('its first line is not a complete journal header')
  let value: unknown
  try {
    value = JSON.parse(chunk.toString('utf8', 0, newline))
  } catch {
    throw new JournalError('its first line is not JSON')
  }
  const parsed = JournalHeader.safeParse(value)
  if (!parsed.success) {
    throw new JournalError(
      `its first line is not a journal header of this mock (version 1 of "${JOURNAL_FORMAT}")`,
    )
  }
  return parsed.data
}

export interface Replayed {
  /** Entries applied to the mock. */
  applied: number
  /** The number the next entry gets. */
  next: number
  /** Where the journal's complete lines end: a torn last line starts here. */
  end: number
  /** Bytes of a last line cut off by a crash, ignored. */
  torn: number
  /** Complete lines after the header, applied or not, but `closed` entries. */
  entries: number
  /** The mock that wrote it stopped cleanly: its last line is a `closed` entry. */
  clean: boolean
}

interface Applier {
  applyChanges: (
    changes: Iterable<MockChange>,
  ) => Promise<{ ok: true } | { ok: false; error: string }>
  resumeIds: (at: IdPosition) => Promise<void>
}

/** Entries are applied in batches of about this many bytes of text. */
const BATCH_BYTES = 4 << 20

/**
 * Applies to `mock` (holding the state file `state` names) the journal's entries that file does
 * not hold: those numbered from the header's `next` when the header names this state file, else
 * from the `next` of a marker that names it (a crash came between the two renames of a
 * compaction). Entries are applied in order, each checked as it is stored; a journal written for
 * another state file, or a line that is not a complete entry (but a torn last one), is refused.
 */
export const replayJournal = async (
  handle: FileHandle,
  state: StateIdentity,
  mock: Applier,
): Promise<Replayed> => {
  const header = await readHeader(handle)
  let from = header.next
  let at: IdPosition = { seed: header.seed, draws: header.draws }
  /** Calls `handler` with each complete line after the header, and where it is. */
  const eachEntryLine = (handler: (text: string, where: string) => Promise<void> | void) => {
    let number = 0
    return readLines(handle, (text) => {
      number += 1
      return number === 1 ? undefined : handler(text, `line ${number}`)
    })
  }
  if (!sameState(header.base, state)) {
    let found = false
    await eachEntryLine((text, where) => {
      if (!text.startsWith('{"compacted"')) return
      const marker = parseLine(text, where)
      if ('compacted' in marker && sameState(marker.compacted, state)) {
        found = true
        from = marker.next
        at = { seed: marker.seed, draws: marker.draws }
      }
    })
    if (!found) {
      throw new JournalError(
        `it continues another state file (${header.base.bytes} bytes, seq ${header.base.seq}; this one has ${state.bytes} bytes, seq ${state.seq})`,
      )
    }
  }
  // Where the state file's identifier source stood; each entry applied moves it on from there.
  await mock.resumeIds(at)
  let applied = 0
  let last = -1
  let batch: MockChange[] = []
  let batchBytes = 0
  let batchStart = ''
  const apply = async () => {
    if (batch.length === 0) return
    const result = await mock.applyChanges(batch)
    if (!result.ok) throw new JournalError(`an entry from ${batchStart} on: ${result.error}`)
    applied += batch.length
    batch = []
    batchBytes = 0
  }
  let entries = 0
  let clean = false
  const { torn, end } = await eachEntryLine(async (text, where) => {
    const line = parseLine(text, where)
    clean = 'closed' in line
    if (!clean) entries += 1
    if ('compacted' in line) return
    if (line.n <= last) throw new JournalError(`${where} is out of order (entry ${line.n})`)
    last = line.n
    if (line.n < from || 'closed' in line) return
    if ('ids' in line) {
      // The entries after it draw from there: those before it are applied first.
      await apply()
      await mock.resumeIds(line.ids)
      return
    }
    if (batch.length === 0) batchStart = where
    batch.push(
      'state' in line
        ? { kind: 'state', state: line.state as never, seed: line.seed, draws: line.draws }
        : {
            kind: 'records',
            changes: line.changes as never,
            seq: line.seq,
            draws: line.draws,
          },
    )
    batchBytes += text.length
    if (batchBytes >= BATCH_BYTES) await apply()
  })
  await apply()
  return { applied, next: Math.max(from, last + 1), end, torn, entries, clean: clean && torn === 0 }
}

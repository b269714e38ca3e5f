import { isAscii } from 'node:buffer'
import { closeSync, openSync, readSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { EngagementMockError } from '../../contract/mock-error.ts'
import {
  checkState,
  INCONSISTENT,
  type MockState,
  NOT_A_STATE,
  StreamedState,
} from '../core/state.ts'
import { StateStream } from '../core/state-stream.ts'
import { COLLECTIONS } from '../core/store.ts'
import { saveStateAtomically } from './save.ts'

/**
 * `--state FILE`: the mock's store kept on disk between runs, so a demo survives a restart.
 * A file that exists but cannot be used is refused (never repaired, never overwritten): the
 * caller stops, and the user decides what to do with it.
 */
export class StateFileError extends EngagementMockError {
  override name = 'StateFileError'
}

/** What a refusal advises, as `serve --state` reads a file; a caller reading one under another option replaces it. */
export const STATE_ADVICE = 'fix it, delete it, or start without --state'

const refuse = (path: string, why: string) =>
  new StateFileError(
    `Refusing the state file ${path}: ${why}. The file was left as it is; ${STATE_ADVICE}.`,
  )

/** The file's bytes, or undefined when the file does not exist yet. */
const readStateBytes = async (path: string): Promise<Buffer | undefined> => {
  try {
    return await readFile(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new StateFileError(`Cannot read the state file ${path}: ${(error as Error).message}`)
  }
}

/**
 * How the file's bytes become text. Decoded in one go, not by readFile with an encoding: that
 * decodes each 512 KiB chunk into its own string and joins them, and the first reader of the
 * joined text copies all of it again into one flat string. ASCII bytes (a state of ids, dates and
 * English text) are their own Latin-1 text, copied as they are instead of decoded; any other byte
 * (JSON.stringify writes é as é) means the file is decoded as UTF-8.
 */
const encodingOf = (bytes: Buffer): 'latin1' | 'utf8' => (isAscii(bytes) ? 'latin1' : 'utf8')

const textOf = (path: string, bytes: Buffer): string => {
  const text = bytes.toString(encodingOf(bytes))
  if (text.trim() === '') throw refuse(path, 'it is empty')
  return text
}

/** The file's text, or undefined when the file does not exist yet. */
const readStateText = async (path: string): Promise<string | undefined> => {
  const bytes = await readStateBytes(path)
  return bytes && textOf(path, bytes)
}

const parseStateText = (path: string, text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw refuse(path, `it is not valid JSON (${(error as Error).message})`)
  }
}

/** Refuses what does not start as a state saved by this mock (format and version). */
const checkHeader = (path: string, value: unknown): void => {
  const header = value as { format?: unknown; version?: unknown } | null
  if (typeof header !== 'object' || header === null || header.format !== 'engagement-mock-state') {
    throw refuse(
      path,
      'it is not a state saved by this mock (no "format": "engagement-mock-state")',
    )
  }
  if (header.version !== 1) {
    throw refuse(
      path,
      `it has version ${JSON.stringify(header.version)}; this mock reads version 1`,
    )
  }
}

/** Why a state was refused (`checkState`, `buildStore`), in the words of a refused file. */
const refuseState = (path: string, error: string) => {
  if (error.startsWith(NOT_A_STATE)) {
    return refuse(path, `it is damaged at ${error.slice(NOT_A_STATE.length)}`)
  }
  const why = error.startsWith(INCONSISTENT) ? error.slice(INCONSISTENT.length) : error
  return refuse(path, `it is not consistent: ${why.replace(/\.$/, '')}`)
}

/**
 * The saved state as a value, checked whole (every record and the references between them), or
 * undefined when the file does not exist yet (the first run). To load a file into a mock,
 * `importStateFile` checks it once while storing it.
 */
export const loadStateFile = async (path: string): Promise<MockState | undefined> => {
  const text = await readStateText(path)
  if (text === undefined) return undefined
  const value = parseStateText(path, text)
  checkHeader(path, value)
  const checked = checkState(value)
  if (!checked.ok) throw refuseState(path, checked.error)
  return checked.state
}

type Importer = {
  importState: (input: unknown) => Promise<{ ok: true } | { ok: false; error: string }>
}

/**
 * `serve --state`: replaces the mock's store with the saved one, each record checked once as it is
 * stored; false when the file does not exist yet. A refused file changes nothing in the mock.
 * A file laid out as this mock saves one is read record by record (`importStreamed`); any other
 * is parsed whole, which imports it or says what is wrong.
 */
export const importStateFile = async (path: string, mock: Importer): Promise<boolean> => {
  if (await importStreamed(path, mock)) return true
  const text = await readStateText(path)
  if (text === undefined) return false
  const value = parseStateText(path, text)
  checkHeader(path, value)
  const imported = await mock.importState(value)
  if (!imported.ok) throw refuseState(path, imported.error)
  return true
}

/**
 * The usual import of a saved state: read in 1 MiB chunks into one reused buffer as its records
 * are stored (state-stream.ts), so neither the file nor its parsed whole is ever in memory. True
 * once the mock holds the file's state. A record its schema refuses is refused here, in the words
 * the whole file's import would use. False when anything else is not as a saved state is (no such
 * file, a layout of its own, a record that is not JSON, records that do not fit together...): the
 * mock is then unchanged, and `importStateFile` parses the whole file, which imports it or says
 * what is wrong as `loadStateFile` does.
 */
const importStreamed = async (path: string, mock: Importer): Promise<boolean> => {
  let fd: number
  try {
    fd = openSync(path, 'r')
  } catch {
    return false
  }
  // ASCII bytes are their own Latin-1 text (see `encodingOf`): true while every byte read is.
  let ascii = true
  const stream = new StateStream<Buffer>({
    allocate: (size) => Buffer.allocUnsafe(size),
    read: (into, at) => {
      const read = readSync(fd, into, at, into.length - at, null)
      if (ascii && !isAscii(into.subarray(at, at + read))) ascii = false
      return read
    },
    text: (bytes, start, end) => bytes.toString(ascii ? 'latin1' : 'utf8', start, end),
    collections: COLLECTIONS,
  })
  let imported: Awaited<ReturnType<Importer['importState']>>
  try {
    imported = await mock.importState(new StreamedState(stream))
  } catch {
    return false
  } finally {
    closeSync(fd)
  }
  if (imported.ok) return true
  // A record its schema refused: read whole, the file is refused at the same record in the same
  // words, after @msw/data has printed that record's issues to the console a second time.
  if (RECORD_REFUSED.test(imported.error)) throw refuseState(path, imported.error)
  return false
}
const RECORD_REFUSED = new RegExp(`^${NOT_A_STATE}(${COLLECTIONS.join('|')})\\.\\d+[.:]`)

/**
 * Writes a sibling temp file, flushes it to disk, then renames it over the target: a crash or a
 * full disk midway leaves the previous file whole, never half a state.
 */
export const saveStateFile = async (path: string, state: MockState): Promise<void> => {
  await saveStateAtomically(path, state)
}

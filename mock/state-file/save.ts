import { randomBytes } from 'node:crypto'
import type { FileHandle } from 'node:fs/promises'
import * as fsp from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { MockState } from '../core/state.ts'
import { COLLECTIONS } from '../core/store.ts'

/**
 * The file operations saving a state uses: node:fs/promises by default. Tests pass their own to
 * make one fail (a full disk, a crash at a chosen step).
 */
export interface StateFiles {
  open: typeof fsp.open
  rename: typeof fsp.rename
  rm: typeof fsp.rm
  stat: typeof fsp.stat
  mkdir: typeof fsp.mkdir
  readdir: typeof fsp.readdir
}
export const NODE_FILES: StateFiles = fsp

/** Pieces of about this many characters: each is written, and the event loop turns, in between. */
const PIECE = 1 << 20

/**
 * A state's JSON text (exactly `JSON.stringify(state)`) in pieces of about 1 MiB, record by
 * record: at 100,000 records the whole text is ~83 MB, which one `JSON.stringify` would build
 * in one go (and one block of the event loop, ~0.7 s) while the mock serves.
 */
export function* stateText(state: MockState): Generator<string> {
  const { format, version, seq, organizations } = state
  let parts = [JSON.stringify({ format, version, seq, organizations }).slice(0, -1)]
  let size = 0
  for (const name of COLLECTIONS) {
    parts.push(`,"${name}":[`)
    let first = true
    for (const record of state[name]) {
      const text = JSON.stringify(record)
      parts.push(first ? text : `,${text}`)
      first = false
      size += text.length
      if (size >= PIECE) {
        yield parts.join('')
        parts = []
        size = 0
      }
    }
    parts.push(']')
  }
  parts.push('}')
  yield parts.join('')
}

/** A state file's text: the state, then a newline; made piece by piece as it is written. */
function* fileText(state: MockState): Generator<string> {
  yield* stateText(state)
  yield '\n'
}

/** Writes all of `bytes` at `position` (a write may take less than it was given). */
export const writeAt = async (handle: FileHandle, bytes: Buffer, position: number) => {
  let done = 0
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done)
    done += bytesWritten
  }
}

/** A buffer the pieces written through it are encoded into, instead of a new one per piece. */
export const scratchBuffer = () => Buffer.allocUnsafeSlow(4 << 20)

/**
 * Writes the pieces one after another from `from`; the bytes written. With `scratch`, each piece
 * that surely fits (3 bytes per character at most) is encoded into it: a journal's batches and a
 * state file's pieces then allocate nothing outside the heap per write.
 */
export const writePieces = async (
  handle: FileHandle,
  pieces: Iterable<string>,
  from = 0,
  scratch?: Buffer,
) => {
  let at = from
  for (const piece of pieces) {
    const bytes =
      scratch && piece.length * 3 <= scratch.length
        ? scratch.subarray(0, scratch.write(piece))
        : Buffer.from(piece, 'utf8')
    await writeAt(handle, bytes, at)
    at += bytes.length
  }
  return at - from
}

/** A sibling temp file's name: `.NAME.<pid>.<random>.tmp`, which `removeLeftovers` knows. */
export const tempPath = (path: string) =>
  join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)

/** Makes a rename itself survive a power cut where the platform allows it (not on Windows). */
export const syncDirectory = async (dir: string, files: StateFiles = NODE_FILES) => {
  try {
    const handle = await files.open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // Best effort: the rename has already happened.
  }
}

/**
 * Writes `state` to a new temp file beside `path` and flushes it to disk, without renaming it:
 * its path and size in bytes. Nothing is left behind when it fails.
 */
export const writeStateTemp = async (
  path: string,
  state: MockState,
  files: StateFiles = NODE_FILES,
): Promise<{ temp: string; bytes: number }> => {
  const temp = tempPath(path)
  try {
    const handle = await files.open(temp, 'wx')
    try {
      const bytes = await writePieces(handle, fileText(state), 0, scratchBuffer())
      await handle.sync()
      return { temp, bytes }
    } finally {
      await handle.close()
    }
  } catch (error) {
    await files.rm(temp, { force: true }).catch(() => undefined)
    throw error
  }
}

/**
 * Writes a sibling temp file, flushes it to disk, then renames it over the target: a crash or a
 * full disk midway leaves the previous file whole, never half a state. The bytes written.
 */
export const saveStateAtomically = async (
  path: string,
  state: MockState,
  files: StateFiles = NODE_FILES,
): Promise<number> => {
  const dir = dirname(path)
  await files.mkdir(dir, { recursive: true })
  const { temp, bytes } = await writeStateTemp(path, state, files)
  try {
    await files.rename(temp, path)
  } catch (error) {
    await files.rm(temp, { force: true }).catch(() => undefined)
    throw error
  }
  await syncDirectory(dir, files)
  return bytes
}

/**
 * Removes the temp files a save of `path` (or of its journal) left when its process died
 * midway: only names `tempPath` makes, so nothing else in the folder is touched.
 */
export const removeLeftovers = async (path: string, files: StateFiles = NODE_FILES) => {
  const name = basename(path).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const leftover = new RegExp(`^\\.${name}(\\.journal)?\\.\\d+\\.[0-9a-f]{8}\\.tmp$`)
  let entries: string[]
  try {
    entries = await files.readdir(dirname(path))
  } catch {
    return
  }
  for (const entry of entries) {
    if (leftover.test(entry)) {
      await files.rm(join(dirname(path), entry), { force: true }).catch(() => undefined)
    }
  }
}

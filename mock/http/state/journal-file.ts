import type { FileHandle } from 'node:fs/promises'
import { scratchBuffer, writePieces } from '../../state-file/save.ts'

/**
 * The journal open for appending: `size` bytes of it are written and flushed to disk. An append
 * either lands whole, or what it wrote past `size` is cut before anything else is written.
 */
export class JournalFile {
  #handle: FileHandle
  #size: number
  /** Appends are encoded into this buffer, one at a time (the caller runs them in order). */
  readonly #scratch = scratchBuffer()
  /** Bytes past `#size` may hold a failed write's start: cut before the next append. */
  #dirty = false

  constructor(handle: FileHandle, size: number) {
    this.#handle = handle
    this.#size = size
  }

  get handle(): FileHandle {
    return this.#handle
  }

  /** Bytes written and flushed. */
  get size(): number {
    return this.#size
  }

  /** Cuts what a failed write may have left past the last complete entry. */
  async clean(): Promise<void> {
    if (!this.#dirty) return
    await this.#handle.truncate(this.#size)
    this.#dirty = false
  }

  /** Appends `pieces` after the journal's last entry and flushes them to disk, or leaves it as it was. */
  async append(pieces: Iterable<string>): Promise<void> {
    await this.clean()
    this.#dirty = true
    const written = await writePieces(this.#handle, pieces, this.#size, this.#scratch)
    // fdatasync: the bytes and the file's new size, not its times (one disk write less).
    await this.#handle.datasync()
    this.#size += written
    this.#dirty = false
  }

  /**
   * `append`, and on failure the journal is cut back at once (when it can be) before the error is
   * passed on: a journal a failed write touched is as it was before it.
   */
  async appendOrCut(pieces: Iterable<string>): Promise<void> {
    try {
      await this.append(pieces)
    } catch (error) {
      await this.clean().catch(() => undefined)
      throw error
    }
  }

  /** Continues in `handle` (a new journal, flushed whole); the old handle is closed. */
  async replace(handle: FileHandle): Promise<void> {
    const old = this.#handle
    this.#handle = handle
    this.#size = (await handle.stat()).size
    await old.close().catch(() => undefined)
  }

  close(): Promise<void> {
    return this.#handle.close()
  }
}

import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'

/**
 * A copy of a body as it passes, for the checker: decoded when it is compressed (gzip, deflate,
 * br), and bounded: past `limit` bytes nothing more is kept and `truncated` says so. The body
 * itself flows on untouched; the tap only reads copies of its chunks.
 */
export class BodyTap {
  readonly #chunks: Buffer[] = []
  #size = 0
  #truncated = false
  readonly #decoder: NodeJS.ReadWriteStream | undefined
  #decodeError: string | undefined
  readonly #decoded: Promise<void>

  constructor(
    private readonly limit: number,
    encoding?: string,
  ) {
    const coding = encoding?.trim().toLowerCase()
    this.#decoder =
      coding === 'gzip' || coding === 'x-gzip'
        ? createGunzip()
        : coding === 'deflate'
          ? createInflate()
          : coding === 'br'
            ? createBrotliDecompress()
            : undefined
    this.#decoded = this.#decoder
      ? new Promise<void>((resolve) => {
          const decoder = this.#decoder as NodeJS.ReadWriteStream
          decoder.on('data', (chunk: Buffer) => this.#keep(chunk))
          decoder.on('end', resolve)
          decoder.on('error', (error: Error) => {
            this.#decodeError = error.message
            resolve()
          })
        })
      : Promise.resolve()
  }

  #keep(chunk: Buffer): void {
    if (this.#truncated) return
    const room = this.limit - this.#size
    if (chunk.length > room) {
      this.#chunks.push(chunk.subarray(0, room))
      this.#size = this.limit
      this.#truncated = true
      return
    }
    this.#chunks.push(chunk)
    this.#size += chunk.length
  }

  /** Whether the copy is full (nothing more would be kept). */
  get full(): boolean {
    return this.#truncated
  }

  add(chunk: Buffer): void {
    if (this.#truncated || this.#decodeError) return
    if (this.#decoder) this.#decoder.write(chunk)
    else this.#keep(chunk)
  }

  /** Whether the body is already whole here: `read` gives it without waiting (nothing to decode). */
  get ready(): boolean {
    return this.#decoder === undefined
  }

  /**
   * Whether the kept copy is exactly `bytes` (undecoded, whole): compared chunk by chunk in place,
   * so a repeated answer is recognized without joining its chunks or decoding them into text.
   */
  sameAs(bytes: Buffer): boolean {
    if (this.#decoder || this.#truncated || this.#size !== bytes.length) return false
    let at = 0
    for (const chunk of this.#chunks) {
      if (chunk.compare(bytes, at, at + chunk.length) !== 0) return false
      at += chunk.length
    }
    return true
  }

  /** `end` when the body is `ready` (not compressed): the same result, without a promise. */
  read(): BodyRead {
    const bytes =
      this.#chunks.length === 1
        ? (this.#chunks[0] as Buffer)
        : Buffer.concat(this.#chunks, this.#size)
    const text = bytes.toString('utf8')
    if (this.#decodeError && !this.#truncated) {
      return { text, truncated: false, unread: `could not be decoded: ${this.#decodeError}` }
    }
    return { text, truncated: this.#truncated, bytes }
  }

  /** The body's text as far as it was kept; `unread` says why it could not be decoded. */
  async end(): Promise<BodyRead> {
    this.#decoder?.end()
    await this.#decoded
    return this.read()
  }
}

/** What a tap kept: its text, and (when it could be read) the bytes it decoded from. */
export interface BodyRead {
  text: string
  truncated: boolean
  unread?: string
  bytes?: Buffer
}

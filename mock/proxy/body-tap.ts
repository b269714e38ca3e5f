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

  /** The body's text as far as it was kept; `unread` says why it could not be decoded. */
  async end(): Promise<{ text: string; truncated: boolean; unread?: string }> {
    this.#decoder?.end()
    await this.#decoded
    const text = Buffer.concat(this.#chunks, this.#size).toString('utf8')
    if (this.#decodeError && !this.#truncated) {
      return { text, truncated: false, unread: `could not be decoded: ${this.#decodeError}` }
    }
    return { text, truncated: this.#truncated }
  }
}

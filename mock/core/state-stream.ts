import { EngagementMockError } from '../../contract/mock-error.ts'

/**
 * A saved state read as it is stored, record by record: `serve --state` parses each record's text
 * right before storing it, so a record's parsed copy dies young and the whole file is never in
 * memory at once. `JSON.parse` of a whole 83 MB state (100,000 forms) kept every parsed record
 * alive until the import ended, and an idle mock kept the heap that needed: ~540 MiB of RSS
 * settled, against ~310 read this way (bench:import, issue 24).
 *
 * Only the structure between the records is read here (quotes, brackets, commas); each record's
 * text is given to `JSON.parse`, which checks it. The bytes are read, not a string of the whole
 * file: every character that delimits JSON is ASCII, and no byte of a UTF-8 multi-byte character
 * is below 0x80, so the structure is found byte by byte whatever the encoding.
 */
const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const OPEN_BRACKET = 0x5b
const CLOSE_BRACKET = 0x5d
const COMMA = 0x2c
const COLON = 0x3a

/** The four characters JSON allows between tokens. */
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/** Where the first character that is not whitespace is, from `at` on (`length` if none). */
const skipSpace = (bytes: Uint8Array, at: number, length: number): number => {
  let pos = at
  while (pos < length && isSpace(bytes[pos] as number)) pos++
  return pos
}

/** Whether a value may start with this character (not a delimiter). */
const startsValue = (c: number) =>
  c !== COMMA && c !== CLOSE_BRACKET && c !== CLOSE_BRACE && c !== COLON

/** JSON.parse, with a text that is not JSON refused as not laid out as a saved state. */
const parsed = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    throw new NotStreamable()
  }
}

/** At most how many records are parsed together (`StateStream.#batch`). */
const BATCH = 128

/** Thrown by a `StateStream` when the text is not laid out as a saved state is. */
export class NotStreamable extends EngagementMockError {}

/** Fills `into` from `at` on with the next bytes of the text; how many (0: the end). */
export type ReadMore<B extends Uint8Array> = (into: B, at: number) => number

/**
 * A saved state read as it is stored: the bytes come in chunks into one buffer, reused, so the
 * whole file is never in memory (its ~20,000 fresh pages cost ~0.3 s of system time at 100,000
 * records, more than a third of what the import spends in the kernel). Only the layout a saved
 * state has is read: an object whose keys before the first collection make its head, then the
 * collections in the order given, each an array of records, then the end. Anything else
 * (another order, a key twice, a record JSON.parse refuses...) throws `NotStreamable`, and the
 * caller parses the whole text, which imports it or says what is wrong in JSON.parse's words.
 */
export class StateStream<B extends Uint8Array> {
  #bytes: B
  #length = 0
  #pos = 0
  #done = false
  readonly #read: ReadMore<B>
  readonly #allocate: (size: number) => B
  readonly #text: (bytes: B, start: number, end: number) => string
  readonly #collections: readonly string[]
  #next = 0

  constructor(options: {
    read: ReadMore<B>
    allocate: (size: number) => B
    text: (bytes: B, start: number, end: number) => string
    collections: readonly string[]
    chunk?: number
  }) {
    this.#read = options.read
    this.#allocate = options.allocate
    this.#text = options.text
    this.#collections = options.collections
    this.#bytes = options.allocate(options.chunk ?? 1 << 20)
  }

  /**
   * Keeps the bytes from `from` on, moved to the front, and reads more after them (into a larger
   * buffer when they fill it); false at the end of the text.
   */
  #more(from: number): boolean {
    if (this.#done) return false
    const kept = this.#length - from
    if (kept * 2 > this.#bytes.length) {
      const bytes = this.#allocate(this.#bytes.length * 2)
      bytes.set(this.#bytes.subarray(from, this.#length))
      this.#bytes = bytes
    } else {
      this.#bytes.copyWithin(0, from, this.#length)
    }
    this.#pos -= from
    this.#length = kept
    const read = this.#read(this.#bytes, kept)
    if (read === 0) this.#done = true
    this.#length += read
    return read > 0
  }

  /** The next character after whitespace, not consumed. */
  #peek(): number {
    for (;;) {
      this.#pos = skipSpace(this.#bytes, this.#pos, this.#length)
      if (this.#pos < this.#length) return this.#bytes[this.#pos] as number
      if (!this.#more(this.#pos)) throw new NotStreamable()
    }
  }

  #take(code: number): boolean {
    if (this.#peek() !== code) return false
    this.#pos++
    return true
  }

  #expect(code: number): void {
    if (!this.#take(code)) throw new NotStreamable()
  }

  /** Where the next value ends, reading more until the buffer holds it whole. */
  #valueEnd(): number {
    this.#peek()
    for (;;) {
      const end = valueEnd(this.#bytes, this.#pos, this.#length, this.#done)
      if (end >= 0) return end
      if (!this.#more(this.#pos)) throw new NotStreamable()
    }
  }

  /** The next value, parsed: its bytes decoded and given to JSON.parse, which checks them. */
  #value(): unknown {
    const end = this.#valueEnd()
    const text = this.#text(this.#bytes, this.#pos, end)
    this.#pos = end
    return parsed(text)
  }

  #key(): string {
    if (this.#peek() !== QUOTE) throw new NotStreamable()
    const key = this.#value()
    if (typeof key !== 'string' || key === '__proto__') throw new NotStreamable()
    this.#expect(COLON)
    return key
  }

  /** The top level's keys and values before the first collection (each key once). */
  head(): Record<string, unknown> {
    const head: Record<string, unknown> = {}
    this.#expect(OPEN_BRACE)
    for (;;) {
      const key = this.#key()
      if (key === this.#collections[0]) return head
      if (Object.hasOwn(head, key) || this.#collections.includes(key)) throw new NotStreamable()
      head[key] = this.#value()
      this.#expect(COMMA)
    }
  }

  /** The records of the next collection, each parsed as it is reached. */
  *records(name: string): Generator<unknown, void, undefined> {
    if (this.#collections[this.#next] !== name) throw new NotStreamable()
    if (this.#next > 0) {
      this.#expect(COMMA)
      if (this.#key() !== name) throw new NotStreamable()
    }
    this.#next++
    this.#expect(OPEN_BRACKET)
    if (this.#take(CLOSE_BRACKET)) return
    do yield* this.#batch()
    while (this.#take(COMMA))
    this.#expect(CLOSE_BRACKET)
  }

  /**
   * The next record, and those after it that the buffer already holds whole (up to `BATCH`),
   * each parsed: their text is decoded and given to `JSON.parse` as one array. One call per
   * record cost more than the parse itself at 100,000 records (a decode, a parse and a generator
   * step each); a batch keeps only a few records' parsed copies alive at once. When the array is
   * refused, the records are parsed one by one, so those before the bad one are given first,
   * exactly as when each is read on its own.
   */
  *#batch(): Generator<unknown, void, undefined> {
    let end = this.#valueEnd()
    const bytes = this.#bytes
    const length = this.#length
    const starts = [this.#pos]
    const ends = [end]
    while (ends.length < BATCH) {
      let at = skipSpace(bytes, end, length)
      if (at >= length || bytes[at] !== COMMA) break
      at = skipSpace(bytes, at + 1, length)
      // What is not a whole value here (the buffer's end, a trailing comma...) is left to the
      // next step, which reads more or refuses it after the records before it are given.
      if (at >= length || !startsValue(bytes[at] as number)) break
      const next = valueEnd(bytes, at, length, this.#done)
      if (next < 0) break
      starts.push(at)
      ends.push(next)
      end = next
    }
    const start = this.#pos
    this.#pos = end
    if (starts.length > 1) {
      try {
        const records: unknown = JSON.parse(`[${this.#text(bytes, start, end)}]`)
        if (Array.isArray(records) && records.length === starts.length) return yield* records
      } catch {
        // One of them is not JSON: parsed one by one below, it is refused where it stands.
      }
    }
    for (const [i, at] of starts.entries()) yield parsed(this.#text(bytes, at, ends[i] as number))
  }

  /** Throws unless every collection was read and only whitespace follows the object's end. */
  end(): void {
    if (this.#next !== this.#collections.length) throw new NotStreamable()
    this.#expect(CLOSE_BRACE)
    for (;;) {
      this.#pos = skipSpace(this.#bytes, this.#pos, this.#length)
      if (this.#pos < this.#length) throw new NotStreamable()
      if (!this.#more(this.#pos)) return
    }
  }
}

/**
 * Where the value starting at `at` ends, or -1 when it runs past `length` and more bytes may
 * follow (`done` false); throws `NotStreamable` when it cannot be a value.
 */
const valueEnd = (bytes: Uint8Array, at: number, length: number, done: boolean): number => {
  const first = bytes[at] as number
  let end = at
  if (first === QUOTE) return stringEnd(bytes, at, length)
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0
    do {
      if (end >= length) return -1
      const c = bytes[end] as number
      if (c === QUOTE) {
        end = stringEnd(bytes, end, length)
        if (end < 0) return -1
        continue
      }
      end++
      if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
    } while (depth > 0)
    return end
  }
  while (end < length) {
    const c = bytes[end] as number
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break
    end++
  }
  if (end === length && !done) return -1
  if (end === at) throw new NotStreamable()
  return end
}

/** Just past the closing quote of the string whose opening quote is at `at`, or -1. */
const stringEnd = (bytes: Uint8Array, at: number, length: number): number => {
  let end = at
  for (;;) {
    end++
    while (end < length && bytes[end] !== QUOTE) end++
    if (end >= length) return -1
    let slashes = 0
    while (bytes[end - 1 - slashes] === BACKSLASH) slashes++
    if (slashes % 2 === 0) return end + 1
  }
}

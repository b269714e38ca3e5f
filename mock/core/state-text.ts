/**
 * A state's JSON bytes, split into its top level and where each record's text lies, so an import
 * parses each record right before storing it. `JSON.parse` of a whole 90 MB state allocates every
 * record at once: they all outlive the young generation and are copied out of it (which cost more
 * than the parse itself), and the whole parsed tree then lived until the import ended. Parsed one
 * at a time, a record's parsed copy dies young once its collection has stored it.
 *
 * The bytes are read, not a string of the whole file: that string cost a copy of the file (and
 * ~20,000 fresh pages of memory at 100,000 records) only to be sliced. Every character that
 * delimits JSON is ASCII, and no byte of a UTF-8 multi-byte character is below 0x80, so the
 * structure is found byte by byte whatever the encoding; `text` turns a span of bytes into text.
 *
 * Only the structure between the records is read here. The text of each record, key and value is
 * given to `JSON.parse`, which checks it (a record's, when it is decoded). Anything this reader
 * does not expect (a character JSON does not allow between values, a `__proto__` key, a top level
 * that is not an object...) makes `splitState` answer undefined: the caller then parses the whole
 * text, which either reports the error JSON.parse reports or gives the value.
 */
export interface SplitState {
  /** The top level, each of the given keys' arrays replaced by an array of its elements' spans. */
  frame: Record<string, unknown>
}

/** Where one record's text lies in the bytes: from `start` up to, not including, `end`. */
export class Span {
  readonly start: number
  readonly end: number
  constructor(start: number, end: number) {
    this.start = start
    this.end = end
  }
}

/** The text of the bytes from `start` up to `end` (the file's encoding). */
export type TextOf = (start: number, end: number) => string

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

/** Thrown inside the reader when the text is not as expected; never escapes `splitState`. */
class Unexpected extends Error {}

class Reader {
  #pos = 0
  readonly #bytes: Uint8Array
  constructor(bytes: Uint8Array) {
    this.#bytes = bytes
  }

  /** The next character after whitespace, not consumed. */
  peek(): number {
    const bytes = this.#bytes
    while (this.#pos < bytes.length && isSpace(bytes[this.#pos] as number)) this.#pos++
    if (this.#pos >= bytes.length) throw new Unexpected()
    return bytes[this.#pos] as number
  }

  /** Consumes `code` if it comes next; false (nothing consumed) if not. */
  take(code: number): boolean {
    if (this.peek() !== code) return false
    this.#pos++
    return true
  }

  expect(code: number): void {
    if (!this.take(code)) throw new Unexpected()
  }

  /** Only whitespace is left. */
  atEnd(): boolean {
    try {
      this.peek()
      return false
    } catch (error) {
      if (error instanceof Unexpected) return true
      throw error
    }
  }

  /** Where the next value lies, not parsed: a string, object, array, number or literal. */
  value(): Span {
    const bytes = this.#bytes
    const first = this.peek()
    const start = this.#pos
    // Local positions in the loops below: this runs once per byte of every record.
    let at = start
    if (first === QUOTE) {
      at = pastString(bytes, at)
    } else if (first === OPEN_BRACE || first === OPEN_BRACKET) {
      let depth = 0
      do {
        if (at >= bytes.length) throw new Unexpected()
        const c = bytes[at] as number
        if (c === QUOTE) {
          at = pastString(bytes, at)
          continue
        }
        at++
        if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++
        else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
      } while (depth > 0)
    } else {
      while (at < bytes.length) {
        const c = bytes[at] as number
        if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break
        at++
      }
      if (at === start) throw new Unexpected()
    }
    this.#pos = at
    return new Span(start, at)
  }
}

/** Just past the closing quote of the string whose opening quote is at `at`. */
const pastString = (bytes: Uint8Array, at: number): number => {
  const length = bytes.length
  let end = at
  for (;;) {
    // A loop, not indexOf: a native call per string costs more than the few bytes it skips.
    end++
    while (end < length && bytes[end] !== QUOTE) end++
    if (end >= length) throw new Unexpected()
    let slashes = 0
    while (bytes[end - 1 - slashes] === BACKSLASH) slashes++
    if (slashes % 2 === 0) return end + 1
  }
}

/** Where an array's elements lie; the reader is just past its `[`. */
const elements = (reader: Reader): Span[] => {
  const spans: Span[] = []
  if (reader.take(CLOSE_BRACKET)) return spans
  do spans.push(reader.value())
  while (reader.take(COMMA))
  reader.expect(CLOSE_BRACKET)
  return spans
}

/** The top level with the arrays under `keys` as their elements' spans, or undefined (see above). */
export const splitState = (
  bytes: Uint8Array,
  keys: ReadonlySet<string>,
  text: TextOf,
): SplitState | undefined => {
  const reader = new Reader(bytes)
  const parse = (span: Span): unknown => JSON.parse(text(span.start, span.end))
  const frame: Record<string, unknown> = {}
  try {
    reader.expect(OPEN_BRACE)
    if (!reader.take(CLOSE_BRACE)) {
      do {
        if (reader.peek() !== QUOTE) return undefined
        const key = parse(reader.value())
        // JSON.parse makes `__proto__` an own key; an assignment here would set the prototype.
        if (typeof key !== 'string' || key === '__proto__') return undefined
        reader.expect(COLON)
        // A key given twice keeps its last value, as JSON.parse does.
        frame[key] =
          keys.has(key) && reader.take(OPEN_BRACKET) ? elements(reader) : parse(reader.value())
      } while (reader.take(COMMA))
      reader.expect(CLOSE_BRACE)
    }
    if (!reader.atEnd()) return undefined
  } catch (error) {
    if (error instanceof Unexpected || error instanceof SyntaxError) return undefined
    throw error
  }
  return { frame }
}

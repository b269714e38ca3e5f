/**
 * A state as JSON text, split into its top level and the text of each record, so an import can
 * parse each record right before storing it. `JSON.parse` of a whole 90 MB state allocates every
 * record at once: they all outlive the young generation and are copied out of it (which cost more
 * than the parse itself), and the whole parsed tree then lived until the import ended. Parsed one
 * at a time, a record's parsed copy dies young once its collection has stored it.
 *
 * Only the structure between the records is read here. The text of each record, key and value is
 * given to `JSON.parse`, which checks it (a record's, when it is decoded). Anything this reader
 * does not expect (a character JSON does not allow between values, a `__proto__` key, a top level
 * that is not an object...) makes `splitState` answer undefined: the caller then parses the whole
 * text, which either reports the error JSON.parse reports or gives the value.
 */
export interface SplitState {
  /** The top level, each of the given keys' arrays replaced by an array of its elements' texts. */
  frame: Record<string, unknown>
}

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
  readonly #text: string
  constructor(text: string) {
    this.#text = text
  }

  /** The next character after whitespace, not consumed. */
  peek(): number {
    const text = this.#text
    while (this.#pos < text.length && isSpace(text.charCodeAt(this.#pos))) this.#pos++
    if (this.#pos >= text.length) throw new Unexpected()
    return text.charCodeAt(this.#pos)
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

  /** From an opening quote to just past its closing quote. */
  #skipString(): void {
    const text = this.#text
    let at = this.#pos + 1
    for (;;) {
      const end = text.indexOf('"', at)
      if (end < 0) throw new Unexpected()
      at = end + 1
      let slashes = 0
      while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++
      if (slashes % 2 === 0) break
    }
    this.#pos = at
  }

  /** The text of the next value, not parsed: a string, object, array, number or literal. */
  value(): string {
    const text = this.#text
    const first = this.peek()
    const start = this.#pos
    if (first === QUOTE) {
      this.#skipString()
    } else if (first === OPEN_BRACE || first === OPEN_BRACKET) {
      let depth = 0
      do {
        if (this.#pos >= text.length) throw new Unexpected()
        const c = text.charCodeAt(this.#pos)
        if (c === QUOTE) {
          this.#skipString()
          continue
        }
        this.#pos++
        if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++
        else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
      } while (depth > 0)
    } else {
      while (this.#pos < text.length) {
        const c = text.charCodeAt(this.#pos)
        if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) break
        this.#pos++
      }
      if (this.#pos === start) throw new Unexpected()
    }
    return text.slice(start, this.#pos)
  }
}

/** An array's elements as texts; the reader is just past its `[`. */
const elements = (reader: Reader): string[] => {
  const texts: string[] = []
  if (reader.take(CLOSE_BRACKET)) return texts
  do texts.push(reader.value())
  while (reader.take(COMMA))
  reader.expect(CLOSE_BRACKET)
  return texts
}

/** The top level with the arrays under `keys` as their elements' texts, or undefined (see above). */
export const splitState = (text: string, keys: ReadonlySet<string>): SplitState | undefined => {
  const reader = new Reader(text)
  const frame: Record<string, unknown> = {}
  try {
    reader.expect(OPEN_BRACE)
    if (!reader.take(CLOSE_BRACE)) {
      do {
        if (reader.peek() !== QUOTE) return undefined
        const key: unknown = JSON.parse(reader.value())
        // JSON.parse makes `__proto__` an own key; an assignment here would set the prototype.
        if (typeof key !== 'string' || key === '__proto__') return undefined
        reader.expect(COLON)
        // A key given twice keeps its last value, as JSON.parse does.
        frame[key] =
          keys.has(key) && reader.take(OPEN_BRACKET) ? elements(reader) : JSON.parse(reader.value())
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

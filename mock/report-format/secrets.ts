/**
 * Every credential a run was given or saw, and the shell variable that stands for it wherever
 * something is written: a console line, a report, a HAR recording, a curl. A value is replaced
 * wherever it appears (an Authorization header, and a deployment echoing it in a header or a
 * body), so no file or line of ours carries it.
 *
 * Variables are stable per value within a run: the first Bearer key seen is `$API_KEY_1`, the
 * second `$API_KEY_2`, …; a key with a role keeps the name it was given (`$CONTRACT_API_KEY`).
 * A traffic importer tells the organizations of a recording apart by these names.
 */
export class Secrets {
  /** Value → variable name (without `$`). */
  readonly #names = new Map<string, string>()
  readonly #counts = new Map<string, number>()
  #sorted: [string, string][] | undefined

  /** `named`: value → variable for keys with a role (the keys `check` was given). */
  constructor(named: Iterable<readonly [string, string]> = []) {
    for (const [value, name] of named) if (value !== '') this.#names.set(value, name)
  }

  /** How many values are known: `scrub`'s result for a text changes only when this does. */
  get known(): number {
    return this.#names.size
  }

  /** The variable standing for `value` (`API_KEY_3`), given a number on first sight. */
  variable(value: string, base = 'API_KEY'): string {
    const known = this.#names.get(value)
    if (known !== undefined) return known
    // Already a placeholder (a HAR our proxy recorded): it keeps its name, so the numbering holds.
    if (PLACEHOLDER.test(value)) return value.slice(1)
    // A client sending a new key with every request must not grow this without bound.
    if (this.#names.size >= MAX_SECRETS) return `${base}_MORE`
    const n = (this.#counts.get(base) ?? 0) + 1
    this.#counts.set(base, n)
    const name = `${base}_${n}`
    this.#names.set(value, name)
    this.#sorted = undefined
    return name
  }

  /**
   * `text` with every known value, as written raw, JSON-escaped or URL-encoded, replaced by `$NAME`
   * (`cut`: the text was cut at a limit, and a value's start at its end is replaced as well).
   * Values shorter than MIN_LENGTH are left: no credential is that short, and replacing every `k`
   * of a body would make it unreadable.
   */
  scrub(text: string, cut = false): string {
    if (this.#names.size === 0 || text === '') return text
    let out = text
    for (const [spelled, name] of this.#ordered()) {
      // split/join, not one RegExp of every value: a value may be any length (a regex has a limit).
      if (out.includes(spelled)) out = out.split(spelled).join(`$${name}`)
    }
    return cut ? this.#cutTail(out) : out
  }

  /** A text cut at a size limit may end inside a value: that start of it is replaced too. */
  #cutTail(text: string): string {
    for (const [spelled, name] of this.#ordered()) {
      for (let k = Math.min(spelled.length - 1, text.length); k >= CUT_PREFIX; k--) {
        if (text.endsWith(spelled.slice(0, k))) return `${text.slice(0, text.length - k)}$${name}`
      }
    }
    return text
  }

  /** Headers with each value scrubbed. */
  scrubHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = {}
    for (const [name, value] of Object.entries(headers)) out[name] = this.scrub(value)
    return out
  }

  /** Every spelling of every value long enough, longest first: a key inside another is replaced whole. */
  #ordered(): [string, string][] {
    if (this.#sorted) return this.#sorted
    const spellings = new Map<string, string>()
    for (const [value, name] of this.#names) {
      if (value.length < MIN_LENGTH) continue
      for (const spelled of [
        value,
        JSON.stringify(value).slice(1, -1),
        encodeURIComponent(value),
      ]) {
        spellings.set(spelled, name)
      }
    }
    this.#sorted = [...spellings].sort((a, b) => b[0].length - a[0].length)
    return this.#sorted
  }
}

const PLACEHOLDER = /^\$[A-Z][A-Z0-9_]*$/
/** Distinct values remembered; later ones are still redacted in headers, as `$API_KEY_MORE`. */
const MAX_SECRETS = 1024
/** The shortest start of a value replaced at the end of a cut text. */
const CUT_PREFIX = 4
/** Shorter values are not searched for in text (see `scrub`). */
export const MIN_LENGTH = 6

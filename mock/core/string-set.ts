/**
 * A set of strings that only grows: the identifiers in use (ids, join codes, slugs) that a store
 * reserves and an import checks for repeats. An import of 100,000 forms adds ~600,000 of them,
 * and a JS `Set` paid ~0.5 µs per add on this machine (its table rehashed in C++ at every
 * doubling, one hash-table entry of three words per string), ~14 % of the import. Here a string's
 * place is found by open addressing over a typed array of indexes: the strings sit in one array
 * in the order they came, their hashes beside them, so growing the table re-reads only those
 * hashes. The hash is FNV-1a over the string's UTF-16 units, and strings whose hashes match are
 * compared whole (`===`): two strings are one entry exactly when they are equal.
 *
 * A state file is the user's input, so strings built to share a hash must not make an import
 * quadratic: every string in the table sits at most `PROBE_LIMIT` slots from where its hash
 * points, so no lookup probes further; a string that finds no place that close goes into a
 * plain `Set`, which lookups also ask once it holds anything.
 */
const PROBE_LIMIT = 32
const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 0x01000193

/** FNV-1a, 32 bits. */
export const fnv1a = (value: string): number => {
  let hash = FNV_OFFSET
  for (let i = 0; i < value.length; i++) hash = Math.imul(hash ^ value.charCodeAt(i), FNV_PRIME)
  return hash
}

/** What `#find` answers besides an empty slot's position (≥ 0). */
const PRESENT = -1
const NO_ROOM = -2

export class StringSet {
  readonly #hash: (value: string) => number
  /** The strings placed in the table, in the order they came (sized ahead when told to expect). */
  readonly #values: string[]
  #count = 0
  /** Each placed string's hash, by its index in `#values`: growing re-reads only these. */
  #hashes: Int32Array
  /** A string's index in `#values` + 1, at the slot its hash points to or just after (0: empty). */
  #slots: Int32Array
  #mask: number
  /** Strings that found no slot near their hash's: only strings that share hashes get here. */
  #overflow: Set<string> | undefined
  #size = 0

  /**
   * `expected`: how many strings the set will likely hold, to size it once instead of growing
   * it. `hash` is for tests that need strings that collide.
   */
  constructor(expected = 0, hash: (value: string) => number = fnv1a) {
    const slots = 2 ** Math.max(4, Math.ceil(Math.log2(expected * 2 + 1)))
    this.#slots = new Int32Array(slots)
    this.#mask = slots - 1
    this.#hashes = new Int32Array(slots >>> 1)
    this.#values = new Array<string>(expected)
    this.#hash = hash
  }

  get size(): number {
    return this.#size
  }

  /** How many strings the table holds before it grows (twice that many slots). */
  get capacity(): number {
    return (this.#mask + 1) >>> 1
  }

  has(value: string): boolean {
    return this.#find(value, this.#hash(value)) === PRESENT || this.#overflow?.has(value) === true
  }

  /** Adds `value`; false when it was in the set already. */
  add(value: string): boolean {
    const hash = this.#hash(value)
    const slot = this.#find(value, hash)
    if (slot === PRESENT || this.#overflow?.has(value)) return false
    this.#size++
    if (slot === NO_ROOM) {
      this.#overflow ??= new Set()
      this.#overflow.add(value)
      return true
    }
    const index = ++this.#count
    this.#values[index - 1] = value
    this.#hashes[index - 1] = hash
    this.#slots[slot] = index
    if (index * 2 > this.#mask) this.#grow()
    return true
  }

  /** The empty slot where `value` goes, or PRESENT, or NO_ROOM within PROBE_LIMIT slots. */
  #find(value: string, hash: number): number {
    const slots = this.#slots
    const mask = this.#mask
    for (let probe = 0, at = hash & mask; probe < PROBE_LIMIT; probe++, at = (at + 1) & mask) {
      const index = slots[at] as number
      if (index === 0) return at
      if (this.#hashes[index - 1] === hash && this.#values[index - 1] === value) return PRESENT
    }
    return NO_ROOM
  }

  /**
   * Doubles the table, its strings placed again in the order they came. A string that found a
   * slot near its hash's in the smaller table finds one in the larger (checked on 20,000 random
   * tables); were one not to, it would move to the overflow set rather than be lost.
   */
  #grow(): void {
    const slots = new Int32Array(this.#slots.length * 2)
    const mask = slots.length - 1
    const hashes = new Int32Array(slots.length >>> 1)
    hashes.set(this.#hashes)
    for (let index = 1; index <= this.#count; index++) {
      if (!place(slots, mask, hashes[index - 1] as number, index)) {
        this.#overflow ??= new Set()
        this.#overflow.add(this.#values[index - 1] as string)
      }
    }
    this.#slots = slots
    this.#mask = mask
    this.#hashes = hashes
  }
}

const place = (slots: Int32Array, mask: number, hash: number, index: number): boolean => {
  for (let probe = 0, at = hash & mask; probe < PROBE_LIMIT; probe++, at = (at + 1) & mask) {
    if (slots[at] === 0) {
      slots[at] = index
      return true
    }
  }
  return false
}

import {
  ID_BODY_LENGTH,
  ID_PREFIX,
  type IdKind,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  SLUG_SUFFIX_LENGTH,
} from '../../contract/common.ts'
import type { IdFaker } from './ids-faker.ts'
import { loadOnce } from './load-once.ts'

/** faker's `string.alphanumeric({ casing: 'lower' })` alphabet, in its order: digits, then a–z. */
const LOWER_ALPHANUMERIC = '0123456789abcdefghijklmnopqrstuvwxyz'
/** Each kind's id prefix with its underscore, made once instead of at every draw. */
const PREFIXES = Object.fromEntries(
  Object.entries(ID_PREFIX).map(([kind, prefix]) => [kind, `${prefix}_`]),
) as Record<IdKind, string>

/**
 * Ids, join codes and slugs from a seeded faker: the same seed replays the same identifiers,
 * which is what makes seeded demo data byte-identical across restarts.
 *
 * faker is imported by `load()`, not with this module: only writes draw identifiers, so a mock
 * started from a precomputed state answers its first reads without it. Until then the source
 * keeps its position (seed, numbers drawn) and applies it when faker arrives, so the identifiers
 * are the same whenever it loads. Drawing before `load()` has settled is a bug and throws.
 */
export class IdSource {
  #engine: IdFaker | undefined
  /** Where the source stands while faker is not loaded yet. */
  #seed: number
  #draws = 0
  readonly #reserve: (kind: 'id' | 'joinCode' | 'slug', value: string) => boolean

  constructor(seed: number, reserve: (kind: 'id' | 'joinCode' | 'slug', value: string) => boolean) {
    this.#seed = seed
    this.#reserve = reserve
  }

  /** Imports faker once and puts it where the source stands; a failed import is retried next time. */
  load(): Promise<void> {
    return this.#engine ? Promise.resolve() : this.#load()
  }

  readonly #load = loadOnce(async () => {
    const { createIdFaker } = await import('./ids-faker.ts')
    const engine = createIdFaker()
    engine.randomizer.seed(this.#seed)
    for (let i = 0; i < this.#draws; i++) engine.randomizer.next()
    this.#engine = engine
  })

  /** faker is in place: identifiers can be drawn without waiting for `load()`. */
  get loaded(): boolean {
    return this.#engine !== undefined
  }

  reseed(seed: number): void {
    this.restore(seed, 0)
  }

  /** The seed the source draws from. */
  get seed(): number {
    return this.#seed
  }

  /** How many random numbers were drawn since the seed: with it, `restore` resumes right here. */
  get draws(): number {
    return this.#engine ? this.#engine.randomizer.draws() : this.#draws
  }

  /**
   * Back to where a source of this seed stood after `draws` numbers. Ahead on the same seed, it
   * draws only the numbers in between: a replayed journal moves it on batch by batch, and
   * drawing again from the seed each time cost ~3.7 million draws per batch at 100,000 records.
   */
  restore(seed: number, draws: number): void {
    const engine = this.#engine
    const from = engine && seed === this.#seed ? engine.randomizer.draws() : undefined
    this.#seed = seed
    this.#draws = draws
    if (!engine) return
    if (from === undefined || from > draws) {
      engine.randomizer.seed(seed)
      for (let i = 0; i < draws; i++) engine.randomizer.next()
    } else {
      for (let i = from; i < draws; i++) engine.randomizer.next()
    }
  }

  /**
   * Character codes of one identifier, by its length: refilled at each draw. A draw allocates
   * nothing but the string it returns (a fresh array per draw was a sixth of a create's own bytes).
   */
  readonly #codes: number[][] = []

  /**
   * `prefix`, then `length` characters of `alphabet`, each `alphabet[floor(next() * alphabet.length)]`:
   * exactly what faker's `string.fromCharacters` (and `alphanumeric`, over its own alphabet) draws
   * from the same generator, one number per character, without its per-character helpers (an
   * options object, an array and three calls per character were a tenth of a create's CPU).
   * Built as one flat string: a concatenation is a tree of strings that the identifier set copies
   * into a flat one to hash it, and the record would keep both.
   */
  #draw(prefix: string, alphabet: string, length: number): string {
    if (!this.#engine) throw new Error('IdSource: await load() before drawing identifiers')
    const { next } = this.#engine.randomizer
    const size = prefix.length + length
    let codes = this.#codes[size]
    if (!codes) {
      codes = new Array<number>(size).fill(0)
      this.#codes[size] = codes
    }
    for (let i = 0; i < prefix.length; i++) codes[i] = prefix.charCodeAt(i)
    for (let i = prefix.length; i < size; i++) {
      codes[i] = alphabet.charCodeAt(Math.floor(next() * alphabet.length))
    }
    return String.fromCharCode(...codes)
  }

  /**
   * Draws until the kind's set takes the value: reserved as soon as it is made, so several made in
   * one request never collide. The draw's parts are passed, not a closure making it: one closure
   * fewer per identifier, and a create draws seven.
   */
  #unique(kind: 'id' | 'joinCode' | 'slug', prefix: string, alphabet: string, length: number) {
    for (;;) {
      const value = this.#draw(prefix, alphabet, length)
      if (this.#reserve(kind, value)) return value
    }
  }

  id(kind: IdKind): string {
    return this.#unique('id', PREFIXES[kind], LOWER_ALPHANUMERIC, ID_BODY_LENGTH)
  }

  joinCode(): string {
    return this.#unique('joinCode', '', JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH)
  }

  /** The title in kebab case plus a short random suffix. */
  slug(title: string): string {
    return this.#unique('slug', `${slugStem(title)}-`, LOWER_ALPHANUMERIC, SLUG_SUFFIX_LENGTH)
  }
}

/** A slug's words: the title in kebab case, accents dropped, at most 48 characters. */
export const slugStem = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '') || 'untitled'

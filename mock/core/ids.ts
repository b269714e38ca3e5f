import type { Faker, LocaleDefinition, Randomizer } from '@faker-js/faker'
import { faker as baseFaker } from '@faker-js/faker/locale/base'
import {
  ID_BODY_LENGTH,
  ID_PREFIX,
  type IdKind,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  SLUG_SUFFIX_LENGTH,
} from '../../contract/index.ts'

/**
 * Identifiers need no locale data, only faker's string helpers: the base locale keeps the English
 * one (the demo plan's) out of hosts that start from the precomputed demo state.
 */
const BaseFaker = baseFaker.constructor as new (options: {
  locale: LocaleDefinition
  randomizer?: Randomizer
}) => Faker

/**
 * faker's default generator (a fresh instance's; faker keeps it on `fakerCore`, which its types do
 * not declare), counting the numbers drawn since the last seed: a mock started from a precomputed
 * state advances a fresh one by the same count, and then hands out exactly the identifiers it
 * would have after replaying the plan. Closures, not methods: faker calls `next` unbound.
 */
const countingRandomizer = () => {
  const fresh = new BaseFaker({ locale: baseFaker.rawDefinitions }) as Faker & {
    fakerCore?: { randomizer?: Randomizer }
  }
  const inner = fresh.fakerCore?.randomizer
  if (!inner) throw new Error('This @faker-js/faker version keeps no fakerCore.randomizer')
  let draws = 0
  return {
    next: () => {
      draws++
      return inner.next()
    },
    seed: (seed: number | number[]) => {
      draws = 0
      inner.seed(seed)
    },
    draws: () => draws,
  }
}

/**
 * Ids, join codes and slugs from a seeded faker: the same seed replays the same identifiers,
 * which is what makes seeded demo data byte-identical across restarts.
 */
export class IdSource {
  readonly #randomizer = countingRandomizer()
  readonly #faker = new BaseFaker({
    locale: baseFaker.rawDefinitions,
    randomizer: this.#randomizer,
  })
  readonly #reserve: (kind: 'id' | 'joinCode' | 'slug', value: string) => boolean

  constructor(seed: number, reserve: (kind: 'id' | 'joinCode' | 'slug', value: string) => boolean) {
    this.#randomizer.seed(seed)
    this.#reserve = reserve
  }

  reseed(seed: number): void {
    this.#randomizer.seed(seed)
  }

  /** How many random numbers were drawn since the seed: with it, `restore` resumes right here. */
  get draws(): number {
    return this.#randomizer.draws()
  }

  /** Back to where a source of this seed stood after `draws` numbers. */
  restore(seed: number, draws: number): void {
    this.#randomizer.seed(seed)
    for (let i = 0; i < draws; i++) this.#randomizer.next()
  }

  /** Reserved as soon as it is made, so several made in one request never collide. */
  #unique(kind: 'id' | 'joinCode' | 'slug', make: () => string): string {
    for (;;) {
      const value = make()
      if (this.#reserve(kind, value)) return value
    }
  }

  id(kind: IdKind): string {
    return this.#unique(
      'id',
      () =>
        `${ID_PREFIX[kind]}_${this.#faker.string.alphanumeric({ length: ID_BODY_LENGTH, casing: 'lower' })}`,
    )
  }

  joinCode(): string {
    return this.#unique('joinCode', () =>
      this.#faker.string.fromCharacters(JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH),
    )
  }

  /** The title in kebab case plus a short random suffix. */
  slug(title: string): string {
    const stem =
      title
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 48)
        .replace(/-+$/, '') || 'untitled'
    return this.#unique(
      'slug',
      () =>
        `${stem}-${this.#faker.string.alphanumeric({ length: SLUG_SUFFIX_LENGTH, casing: 'lower' })}`,
    )
  }
}

import type { Faker } from '@faker-js/faker'
import {
  ID_BODY_LENGTH,
  ID_PREFIX,
  type IdKind,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  SLUG_SUFFIX_LENGTH,
} from '../../contract/index.ts'
import { seededFaker } from '../../fixtures/faker.ts'

/**
 * Ids, join codes and slugs from a seeded faker: the same seed replays the same identifiers,
 * which is what makes seeded demo data byte-identical across restarts.
 */
export class IdSource {
  readonly #faker: Faker
  readonly #reserve: (kind: 'id' | 'joinCode' | 'slug', value: string) => boolean

  constructor(seed: number, reserve: (kind: 'id' | 'joinCode' | 'slug', value: string) => boolean) {
    this.#faker = seededFaker(seed)
    this.#reserve = reserve
  }

  reseed(seed: number): void {
    this.#faker.seed(seed)
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

import { en, Faker } from '@faker-js/faker'
import {
  ID_BODY_LENGTH,
  ID_PREFIX,
  type IdKind,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  SLUG_SUFFIX_LENGTH,
} from '../../contract/common.ts'
import { slugStem } from '../core/ids.ts'

/**
 * Deterministic stand-ins, each drawn from a faker seeded by the text it replaces: the same input
 * gives the same fake in every run and every file, so a state imported twice is the same state
 * and an email that appears in two records is replaced by one address in both. They stand for
 * what respondents submitted (a response's email and answers), never for a record's definition.
 */

/** FNV-1a over the UTF-16 code units: a seed per input, nothing more (not a digest of secrets). */
const seedOf = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

export class Fakes {
  readonly #faker = new Faker({ locale: [en] })
  /** What was replaced, by kind: counted in the report. */
  readonly replaced = { emails: 0, answers: 0 }

  #seeded(kind: string, input: string): Faker {
    this.#faker.seed(seedOf(`${kind}\u0000${input}`))
    return this.#faker
  }

  /** An email address for `email`, the same for the same address (case aside). */
  email(email: string): string {
    const faker = this.#seeded('email', email.trim().toLowerCase())
    this.replaced.emails++
    return faker.internet.email({ provider: 'example.com' }).toLowerCase()
  }

  /** A phone number for `phone`. */
  phone(phone: string): string {
    const faker = this.#seeded('phone', phone.replace(/\D/g, ''))
    this.replaced.answers++
    return faker.phone.number()
  }

  /** A free-text answer of about the same length. */
  answer(text: string): string {
    const faker = this.#seeded('answer', text)
    this.replaced.answers++
    const words = Math.max(1, Math.min(60, text.split(/\s+/).filter(Boolean).length))
    return faker.lorem.words(words)
  }

  /** A profile identifier standing for a recorded one the profile cannot hold. */
  id(kind: IdKind, recorded: string, attempt: number): string {
    const faker = this.#seeded(`id:${kind}:${attempt}`, recorded)
    return `${ID_PREFIX[kind]}_${faker.string.alphanumeric({ length: ID_BODY_LENGTH, casing: 'lower' })}`
  }

  joinCode(recorded: string, attempt: number): string {
    const faker = this.#seeded(`code:${attempt}`, recorded)
    return faker.string.fromCharacters(JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH)
  }

  /** A slug in the profile's form: the recorded one's words, then a short suffix. */
  slug(recorded: string, attempt: number): string {
    const faker = this.#seeded(`slug:${attempt}`, recorded)
    return `${slugStem(recorded)}-${faker.string.alphanumeric({ length: SLUG_SUFFIX_LENGTH, casing: 'lower' })}`
  }
}

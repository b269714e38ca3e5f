import { randomBytes, randomInt } from 'node:crypto'

/** Ids: a resource prefix and 12 lowercase hex digits, e.g. frm_3fa91c07b2de. */
export const newId = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`

// No 0/O, 1/I/L: codes are read aloud and typed from a big screen.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

const drawCode = () =>
  Array.from(
    { length: 8 },
    (_, i) => (i === 4 ? '-' : '') + CODE_ALPHABET[randomInt(CODE_ALPHABET.length)],
  ).join('')

/** Join codes are unique across the deployment (every kind shares one space), e.g. K7QM-2XRA. */
export class Codes {
  readonly #taken = new Set<string>()

  joinCode(): string {
    for (;;) {
      const code = drawCode()
      if (!this.#taken.has(code)) {
        this.#taken.add(code)
        return code
      }
    }
  }

  /** A slug: the title's words, then a 6-character tail that keeps it unique, e.g. team-retro-x3k9pq. */
  slug(title: string, fallback: string): string {
    const words =
      title
        .normalize('NFKD')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 40)
        .replace(/-+$/, '') || fallback
    for (;;) {
      const slug = `${words}-${randomBytes(4).toString('hex').slice(0, 6)}`
      if (!this.#taken.has(slug)) {
        this.#taken.add(slug)
        return slug
      }
    }
  }

  clear() {
    this.#taken.clear()
  }
}

/** Timestamps strictly increase, so two records made in the same millisecond still sort newest first by time. */
export class Clock {
  #last = 0

  now(): string {
    this.#last = Math.max(Date.now(), this.#last + 1)
    return new Date(this.#last).toISOString()
  }
}

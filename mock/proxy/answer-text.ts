import type { Secrets } from '../report-format/secrets.ts'
import { Recent } from '../traffic/memory.ts'
import type { BodyRead, BodyTap } from './body-tap.ts'

/** Answers kept for `repeated`: this many paths, each at most this long. */
const REPEATED_PATHS = 32
const REPEATED_BYTES = 64 * 1024

/** An answer body's text as the checker reads it. */
export interface AnswerText {
  text: string
  truncated?: boolean
  unread?: string
}

/**
 * The answer's text as the checker reads it: secrets replaced, a repeated answer's text reused.
 * The last answer body read per path (bytes and scrubbed text) is kept, so that an answer
 * byte-identical to it (a list a frontend polls) gets the very same text without its chunks being
 * joined, decoded or scrubbed again: the same bytes decode to the same text, and a scrub of the
 * same text with the same secrets is the same. The checker then finds its cached reading by identity.
 */
export class AnswerTexts {
  readonly #repeated = new Recent<{ bytes: Buffer; text: string; secrets: number } | undefined>(
    REPEATED_PATHS,
    () => undefined,
  )

  constructor(private readonly secrets: Secrets) {}

  /** `response`: the body as `answer.end()` read it, when it had to wait for its decoding. */
  of(path: string | undefined, answer: BodyTap, response: BodyRead | undefined): AnswerText {
    const secrets = this.secrets
    const last = path === undefined ? undefined : this.#repeated.get(path)
    if (last && last.secrets === secrets.known && answer.sameAs(last.bytes)) return last
    const read = response ?? answer.read()
    const text = secrets.scrub(read.text, read.truncated)
    const { bytes } = read
    if (
      path !== undefined &&
      bytes &&
      answer.ready &&
      !read.truncated &&
      bytes.length <= REPEATED_BYTES
    ) {
      this.#repeated.set(path, { bytes, text, secrets: secrets.known })
    }
    return { text, truncated: read.truncated, ...(read.unread ? { unread: read.unread } : {}) }
  }
}

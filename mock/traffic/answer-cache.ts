import type { Located } from '../deployment/to-contract.ts'
import type { TrafficExchange } from './exchange.ts'
import type { ExchangeContext, ReadBody } from './exchange-context.ts'
import { Recent } from './memory.ts'
import { runSameAnswerRules } from './rules/index.ts'

/** What was read of one answer body, and what the answer rules found in it. */
interface Reading {
  text: string
  answer: ReadBody
  /** The findings below hold for a request whose body was refused (or not) as this one's was. */
  bodyRefused: boolean
  violations: readonly string[]
  notes: readonly string[]
}

/** Answers longer than this (characters) are read every time: an entry holds the text and its JSON. */
export const CACHED_ANSWER_LENGTH = 64 * 1024
/** Entries kept: one per operation and status, the least recently used forgotten first. */
const ENTRIES = 32

const keyOf = (op: Located, status: number) => `${op.id} ${op.inferred} ${status}`

/** The answer is whole and its text is the body (not cut at the limit, not missing). */
const whole = (exchange: TrafficExchange) =>
  exchange.responseBodyTruncated !== true && exchange.responseBodyUnread === undefined

/**
 * The last answer body read per operation and status, so that a byte-identical answer (a list a
 * frontend polls) is neither parsed nor checked against its schema again: on this machine that is
 * ~300 µs of a 16 KB GET /forms answer, a third of the proxy's CPU per request.
 *
 * Sound because what is kept is a pure function of its key: the answer rules (rules/answer.ts)
 * read the operation, the status, the body's text and whether the request's body was refused,
 * never the memory of earlier exchanges. The rules that read or change that memory (a reorder held
 * to the next answer showing the fields, a session's state) still run on every exchange, on the
 * kept JSON, which no rule changes: a write in between is still seen, and one changed byte is a
 * miss. Bounded: ENTRIES answers of at most CACHED_ANSWER_LENGTH characters.
 */
export class AnswerCache {
  readonly #entries = new Recent<Reading | undefined>(ENTRIES, () => undefined)

  /** The answer as read before from the same bytes for this operation and status, if it was. */
  find(op: Located, exchange: TrafficExchange): ReadBody | undefined {
    const entry = this.#entries.get(keyOf(op, exchange.status))
    return entry && whole(exchange) && entry.text === exchange.responseBody
      ? entry.answer
      : undefined
  }

  /**
   * The same-answer rules (rules/index.ts) on `ctx`, whose answer `find` gave or which was just read: when it was found
   * (the same object), their findings as they were, for a request body refused or not as before.
   */
  check(ctx: ExchangeContext): void {
    const key = keyOf(ctx.op, ctx.status)
    const entry = this.#entries.get(key)
    if (entry && entry.answer === ctx.answer && entry.bodyRefused === ctx.bodyRefused) {
      for (const message of entry.violations) ctx.violation(message)
      ctx.notes.push(...entry.notes)
      return
    }
    const [violations, notes] = [ctx.violations.length, ctx.notes.length]
    runSameAnswerRules(ctx)
    const { answer, exchange } = ctx
    if (answer.state !== 'json' || !whole(exchange)) return
    if (exchange.responseBody.length > CACHED_ANSWER_LENGTH) return
    this.#entries.set(key, {
      text: exchange.responseBody,
      answer,
      bodyRefused: ctx.bodyRefused,
      violations: ctx.violations.slice(violations).map((finding) => finding.message),
      notes: ctx.notes.slice(notes),
    })
  }
}

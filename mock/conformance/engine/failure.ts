import type { SentRequest } from '../../../contract/client.ts'
import { EngagementMockError } from '../../../contract/mock-error.ts'
import { toCurl } from '../../report-format/curl.ts'

/** One request and what came back: the typed client's answer, whatever the operation. */
export interface Exchange {
  status: number
  text: string
  body: unknown
  request: SentRequest
  headers: Headers
  /** Set when nothing usable came back (network failure, time-out). */
  error?: string
  /** Why a body that came back was not read (nested too deep, too long): the client's `unread`. */
  unread?: string
}

/**
 * Answers are read up to this many bytes: past it, a check says so instead of holding the rest
 * (a list of a large organization is a few MB; a deployment's answer must not exhaust memory).
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024

const MAX_BODY_CHARS = 3000

const clip = (text: string) =>
  text.length > MAX_BODY_CHARS
    ? `${text.slice(0, MAX_BODY_CHARS)}… (${text.length - MAX_BODY_CHARS} more characters)`
    : text

/** What came back, as a reader needs it: status, content type and the body. */
export const describeAnswer = (exchange: Exchange): string => {
  if (exchange.status === 0) return `No answer: ${exchange.error ?? 'unknown network failure'}`
  const type = exchange.headers.get('content-type') ?? 'no content-type'
  const body =
    exchange.unread !== undefined
      ? `(${exchange.unread}) ${clip(exchange.text.slice(0, 200))}`
      : exchange.body === undefined
        ? exchange.text === ''
          ? '(empty body)'
          : `(not JSON) ${clip(exchange.text)}`
        : clip(JSON.stringify(exchange.body, null, 2))
  return `${exchange.status} (${type})\n${body}`
}

export const describeExchange = (
  exchange: Exchange,
  keyVars: ReadonlyMap<string, string>,
): string =>
  `Request:\n  ${toCurl(exchange.request, keyVars)}\nReceived: ${describeAnswer(exchange)}`

/**
 * A deviation from the reference (or, under CONTRACT_PROFILE=strict, from the profile). The message
 * carries everything needed to reproduce it; the stack is left out because it points into the
 * suite, not into the deployment under test.
 */
export class ContractFailure extends EngagementMockError {
  override name = 'ContractFailure'
  constructor(
    readonly summary: string,
    readonly details?: string,
  ) {
    super(details ? `${summary}\n\n${details}` : summary)
    this.stack = `${this.name}: ${this.message}`
  }
}

/** The run's request bound was reached: remaining checks stop rather than load the deployment. */
export class BudgetExhausted extends ContractFailure {
  override name = 'BudgetExhausted'
}

/**
 * The deployment refused a setup step (a create the check needs before it can assert anything):
 * the check could not run, which says nothing yet about conformance. Names the request, the answer
 * and the deployment file keys that decide how that request is spelled.
 */
export class SetupBlocked extends ContractFailure {
  override name = 'SetupBlocked'
  constructor(
    summary: string,
    details: string | undefined,
    readonly keys: readonly string[],
  ) {
    super(summary, details)
  }
}

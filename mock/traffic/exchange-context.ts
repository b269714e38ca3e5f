import type * as z from 'zod'
import type { ErrorCondition } from '../../contract/errors.ts'
import { isObject } from '../../contract/json.ts'
import { ANSWER_DEPTH, nestsDeeperThan } from '../../contract/json-depth.ts'
import type { DeploymentFile } from '../deployment/schema.ts'
import type { Located } from '../deployment/to-contract.ts'
import type { TrafficExchange, TrafficFinding } from './exchange.ts'
import { completeListPrefix } from './json-prefix.ts'
import type { TrafficMemory } from './memory.ts'

/** A body as the checker read it: its JSON value, or why there is none. */
export type ReadBody =
  | { state: 'none' }
  | { state: 'json'; value: unknown; partial: boolean }
  | { state: 'not-json'; reason: string }
  | { state: 'unreadable'; reason: string }

const MAX_ISSUES = 5

/** A zod error as one line: `form.createdAt: Invalid ISO datetime; …` (the first few issues). */
export const issuesLine = (error: z.ZodError, prefix = ''): string => {
  const parts = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const path = issue.path
      .map((key, i) =>
        typeof key === 'number'
          ? `[${key}]`
          : `${i === 0 && prefix === '' ? '' : '.'}${String(key)}`,
      )
      .join('')
    return `${prefix}${path || (prefix === '' ? '(body)' : '')}: ${issue.message}`
  })
  const more = error.issues.length - MAX_ISSUES
  return more > 0 ? `${parts.join('; ')}; and ${more} more` : parts.join('; ')
}

/** A body's text as JSON; a list cut at the size limit as its whole items. */
export const readJson = (text: string | undefined, truncated: boolean, list: boolean): ReadBody => {
  if (text === undefined || text === '') return { state: 'none' }
  if (truncated) {
    if (!list) return { state: 'unreadable', reason: 'over the size limit' }
    const value = completeListPrefix(text)
    return value === undefined
      ? { state: 'unreadable', reason: 'over the size limit' }
      : { state: 'json', value, partial: true }
  }
  // Before parsing: the rules (zod, the order walk) are recursive and would overflow on it.
  if (nestsDeeperThan(text, ANSWER_DEPTH)) {
    return { state: 'unreadable', reason: `nested deeper than ${ANSWER_DEPTH} levels` }
  }
  try {
    return { state: 'json', value: JSON.parse(text) as unknown, partial: false }
  } catch (error) {
    return { state: 'not-json', reason: error instanceof Error ? error.message : String(error) }
  }
}

/** One exchange of a known operation, what was read of it, and where its findings go. */
export class ExchangeContext {
  readonly request: ReadBody
  readonly answer: ReadBody
  readonly violations: TrafficFinding[] = []
  readonly requestIssues: TrafficFinding[] = []
  readonly notes: string[] = []
  /** The request body breaks what the reference decides for it: a refusal is about the body. */
  bodyRefused = false
  /** The conditions the rules say this request meets (for coverage: what a refusal was). */
  readonly refusing: ErrorCondition[] = []

  constructor(
    readonly index: number,
    readonly exchange: TrafficExchange,
    readonly op: Located,
    readonly deployment: DeploymentFile,
    readonly memory: TrafficMemory,
    /** The answer as read before from the same bytes (answer-cache.ts), so not parsed again. */
    answer?: ReadBody,
  ) {
    this.request = readJson(exchange.requestBody, exchange.requestBodyTruncated === true, false)
    this.answer = answer
      ? answer
      : exchange.responseBodyUnread
        ? { state: 'unreadable', reason: exchange.responseBodyUnread }
        : readJson(
            exchange.responseBody,
            exchange.responseBodyTruncated === true,
            op.route.list === true,
          )
  }

  get status(): number {
    return this.exchange.status
  }

  get success(): boolean {
    return this.status >= 200 && this.status <= 299
  }

  get refusal(): boolean {
    return this.status >= 400
  }

  /** The request's JSON object, when it sent one. */
  get requestObject(): Record<string, unknown> | undefined {
    const body = this.request
    return body.state === 'json' && isObject(body.value) ? body.value : undefined
  }

  /** The answer's JSON value, when it is JSON (a list cut at the limit: its whole items). */
  get answerValue(): unknown {
    return this.answer.state === 'json' ? this.answer.value : undefined
  }

  private finding(kind: TrafficFinding['kind'], message: string): TrafficFinding {
    return {
      kind,
      operationId: this.op.id,
      method: this.exchange.method,
      path: this.exchange.path,
      status: this.status,
      message,
    }
  }

  /** The deployment broke what the reference decides. */
  violation(message: string): void {
    this.violations.push(this.finding('violation', message))
  }

  /** The client broke what the reference decides; reported apart, not the deployment's fault. */
  requestIssue(message: string): void {
    this.requestIssues.push(this.finding('request', message))
  }

  /**
   * A request the reference says must be refused: an issue of the client, and a violation of a
   * deployment that accepts it. `body`: the fault is in the body (its refusal is about the body);
   * `condition`: the error condition it meets.
   */
  mustBeRefused(message: string, body: boolean, condition?: ErrorCondition): void {
    this.requestIssue(message)
    if (body) this.bodyRefused = true
    if (condition) this.refusing.push(condition)
    if (this.success) {
      this.violation(`answered ${this.status} (a success) to a request it must refuse: ${message}`)
    }
  }
}

/** The value at a dotted path (`window.start`) of a body. */
export const valueAt = (body: Record<string, unknown>, dotted: string): unknown => {
  let node: unknown = body
  for (const segment of dotted.split('.')) {
    if (!isObject(node)) return undefined
    node = node[segment]
  }
  return node
}

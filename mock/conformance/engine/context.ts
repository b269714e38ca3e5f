import * as z from 'zod'
import type { Client } from '../../../contract/client.ts'
import { operationLabel } from '../../../contract/endpoints.ts'
import { ERROR_CONDITIONS, type ErrorCondition, errorSchemas } from '../../../contract/errors.ts'
import { orderViolations } from '../../../contract/order.ts'
import { CONDITION_SUMMARIES } from '../../../contract/summaries.ts'
import { type Contract, contract, type OperationId } from '../../../contract/table.ts'
import { releaseAdvice } from '../../deployment/run-release.ts'
import { spelledKeys } from '../../deployment/to-deployment.ts'
import { outcomeOfCondition } from '../../traffic/classify.ts'
import type { Outcome } from '../../traffic/coverage.ts'
import type { Check } from './check.ts'
import { KEY_VARS, type KeyRole } from './env.ts'
import { ContractFailure, describeExchange, type Exchange, SetupBlocked } from './failure.ts'
import { type Answer, type Observation, observation } from './observation.ts'
import { counted, type RecordKind, type Run } from './run-state.ts'

/** The questions about state names (§3 "not shown") a deployment file may answer (`expect.states`). */
const STATE_QUESTIONS: Record<
  string,
  'formPublished' | 'formClosed' | 'sessionOpen' | 'sessionEnded'
> = {
  'Status of a published form (§3: name not shown)': 'formPublished',
  'Status of a closed form (§3: name not shown)': 'formClosed',
  'Status of an opened session (§3: name not shown)': 'sessionOpen',
  'Status of an ended session (§3: name not shown)': 'sessionEnded',
}

export type DocBody<K extends OperationId> = z.output<Contract[K]['success']['documented']>

/** `POST /forms/{id}/publish`: how the reference writes an operation. */
export const label = operationLabel

const isJson = (exchange: Exchange) => exchange.body !== undefined

/**
 * Errors about a body's content: on the five operations §7 lists these are documented to carry
 * `issues`. A body that is not JSON at all is left out: §7 does not say which shape it gets.
 */
const VALIDATION_CONDITIONS: readonly ErrorCondition[] = [
  'invalid_body',
  'invalid_field_config',
  'incomplete_reorder',
]

/**
 * What a check sees: counted clients for each key, the run marker, and assertions that fail with
 * a reproducible request. `observe` records an open question's answer and, under
 * CONTRACT_PROFILE=strict, asserts the profile's answer.
 */
export class CheckContext {
  requests = 0
  readonly observations: Observation[] = []
  readonly strict: boolean

  constructor(
    readonly run: Run,
    readonly check: Check,
  ) {
    this.strict = run.env.strict
  }

  private clientFor(role: KeyRole): Client {
    const client = this.run.client(role)
    if (!client) throw new ContractFailure(`${KEY_VARS[role]} is not set; this check needs it.`)
    return counted(client, () => {
      this.run.spend()
      this.requests += 1
    })
  }

  /** The organization holding both entitlements (CONTRACT_API_KEY). */
  get api(): Client {
    return this.clientFor('main')
  }
  /** A second organization (CONTRACT_API_KEY_OTHER_ORG). */
  get other(): Client {
    return this.clientFor('otherOrg')
  }
  /** An organization without `series` and `data_export_analytics`. */
  get noEntitlements(): Client {
    return this.clientFor('noEntitlements')
  }
  as(role: KeyRole): Client {
    return this.clientFor(role)
  }

  title(text: string): string {
    return `${this.run.marker} ${text}`
  }

  track(kind: RecordKind, id: string, role: KeyRole): void {
    this.run.created.push({ kind, id, role })
  }

  /** A record this run deleted itself: nothing left to clean up. */
  forget(id: string): void {
    const index = this.run.created.findIndex((record) => record.id === id)
    if (index >= 0) this.run.created.splice(index, 1)
  }

  fail(summary: string, exchange?: Exchange): never {
    if (exchange) {
      this.run.failed(exchange, { check: this.check.name, exchange: this.run.requests })
    }
    throw new ContractFailure(
      summary,
      exchange ? describeExchange(exchange, this.run.keyVars) : undefined,
    )
  }

  assert(condition: boolean, summary: string, exchange?: Exchange): void {
    if (!condition) this.fail(summary, exchange)
  }

  /** `value`, or a failure when it is missing (e.g. a record that should be listed). */
  found<T>(value: T | undefined | null, summary: string, exchange?: Exchange): T {
    if (value === undefined || value === null) this.fail(summary, exchange)
    return value
  }

  /**
   * Records what the deployment answered to a question the reference leaves open. Under
   * CONTRACT_PROFILE=strict a different answer than the profile's fails the check.
   */
  observe(
    question: string,
    answer: Answer,
    expected: Answer,
    exchange?: Exchange,
    operation?: OperationId,
  ): boolean {
    const declared = this.declared(question, operation)
    if (declared !== undefined) {
      // The deployment file states this answer: asserted whatever the profile says.
      if (answer !== declared) {
        this.fail(
          `Deployment file: ${question}: expected ${JSON.stringify(declared)}, got ${JSON.stringify(answer)}.`,
          exchange,
        )
      }
      expected = declared
    }
    const o = observation({
      question,
      answer,
      expected,
      check: this.check.name,
      ...(operation ? { operation } : {}),
    })
    this.observations.push(o)
    this.run.observations.push(o)
    if (!o.matches && this.strict && declared === undefined) {
      this.fail(
        `Profile (CONTRACT_PROFILE=strict): ${question}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(answer)}.`,
        exchange,
      )
    }
    return o.matches
  }

  /** What the deployment file's `expect` says the answer to `question` is, if it says. */
  private declared(question: string, operation?: OperationId): Answer | undefined {
    const expect = this.run.deployment.expect
    if (!expect) return undefined
    const state = STATE_QUESTIONS[question]
    if (state) return expect.states?.[state]
    if (operation && question === `Success status of ${label(operation)}`) {
      return expect.statuses?.[operation]
    }
    const condition = /^Status for (\w+):/.exec(question)?.[1]
    return condition ? expect.errors?.[condition as ErrorCondition] : undefined
  }

  /**
   * A setup step's answer (a record the check needs before it asserts anything): a refusal (4xx)
   * blocks the check instead of failing it, naming the deployment file keys that spell the request.
   * Anything else is judged like any success.
   */
  setup<K extends OperationId>(op: K, exchange: Exchange): DocBody<K> {
    if (exchange.status >= 400 && exchange.status < 500) {
      this.blockRefusal(op, exchange, 'Setup refused: ')
    }
    return this.success(op, exchange)
  }

  /**
   * Blocks on a refusal of `op`. What a later release (§9) brought may be refused because this
   * deployment runs an earlier one: then `--release` is named first, the spelling keys after.
   */
  private blockRefusal(op: OperationId, exchange: Exchange, prefix = ''): never {
    const release = releaseAdvice(op, exchange.request.body, this.run.release)
    this.block(
      `${prefix}${label(op)} answered ${exchange.status}${release ? `. ${release}` : ''}`,
      exchange,
      [...(spelledKeys.get(exchange) ?? [])],
    )
  }

  /** Ends the check as blocked: the deployment refused what the check needed to set up. */
  block(summary: string, exchange: Exchange, keys?: readonly string[]): never {
    const named = keys ?? spelledKeys.get(exchange) ?? []
    const fix =
      named.length > 0
        ? ` If this deployment spells that request differently, say how in the deployment file (--deployment): ${[...new Set(named)].join(', ')}.`
        : ''
    throw new SetupBlocked(`${summary}.${fix}`, describeExchange(exchange, this.run.keyVars), [
      ...new Set(named),
    ])
  }

  private answered(op: OperationId, exchange: Exchange): void {
    if (exchange.status === 0) this.fail(`${label(op)}: no answer.`, exchange)
  }

  private schema<S extends z.ZodType>(schema: S, exchange: Exchange, what: string): z.output<S> {
    const parsed = schema.safeParse(exchange.body)
    if (!parsed.success) this.fail(`${what}:\n${z.prettifyError(parsed.error)}`, exchange)
    return parsed.data
  }

  /**
   * §4: a success of `op` with its documented envelope and resource schema (required fields,
   * types, ISO timestamps, URLs, fields and activities in order). Strict: the profile's status and
   * exact schema too. Returns the body as the documented schema reads it.
   */
  success<K extends OperationId>(op: K, exchange: Exchange): DocBody<K> {
    return this.covered(op, 'success', exchange, () => this.judgeSuccess(op, exchange))
  }

  /**
   * Judges an answer and records it in the run's coverage: seen, or failed when the judgement
   * failed. A blocked setup step proves nothing either way and is not recorded.
   */
  private covered<T>(op: OperationId, outcome: Outcome, exchange: Exchange, judge: () => T): T {
    const where = { check: this.check.name, exchange: this.run.requests }
    let judged: T
    try {
      judged = judge()
    } catch (error) {
      if (error instanceof ContractFailure && !(error instanceof SetupBlocked)) {
        this.run.cover(op, outcome, exchange, where, true)
      }
      throw error
    }
    this.run.cover(op, outcome, exchange, where)
    return judged
  }

  private judgeSuccess<K extends OperationId>(op: K, exchange: Exchange): DocBody<K> {
    const route = contract[op]
    this.answered(op, exchange)
    if (
      exchange.status >= 400 &&
      exchange.status < 500 &&
      (spelledKeys.get(exchange) ?? []).length > 0
    ) {
      // A body or path §4 does not show, refused: maybe spelled otherwise here, not a verdict.
      this.blockRefusal(op, exchange)
    }
    if (exchange.status < 200 || exchange.status > 299) {
      const release =
        exchange.status === 404
          ? releaseAdvice(op, exchange.request.body, this.run.release)
          : undefined
      this.fail(
        `${label(op)}: expected a success (2xx), got ${exchange.status}.${release ? ` ${release}.` : ''}`,
        exchange,
      )
    }
    if (exchange.unread !== undefined) {
      this.fail(`${label(op)}: answered ${exchange.status}: ${exchange.unread}.`, exchange)
    }
    if (!isJson(exchange)) {
      this.fail(`${label(op)}: answered ${exchange.status} with a body that is not JSON.`, exchange)
    }
    this.observe(
      `Success status of ${label(op)}`,
      exchange.status,
      route.success.status,
      exchange,
      op,
    )
    const body: unknown = this.schema(
      route.success.documented,
      exchange,
      `${label(op)}: the success body does not match the documented schema (§2, §4)`,
    )
    const disorder = orderViolations(exchange.body)
    if (disorder.length > 0) {
      this.fail(
        `${label(op)}: items are not in order (§2 "fields … in order", §1 "ordered activities"): ${disorder.join('; ')}`,
        exchange,
      )
    }
    if (this.strict) {
      this.schema(
        route.success.profile,
        exchange,
        `${label(op)}: the success body does not match the profile schema (CONTRACT_PROFILE=strict)`,
      )
    }
    return body as DocBody<K>
  }

  /** The body as the documented schema reads it, or `undefined`: for observing, never fails. */
  peek<K extends OperationId>(op: K, exchange: Exchange): DocBody<K> | undefined {
    if (exchange.status < 200 || exchange.status > 299) return undefined
    const parsed = contract[op].success.documented.safeParse(exchange.body)
    return parsed.success ? (parsed.data as DocBody<K>) : undefined
  }

  /** A profile choice that is a success: observed, and under strict validated like any success. */
  profileSuccess<K extends OperationId>(
    op: K,
    exchange: Exchange,
    question: string,
  ): DocBody<K> | undefined {
    this.observe(question, exchange.status, contract[op].success.status, exchange, op)
    if (this.strict) return this.success(op, exchange)
    const body = this.peek(op, exchange)
    if (body !== undefined) this.covered(op, 'success', exchange, () => body)
    return body
  }

  /** A profile choice that is a refusal: observed, and under strict asserted like any refusal. */
  profileRefusal(
    op: OperationId,
    exchange: Exchange,
    condition: ErrorCondition,
    question: string,
  ): void {
    this.observe(question, exchange.status, ERROR_CONDITIONS[condition].status, exchange, op)
    if (this.strict) this.refused(op, exchange, condition)
    else if (exchange.status >= 400 && exchange.status <= 499) {
      this.covered(op, outcomeOfCondition(condition), exchange, () => undefined)
    }
  }

  /**
   * §7: an error answer of `op` in the shape the operation uses. `bodyError` marks an error about
   * the request body: on the five validation-shape operations only those are documented to carry
   * `issues`; the profile uses that shape for every error of those operations.
   */
  errorShape(op: OperationId, exchange: Exchange, bodyError: boolean): void {
    const shape = contract[op].errorShape
    if (exchange.unread !== undefined) {
      this.fail(`${label(op)}: the error body (${exchange.status}): ${exchange.unread}.`, exchange)
    }
    if (!isJson(exchange)) {
      this.fail(`${label(op)}: the error body (${exchange.status}) is not JSON (§7).`, exchange)
    }
    const documented = shape === 'validation' && bodyError ? 'validation' : 'plain'
    const sentence =
      documented === 'validation'
        ? '§7 validation error shape { error: string, issues: [{ path: array, message: string }] }'
        : '§7 plain error shape { error: string }'
    this.schema(errorSchemas[documented].documented, exchange, `${label(op)}: not the ${sentence}`)
    if (shape === 'plain' && 'issues' in Object(exchange.body)) {
      this.fail(
        `${label(op)}: answers with the validation shape (issues), which §7 gives to five other operations; this one uses the plain shape { error: string }.`,
        exchange,
      )
    }
    if (this.strict) {
      this.schema(
        errorSchemas[shape].profile,
        exchange,
        `${label(op)}: not the profile's ${shape} error shape (CONTRACT_PROFILE=strict)`,
      )
    }
  }

  /**
   * The request is refused: a 4xx with the operation's error shape. The status is observed (§7
   * leaves codes open) and asserted under strict.
   */
  refused(op: OperationId, exchange: Exchange, condition: ErrorCondition): void {
    this.covered(op, outcomeOfCondition(condition), exchange, () =>
      this.judgeRefusal(op, exchange, condition),
    )
  }

  private judgeRefusal(op: OperationId, exchange: Exchange, condition: ErrorCondition): void {
    const { status } = ERROR_CONDITIONS[condition]
    const summary = CONDITION_SUMMARIES[condition]
    this.answered(op, exchange)
    if (exchange.status < 400 || exchange.status > 499) {
      this.fail(
        `${label(op)}: expected a refusal (4xx) because: ${summary} Got ${exchange.status}.`,
        exchange,
      )
    }
    this.errorShape(op, exchange, VALIDATION_CONDITIONS.includes(condition))
    this.observe(`Status for ${condition}: ${summary}`, exchange.status, status, exchange, op)
  }
}

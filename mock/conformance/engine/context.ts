import type { Client } from '../../../contract/client.ts'
import { operationLabel } from '../../../contract/endpoints.ts'
import { ERROR_CONDITIONS, type ErrorCondition } from '../../../contract/errors.ts'
import { CONDITION_SUMMARIES } from '../../../contract/summaries.ts'
import { contract, type OperationId } from '../../../contract/table.ts'
import { outcomeOfCondition } from '../../traffic/classify.ts'
import type { Outcome, Where } from '../../traffic/coverage.ts'
import { blockedSetup, refusalSummary } from './block.ts'
import { coverJudged } from './cover-judged.ts'
import { declaredAnswer } from './declared.ts'
import { KEY_VARS, type KeyRole } from './env.ts'
import { ContractFailure, describeExchange, type Exchange } from './failure.ts'
import { errorShapeProblem, isBodyError, refusalProblem } from './judge-refusal.ts'
import { type DocBody, peekSuccess, successBody, successStart } from './judge-success.ts'
import type { Answer, Observation } from './observation.ts'
import { judgeObservation } from './observe.ts'
import { counted, type RecordKind, type Run } from './run-state.ts'

export type { DocBody } from './judge-success.ts'

/** `POST /forms/{id}/publish`: how the reference writes an operation. */
export const label = operationLabel

/**
 * What a check sees: counted clients for each key, the run marker, and assertions that fail with
 * a reproducible request. `observe` records an open question's answer and, under
 * CONTRACT_PROFILE=strict, asserts the profile's answer. The judgements themselves are plain
 * functions (judge-*.ts, observe.ts); this class binds them to the run: it records the failing
 * exchange, the observation and the coverage they come to.
 */
export class CheckContext {
  requests = 0
  readonly observations: Observation[] = []
  readonly strict: boolean
  /**
   * What this check adds to the run's coverage, kept until the check is settled in catalog order
   * (see settle): checks in flight at once then leave the same coverage, with the same exchange
   * numbers, as one after the other. Each entry takes the requests the checks before it sent.
   */
  private readonly journal: ((before: number) => void)[] = []

  constructor(
    readonly run: Run,
    /** The check it runs (check.ts's `Check`; only its name is read, so no import ties the two). */
    readonly check: { readonly name: string },
  ) {
    this.strict = run.env.strict
  }

  private clientFor(role: KeyRole): Client {
    const client = this.run.client(role)
    if (!client) throw new ContractFailure(`${KEY_VARS[role]} is not set; this check needs it.`)
    return counted(
      client,
      () => {
        this.run.spend()
        this.requests += 1
      },
      (answer) => this.run.paid(answer),
    )
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
      const where = this.where()
      this.journal.push((before) => this.run.failed(exchange, where(before)))
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
   * CONTRACT_PROFILE=strict a different answer than the profile's fails the check; an answer the
   * deployment file states is asserted whatever the profile says.
   */
  observe(
    question: string,
    answer: Answer,
    expected: Answer,
    exchange?: Exchange,
    operation?: OperationId,
  ): boolean {
    const judged = judgeObservation({
      question,
      answer,
      expected,
      declared: declaredAnswer(this.run.deployment.expect, question, operation),
      strict: this.strict,
      check: this.check.name,
      ...(operation ? { operation } : {}),
    })
    if (judged.observation) this.record(judged.observation)
    if (judged.failure !== undefined) this.fail(judged.failure, exchange)
    return judged.observation?.matches ?? false
  }

  private record(o: Observation): void {
    this.observations.push(o)
  }

  /**
   * Hands what the check kept to the run, once the checks before it in the catalog have: its
   * observations, and its coverage numbered after the `before` requests they sent.
   */
  settle(before: number): void {
    this.run.observations.push(...this.observations)
    for (const entry of this.journal) entry(before)
    this.journal.length = 0
  }

  /** Where the check is now: its exchange numbered as if the checks before it had run alone. */
  private where(): (before: number) => Where {
    const sent = this.requests
    return (before) => ({ check: this.check.name, exchange: before + sent })
  }

  /**
   * A setup step's answer (a record the check needs before it asserts anything): a refusal (4xx)
   * blocks the check instead of failing it, naming the deployment file keys that spell the request.
   * Anything else is judged like any success.
   */
  setup<K extends OperationId>(op: K, exchange: Exchange): DocBody<K> {
    if (exchange.status >= 400 && exchange.status < 500) {
      this.block(refusalSummary(op, exchange, this.run.release, 'Setup refused: '), exchange)
    }
    return this.success(op, exchange)
  }

  /** Ends the check as blocked: the deployment refused what the check needed to set up. */
  block(summary: string, exchange: Exchange, keys?: readonly string[]): never {
    throw blockedSetup(summary, exchange, this.run.keyVars, keys)
  }

  /**
   * §4: a success of `op` with its documented envelope and resource schema (required fields,
   * types, ISO timestamps, URLs, fields and activities in order). Strict: the profile's status and
   * exact schema too. Returns the body as the documented schema reads it.
   */
  success<K extends OperationId>(op: K, exchange: Exchange): DocBody<K> {
    return this.covered(op, 'success', exchange, () => {
      const start = successStart(op, exchange, this.run.release)
      if (start && 'block' in start) {
        this.block(refusalSummary(op, exchange, this.run.release), exchange)
      }
      if (start) this.fail(start.fail, exchange)
      this.observe(
        `Success status of ${label(op)}`,
        exchange.status,
        contract[op].success.status,
        exchange,
        op,
      )
      const read = successBody(op, exchange, this.strict)
      if ('fail' in read) this.fail(read.fail, exchange)
      return read.body
    })
  }

  /** Judges an answer and records it in the run's coverage (see coverJudged). */
  private covered<T>(op: OperationId, outcome: Outcome, exchange: Exchange, judge: () => T): T {
    const where = this.where()
    // Who owns the addressed record is read now: a later forget() must not change the outcome.
    const entry = this.run.coverEntry(op, outcome, exchange)
    return coverJudged(
      (failed) =>
        this.journal.push((before) => this.run.recordCover(entry, exchange, where(before), failed)),
      judge,
    )
  }

  /** The body as the documented schema reads it, or `undefined`: for observing, never fails. */
  peek<K extends OperationId>(op: K, exchange: Exchange): DocBody<K> | undefined {
    return peekSuccess(op, exchange)
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

  /** §7: an error answer of `op` in the shape the operation uses (see errorShapeProblem). */
  errorShape(op: OperationId, exchange: Exchange, bodyError: boolean): void {
    const problem = errorShapeProblem(op, exchange, bodyError, this.strict)
    if (problem !== undefined) this.fail(problem, exchange)
  }

  /**
   * The request is refused: a 4xx with the operation's error shape. The status is observed (§7
   * leaves codes open) and asserted under strict.
   */
  refused(op: OperationId, exchange: Exchange, condition: ErrorCondition): void {
    this.covered(op, outcomeOfCondition(condition), exchange, () => {
      const problem = refusalProblem(op, exchange, condition)
      if (problem !== undefined) this.fail(problem, exchange)
      this.errorShape(op, exchange, isBodyError(condition))
      this.observe(
        `Status for ${condition}: ${CONDITION_SUMMARIES[condition]}`,
        exchange.status,
        ERROR_CONDITIONS[condition].status,
        exchange,
        op,
      )
    })
  }
}

import type { OperationId } from '../../../contract/table.ts'
import type { DeploymentFile } from '../../deployment/schema.ts'
import { operationMatcher } from '../../deployment/to-contract.ts'
import { AnswerCache } from './answer-cache.ts'
import type { TrafficExchange, TrafficFinding } from './exchange.ts'
import { ExchangeContext } from './exchange-context.ts'
import { TrafficMemory } from './memory.ts'
import { formRules } from './rules/forms.ts'
import { requestRules } from './rules/request.ts'
import { seriesRules } from './rules/series.ts'
import { sessionRules } from './rules/sessions.ts'

/** What the checker made of one exchange. */
export interface ExchangeVerdict {
  /** The operation addressed; null: outside the contract (unknown path, or a method no operation has there). */
  operationId: OperationId | null
  violations: TrafficFinding[]
  requestIssues: TrafficFinding[]
  /** What could not be checked (a body over the size limit…), for the report. */
  notes: string[]
}

export interface TrafficCheckerOptions {
  /** How this deployment spells what §4 leaves open: inferred operations' paths, options, state names. */
  deployment?: DeploymentFile
}

export interface TrafficChecker {
  /**
   * What the request and the answer's status alone decide, before the answer's body has passed
   * (a proxy names these in the answer's headers). Remembers nothing.
   */
  head: (exchange: Omit<TrafficExchange, 'responseBody'>, index: number) => ExchangeVerdict
  /** Every check of a whole exchange; `index` numbers it in the run (the report refers to it). */
  check: (exchange: TrafficExchange, index: number) => ExchangeVerdict
}

const verdictOf = (ctx: ExchangeContext): ExchangeVerdict => ({
  operationId: ctx.op.id,
  violations: ctx.violations,
  requestIssues: ctx.requestIssues,
  notes: ctx.notes,
})

/** An id in a path the checker remembers something of: `/forms/frm_1/archive` → `frm_1`. */
const idsIn = (path: string) =>
  (path.split('?')[0] ?? '').split('/').filter((segment) => segment !== '')

/**
 * The traffic checker: each exchange against what the reference decides and the contract's
 * documented layer, with the deployment file's spellings and state names. Nothing the reference
 * leaves open is a violation. Transport-free: the proxy, `check-traffic` (HAR) and the browser
 * worker all hand it the same exchanges. It keeps a bounded memory of the records it saw, for the
 * §3 rules that depend on a record's state, and the last answers it read (answer-cache.ts), so a
 * byte-identical answer is not parsed and schema-checked again.
 */
export const createTrafficChecker = (options: TrafficCheckerOptions = {}): TrafficChecker => {
  const deployment = options.deployment ?? {}
  const match = operationMatcher(deployment)
  const memory = new TrafficMemory()
  const answers = new AnswerCache()
  const outside = (): ExchangeVerdict => ({
    operationId: null,
    violations: [],
    requestIssues: [],
    notes: [],
  })
  const requestPhase = (ctx: ExchangeContext) => {
    requestRules(ctx)
    formRules.request(ctx)
    sessionRules.request(ctx)
  }
  return {
    head: (exchange, index) => {
      const op = match(exchange.method, exchange.path)
      if (!op) return outside()
      const ctx = new ExchangeContext(
        index,
        { ...exchange, responseBody: '' },
        op,
        deployment,
        memory,
      )
      requestPhase(ctx)
      return verdictOf(ctx)
    },
    check: (exchange, index) => {
      const op = match(exchange.method, exchange.path)
      if (!op) {
        // A change the checker cannot follow: forget what it knew of the records it names.
        const ok = exchange.status >= 200 && exchange.status < 300
        if (ok && exchange.method !== 'GET' && exchange.method !== 'HEAD') {
          for (const id of idsIn(exchange.path)) memory.forget(id)
        }
        return outside()
      }
      const ctx = new ExchangeContext(
        index,
        exchange,
        op,
        deployment,
        memory,
        answers.find(op, exchange),
      )
      requestPhase(ctx)
      answers.check(ctx)
      formRules.answer(ctx)
      sessionRules.answer(ctx)
      seriesRules.answer(ctx)
      return verdictOf(ctx)
    },
  }
}

import type { OperationId } from '../../contract/table.ts'
import type { DeploymentFile } from '../deployment/schema.ts'
import { operationMatcher } from '../deployment/to-contract.ts'
import { AnswerCache } from './answer-cache.ts'
import { outcomeOf } from './classify.ts'
import type { Outcome } from './coverage.ts'
import type { TrafficExchange, TrafficFinding } from './exchange.ts'
import { ExchangeContext } from './exchange-context.ts'
import { TrafficMemory } from './memory.ts'
import { runAnswerRules, runHeadRules, runRequestRules } from './rules/index.ts'

/** What the checker made of one exchange. */
export interface ExchangeVerdict {
  /** The operation addressed; null: outside the contract (unknown path, or a method no operation has there). */
  operationId: OperationId | null
  violations: TrafficFinding[]
  requestIssues: TrafficFinding[]
  /** What could not be checked (a body over the size limit…), for the report. */
  notes: string[]
  /** Coverage: what the answer was (undefined: a refusal it cannot place, or a server error). */
  outcome?: Outcome | undefined
  /** The path's parameters and the answer's JSON, for coverage's transitions. */
  params?: Readonly<Record<string, string>>
  answer?: unknown
}

export interface TrafficCheckerOptions {
  /** How this deployment spells what §4 leaves open: inferred operations' paths, options, state names. */
  deployment?: DeploymentFile
}

export interface TrafficChecker {
  /**
   * What the request line, the request's headers and the answer's status alone decide, before
   * either body is known (a proxy names these in the answer's headers, which leave first): the
   * credentials, and a §3 rule of a remembered record (a team on a session no longer a draft).
   * Nothing about a body: the proxy has not read it yet. Remembers nothing.
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
  const matcher = operationMatcher(deployment)
  // The last request line matched: a proxy asks for the head and then the whole exchange of the
  // same request, and a polling client sends the same line again. The match is a pure function of
  // method and path (the deployment is fixed here), and its result is only read.
  let last: { method: string; path: string; op: ReturnType<typeof matcher> } | undefined
  const match = (method: string, path: string) => {
    if (last?.method === method && last.path === path) return last.op
    last = { method, path, op: matcher(method, path) }
    return last.op
  }
  const memory = new TrafficMemory()
  const answers = new AnswerCache()
  const outside = (): ExchangeVerdict => ({
    operationId: null,
    violations: [],
    requestIssues: [],
    notes: [],
  })
  return {
    head: guarded((exchange, index) => {
      const op = match(exchange.method, exchange.path)
      if (!op) return outside()
      const ctx = new ExchangeContext(
        index,
        { ...exchange, responseBody: '' },
        op,
        deployment,
        memory,
      )
      runHeadRules(ctx)
      return verdictOf(ctx)
    }),
    check: guarded((exchange, index) => {
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
      runRequestRules(ctx)
      // Before the answer's rules: what the traffic showed of the record until now.
      const outcome = outcomeOf(ctx)
      answers.check(ctx)
      runAnswerRules(ctx)
      return { ...verdictOf(ctx), outcome, params: op.params, answer: ctx.answerValue }
    }),
  }
}

/**
 * A failure of the checker itself on one exchange is a note of that exchange, not the end of the
 * run: the proxy serves on, a HAR's other entries are checked, and the reports say what happened.
 */
const guarded =
  <E extends Omit<TrafficExchange, 'responseBody'>>(
    check: (exchange: E, index: number) => ExchangeVerdict,
  ) =>
  (exchange: E, index: number): ExchangeVerdict => {
    try {
      return check(exchange, index)
    } catch (error) {
      return {
        operationId: null,
        violations: [],
        requestIssues: [],
        notes: [
          `the checker failed on this exchange (${error instanceof Error ? error.message : String(error)}): not checked`,
        ],
      }
    }
  }

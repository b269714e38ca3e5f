import type { ExchangeContext } from '../exchange-context.ts'
import { answerRules } from './answer.ts'
import { formRules } from './forms.ts'
import { credentials, requestRules } from './request.ts'
import { seriesRules } from './series.ts'
import { sessionRules } from './sessions.ts'

type Rule = (ctx: ExchangeContext) => void

/** One rule set of the traffic checker: what it reads decides the phase it runs in. */
export interface TrafficRule {
  name: string
  /**
   * Reads the request's line and headers and the answer's status, no body: what a proxy can judge
   * in the answer's early headers.
   */
  head?: Rule
  /** Reads the request and the answer's status: runs on a head too (before the answer's body). */
  request?: Rule
  /**
   * Reads only operation, status, answer body and whether the request body was refused: its
   * findings are kept per byte-identical answer (answer-cache.ts) and not computed again.
   */
  sameAnswer?: Rule
  /** Reads the whole exchange and the checker's memory of earlier ones: runs on every exchange. */
  answer?: Rule
}

/** Every rule of the traffic checker, in the order they run: a new rule is one entry here. */
export const TRAFFIC_RULES: readonly TrafficRule[] = [
  {
    name: 'credentials, request bodies and refusals (§4, §5, §7)',
    head: credentials,
    request: requestRules,
  },
  { name: 'documented answers, error shapes and list order', sameAnswer: answerRules },
  { name: 'forms', request: formRules.request, answer: formRules.answer },
  {
    name: 'sessions',
    head: sessionRules.request,
    request: sessionRules.request,
    answer: sessionRules.answer,
  },
  { name: 'series', answer: seriesRules.answer },
]

export const runHeadRules = (ctx: ExchangeContext): void => {
  for (const rule of TRAFFIC_RULES) rule.head?.(ctx)
}
export const runRequestRules = (ctx: ExchangeContext): void => {
  for (const rule of TRAFFIC_RULES) rule.request?.(ctx)
}
export const runSameAnswerRules = (ctx: ExchangeContext): void => {
  for (const rule of TRAFFIC_RULES) rule.sameAnswer?.(ctx)
}
export const runAnswerRules = (ctx: ExchangeContext): void => {
  for (const rule of TRAFFIC_RULES) rule.answer?.(ctx)
}

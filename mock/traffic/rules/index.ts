import type { ExchangeContext } from '../exchange-context.ts'
import { answerRules } from './answer.ts'
import { formRules } from './forms.ts'
import { requestRules } from './request.ts'
import { seriesRules } from './series.ts'
import { sessionRules } from './sessions.ts'

type Rule = (ctx: ExchangeContext) => void

/** One rule set of the traffic checker: what it reads decides the phase it runs in. */
export interface TrafficRule {
  name: string
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
  { name: 'request bodies and refusals (§4, §7)', request: requestRules },
  { name: 'documented answers, error shapes and list order', sameAnswer: answerRules },
  { name: 'forms', request: formRules.request, answer: formRules.answer },
  { name: 'sessions', request: sessionRules.request, answer: sessionRules.answer },
  { name: 'series', answer: seriesRules.answer },
]

export const runRequestRules = (ctx: ExchangeContext): void => {
  for (const rule of TRAFFIC_RULES) rule.request?.(ctx)
}
export const runSameAnswerRules = (ctx: ExchangeContext): void => {
  for (const rule of TRAFFIC_RULES) rule.sameAnswer?.(ctx)
}
export const runAnswerRules = (ctx: ExchangeContext): void => {
  for (const rule of TRAFFIC_RULES) rule.answer?.(ctx)
}

import { isObject } from '../../../contract/json.ts'
import type { ExchangeContext } from '../exchange-context.ts'

export const seriesRules = {
  answer: (ctx: ExchangeContext): void => {
    if (!ctx.success || ctx.op.id !== 'createSeries') return
    const value = ctx.answerValue
    const series = isObject(value) && isObject(value.series) ? value.series : undefined
    // §2 "starts as draft"; §4 shows no option to create it otherwise.
    if (series && series.status !== 'draft') {
      ctx.violation(
        `a created series starts as draft (§2): status is ${JSON.stringify(series.status)}`,
      )
    }
  },
}

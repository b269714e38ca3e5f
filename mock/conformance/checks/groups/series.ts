import { ACTIVITY_SAMPLES, TEAMS } from '../../../../contract/input-examples.ts'
import type { CreateSeriesBody } from '../../../../contract/series.ts'
import { defineCheck } from '../../engine/check.ts'
import { makeSeries, remember } from '../helpers/make.ts'

const seeded: Partial<CreateSeriesBody> = {
  teams: [TEAMS.owls, TEAMS.foxes],
  rounds: [
    { title: 'Round 1', activities: [ACTIVITY_SAMPLES.quiz] },
    { title: 'Round 2', activities: [ACTIVITY_SAMPLES.poll, ACTIVITY_SAMPLES.rating] },
  ],
}

/** §4 Series, §2 series states, §5 the series entitlement. */
export const seriesChecks = [
  defineCheck({
    name: '§4 POST /series: answers { series: Series } seeded with its teams and rounds',
    operations: ['createSeries'],
    run: async (ctx) => {
      const { series, exchange } = await makeSeries(ctx, seeded)
      ctx.assert(
        series.teams.map((t) => t.name).join() === seeded.teams?.map((t) => t.name).join(),
        `Sent the teams ${seeded.teams?.map((t) => t.name).join(', ')}; got ${series.teams.map((t) => t.name).join(', ')}.`,
        exchange,
      )
      ctx.assert(
        series.rounds.map((r) => r.activities.length).join() === '1,2',
        'The rounds answered are not the line-up sent (1 and 2 activities).',
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 GET /series: answers { series: [Series] } each with its teams and rounds',
    operations: ['listSeries'],
    run: async (ctx) => {
      const { series } = await makeSeries(ctx, seeded)
      const exchange = await ctx.api.listSeries()
      const listed = ctx.found(
        ctx.success('listSeries', exchange).series.find((s) => s.id === series.id),
        `The new series ${series.id} is not listed.`,
        exchange,
      )
      ctx.assert(
        listed.teams.length === 2 && listed.rounds.length === 2,
        `Series ${series.id} is listed without its 2 teams and 2 rounds.`,
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§2 Series: a created series and each of its rounds start as draft',
    operations: ['createSeries'],
    run: async (ctx) => {
      const { series, exchange } = await makeSeries(ctx, seeded)
      ctx.assert(
        series.status === 'draft',
        `The series status is "${series.status}", not "draft".`,
        exchange,
      )
      for (const round of series.rounds) {
        ctx.assert(
          round.status === 'draft',
          `Round ${round.id} is "${round.status}", not "draft".`,
          exchange,
        )
      }
    },
  }),
  defineCheck({
    name: '§5 POST /series requires the series entitlement (§7.5)',
    operations: ['createSeries', 'listSeries'],
    needs: ['noEntitlements'],
    run: async (ctx) => {
      const title = ctx.title('Series without entitlement')
      const exchange = await ctx.noEntitlements.createSeries({ body: { title } })
      remember(ctx, 'series', 'series', exchange, 'noEntitlements')
      ctx.refused('createSeries', exchange, 'missing_entitlement')
      const list = await ctx.noEntitlements.listSeries()
      const titles = ctx.success('listSeries', list).series.map((s) => s.title)
      ctx.assert(!titles.includes(title), 'The refused series was created anyway.', list)
    },
  }),
]

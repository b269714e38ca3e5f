import { defineCheck } from '../../engine/check.ts'
import { makeReport, remember } from '../helpers/make.ts'

const WINDOW = { rangeStart: '2026-01-01T00:00:00.000Z', rangeEnd: '2026-06-30T23:59:59.999Z' }

/** §4 Sponsor reports and §5 the data export and analytics entitlement. */
export const sponsorChecks = [
  defineCheck({
    name: '§4 POST /sponsors: answers { report: Sponsor report } with its payload and date window',
    operations: ['createSponsorReport'],
    run: async (ctx) => {
      const { report, exchange } = await makeReport(ctx, WINDOW)
      for (const key of ['rangeStart', 'rangeEnd'] as const) {
        const value = report[key]
        ctx.assert(
          typeof value === 'string' && Date.parse(value) === Date.parse(WINDOW[key]),
          `Sent ${key} ${WINDOW[key]}, got ${JSON.stringify(value)}.`,
          exchange,
        )
      }
    },
  }),
  defineCheck({
    name: '§4 POST /sponsors: omitting both dates gives an all-time rollup',
    operations: ['createSponsorReport'],
    run: async (ctx) => {
      const { report, exchange } = await makeReport(ctx)
      ctx.observe(
        'Window bounds of an all-time sponsor report',
        // An absent bound is observed as null: both say "no bound" (contract/sponsors.ts).
        { rangeStart: report.rangeStart ?? null, rangeEnd: report.rangeEnd ?? null },
        { rangeStart: null, rangeEnd: null },
        exchange,
        'createSponsorReport',
      )
    },
  }),
  defineCheck({
    name: '§4 GET /sponsors: answers { reports: [Sponsor report] }',
    operations: ['listSponsorReports'],
    run: async (ctx) => {
      const { report } = await makeReport(ctx)
      const exchange = await ctx.api.listSponsorReports()
      ctx.found(
        ctx.success('listSponsorReports', exchange).reports.find((r) => r.id === report.id),
        `The new report ${report.id} is not listed.`,
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 GET /sponsors: metadata only, the payload is omitted',
    operations: ['listSponsorReports'],
    run: async (ctx) => {
      await makeReport(ctx)
      const exchange = await ctx.api.listSponsorReports()
      ctx.assert(
        exchange.status >= 200 &&
          exchange.status < 300 &&
          Array.isArray((exchange.body as { reports?: unknown })?.reports),
        'GET /sponsors did not answer { reports: [...] }.',
        exchange,
      )
      const reports = (exchange.body as { reports: unknown[] }).reports
      const withPayload = reports.filter(
        (r) => typeof r === 'object' && r !== null && 'payload' in r,
      )
      ctx.assert(
        withPayload.length === 0,
        `${withPayload.length} of ${reports.length} listed reports carry a payload.`,
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§5 POST /sponsors requires the data export and analytics entitlement (§7.5)',
    operations: ['createSponsorReport', 'listSponsorReports'],
    needs: ['noEntitlements'],
    run: async (ctx) => {
      const title = ctx.title('Report without entitlement')
      const exchange = await ctx.noEntitlements.createSponsorReport({
        body: { title, brandLabel: 'Contract suite' },
      })
      remember(ctx, 'report', 'report', exchange, 'noEntitlements')
      ctx.refused('createSponsorReport', exchange, 'missing_entitlement')
      const list = await ctx.noEntitlements.listSponsorReports()
      const titles = ctx.success('listSponsorReports', list).reports.map((r) => r.title)
      ctx.assert(!titles.includes(title), 'The refused report was created anyway.', list)
    },
  }),
]

import { z } from 'zod'
import { invalid, issuesOf, type Outcome, ok } from './errors.ts'
import { newId } from './ids.ts'
import type { SponsorReport } from './resources.ts'
import { type Context, newestFirst } from './store.ts'

const instant = z.iso.datetime({ offset: true })

const CreateReport = z.strictObject({
  title: z.string().trim().min(1).max(200),
  brand: z.string().trim().min(1).max(100),
  window: z.strictObject({ start: instant.optional(), end: instant.optional() }).optional(),
})

const iso = (value: string) => new Date(value).toISOString()

/**
 * The window: none (or `{}`) is all-time; a start alone runs to now, so it cannot lie in the
 * future; an end needs a start; the start must not be after the end.
 */
const windowOf = (
  window: { start?: string | undefined; end?: string | undefined } | undefined,
  now: string,
): { range?: { start: string; end: string } } | { error: string; path: string[] } => {
  if (window?.start === undefined && window?.end === undefined) return {}
  if (window.start === undefined)
    return { error: 'window.end needs a window.start', path: ['window', 'start'] }
  const start = iso(window.start)
  const end = window.end === undefined ? now : iso(window.end)
  if (start > end)
    return window.end === undefined
      ? { error: 'window.start lies in the future', path: ['window', 'start'] }
      : { error: 'window.start must not be after window.end', path: ['window', 'start'] }
  return { range: { start, end } }
}

const within = (createdAt: string, range: { start: string; end: string } | undefined) =>
  !range || (createdAt >= range.start && createdAt <= range.end)

export const createReport = (ctx: Context): Outcome => {
  const body = CreateReport.safeParse(ctx.body)
  if (!body.success) return invalid('invalid sponsor report', issuesOf(body.error))
  const { deployment, records } = ctx
  const now = deployment.clock.now()
  const window = windowOf(body.data.window, now)
  if ('error' in window)
    return invalid('invalid sponsor report', [{ path: window.path, message: window.error }])
  const { range } = window
  const forms = [...records.forms.values()].filter((f) => within(f.createdAt, range))
  const sessions = [...records.sessions.values()].filter((s) => within(s.session.createdAt, range))
  const series = [...records.series.values()].filter((s) => within(s.createdAt, range))
  const slug = deployment.codes.slug(body.data.title, 'report')
  const report: SponsorReport = {
    id: newId('spr'),
    title: body.data.title,
    brandLabel: body.data.brand,
    slug,
    publicUrl: `${deployment.publicBase}/r/${slug}`,
    ...(range && { rangeStart: range.start, rangeEnd: range.end }),
    generatedAt: now,
    createdAt: now,
    payload: {
      totals: {
        forms: forms.length,
        liveForms: forms.filter((f) => f.status === 'live').length,
        sessions: sessions.length,
        activities: sessions.reduce((n, s) => n + s.session.activities.length, 0),
        series: series.length,
        rounds: series.reduce((n, s) => n + s.rounds.length, 0),
        // Responses and participants arrive through the join flows, which this API does not serve.
        participants: 0,
        submissions: 0,
      },
      events: [
        ...forms.map((f) => ({ type: 'form', id: f.id, title: f.title, at: f.createdAt })),
        ...sessions.map(({ session: s }) => ({
          type: 'session',
          id: s.id,
          title: s.title,
          at: s.createdAt,
        })),
        ...series.map((s) => ({ type: 'series', id: s.id, title: s.title, at: s.createdAt })),
      ].sort((a, b) => (a.at < b.at ? 1 : -1)),
    },
  }
  records.reports.set(report.id, report)
  return ok({ report })
}

export const listReports = (ctx: Context): Outcome =>
  ok({ reports: newestFirst(ctx.records.reports).map(({ payload: _, ...meta }) => meta) })

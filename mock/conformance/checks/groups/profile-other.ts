import { LIMITS, publicPath } from '../../../../contract/common.ts'
import { ERROR_CONDITIONS } from '../../../../contract/errors.ts'
import { TEAMS } from '../../../../contract/input-examples.ts'
import { defineCheck } from '../../engine/check.ts'
import { makeForm, makeReport, makeSeries, makeSession, remember } from '../helpers/make.ts'

const pathOf = (url: string): string =>
  URL.canParse(url) ? new URL(url).pathname : `not a URL: ${url}`

/** Status codes §7 leaves open beyond its five conditions, and where public links point. */
export const profileOtherChecks = [
  defineCheck({
    name: 'Profile §7 Status codes of the conditions the reference does not list',
    operations: ['createForm', 'addTeam'],
    profileOnly: true,
    run: async (ctx) => {
      const text = await ctx.api.raw({
        method: 'POST',
        path: '/forms',
        rawBody: JSON.stringify({ title: ctx.title('Sent as text/plain') }),
        headers: { 'content-type': 'text/plain' },
      })
      remember(ctx, 'form', 'form', text, 'main')
      ctx.profileRefusal(
        'createForm',
        text,
        'unsupported_media_type',
        'Status of POST /forms with a text/plain body',
      )
      // Over 1 MiB in an extra property: a deployment that ignores it still creates a small, marked form.
      const large = await ctx.api.raw({
        method: 'POST',
        path: '/forms',
        body: { title: ctx.title('Large body'), padding: 'x'.repeat(LIMITS.bodyBytes + 1) },
      })
      remember(ctx, 'form', 'form', large, 'main')
      ctx.profileRefusal(
        'createForm',
        large,
        'payload_too_large',
        'Status of POST /forms with a body over 1 MiB',
      )
      const { session } = await makeSession(ctx, { teamMode: true })
      ctx.success(
        'addTeam',
        await ctx.api.addTeam({ params: { id: session.id }, body: TEAMS.owls }),
      )
      const twin = { ...TEAMS.owls, name: TEAMS.owls.name.toUpperCase() }
      ctx.profileRefusal(
        'addTeam',
        await ctx.api.addTeam({ params: { id: session.id }, body: twin }),
        'duplicate_team_name',
        'Status of POST /sessions/{id}/teams with a name already used',
      )
      const route = await ctx.api.raw({ method: 'GET', path: '/no-such-operation' })
      ctx.observe(
        'Status of an unknown path',
        route.status,
        ERROR_CONDITIONS.unknown_route.status,
        route,
      )
      const method = await ctx.api.raw({ method: 'PUT', path: '/forms' })
      ctx.observe(
        'Status of a known path with another method (PUT /forms)',
        method.status,
        ERROR_CONDITIONS.method_not_allowed.status,
        method,
      )
    },
  }),
  defineCheck({
    name: 'Profile §2 Links: share, join, screen, manage and report URLs',
    operations: ['createForm', 'openSession', 'createSeries', 'createSponsorReport'],
    profileOnly: true,
    run: async (ctx) => {
      const { form, exchange: f } = await makeForm(ctx)
      ctx.observe(
        'Path of a form shareUrl',
        pathOf(form.shareUrl),
        publicPath.form(form.slug),
        f,
        'createForm',
      )
      const { session } = await makeSession(ctx)
      const opened = await ctx.api.openSession({ params: { id: session.id } })
      const s = ctx.success('openSession', opened).session
      ctx.observe(
        'Path of a session joinUrl',
        pathOf(s.joinUrl),
        publicPath.join(s.joinCode),
        opened,
        'openSession',
      )
      ctx.observe(
        'Path of a session screenUrl',
        pathOf(s.screenUrl),
        publicPath.screen(s.joinCode),
        opened,
        'openSession',
      )
      const { series, exchange: sx } = await makeSeries(ctx)
      ctx.observe(
        'Path of a series manageUrl',
        pathOf(series.manageUrl),
        publicPath.seriesManage(series.id),
        sx,
        'createSeries',
      )
      const { report, exchange: rx } = await makeReport(ctx)
      ctx.observe(
        'Path of a sponsor report publicUrl',
        pathOf(report.publicUrl),
        publicPath.report(report.slug),
        rx,
        'createSponsorReport',
      )
    },
  }),
]

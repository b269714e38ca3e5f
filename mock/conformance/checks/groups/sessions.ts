import { ACTIVITY_SAMPLES, TEAMS } from '../../../../contract/input-examples.ts'
import { SESSION_STATUSES } from '../../../../contract/sessions.ts'
import { defineCheck } from '../../engine/check.ts'
import { makeOpenSession, makeSession } from '../helpers/make.ts'

const [, OPEN, ENDED] = SESSION_STATUSES

/** §4 Sessions: each operation's success answer; §2/§3 session states and the team rule (§7.4). */
export const sessionChecks = [
  defineCheck({
    name: '§4 POST /sessions: answers { session: Session } with its activities',
    operations: ['createSession'],
    run: async (ctx) => {
      const activities = [ACTIVITY_SAMPLES.poll, ACTIVITY_SAMPLES.word_cloud]
      const { session, exchange } = await makeSession(ctx, { activities })
      const kinds = session.activities.map((a) => a.kind)
      ctx.assert(
        kinds.join() === 'poll,word_cloud',
        `Sent poll, word_cloud; got ${kinds.join(', ')}.`,
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 GET /sessions: answers { sessions: [Session] } with their activities',
    operations: ['listSessions'],
    run: async (ctx) => {
      const { session } = await makeSession(ctx)
      const exchange = await ctx.api.listSessions()
      const listed = ctx.found(
        ctx.success('listSessions', exchange).sessions.find((s) => s.id === session.id),
        `The new session ${session.id} is not listed.`,
        exchange,
      )
      ctx.assert(
        listed.activities.length === 1,
        `Session ${session.id} is listed without its activity.`,
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 POST /sessions/{id}/activities: answers { activity: Activity } and appends it',
    operations: ['addActivity', 'listSessions'],
    run: async (ctx) => {
      const { session } = await makeSession(ctx)
      const exchange = await ctx.api.addActivity({
        params: { id: session.id },
        body: ACTIVITY_SAMPLES.qa,
      })
      const { activity } = ctx.success('addActivity', exchange)
      ctx.assert(activity.kind === 'qa', `Sent kind "qa", got "${activity.kind}".`, exchange)
      const list = await ctx.api.listSessions()
      const listed = ctx.success('listSessions', list).sessions.find((s) => s.id === session.id)
      ctx.assert(
        listed?.activities.at(-1)?.id === activity.id,
        `Activity ${activity.id} is not the last one listed.`,
        list,
      )
    },
  }),
  defineCheck({
    name: '§4 POST /sessions/{id}/open: answers { session: Session } including joinCode, joinUrl and screenUrl',
    operations: ['openSession'],
    run: async (ctx) => {
      const { session } = await makeSession(ctx)
      const exchange = await ctx.api.openSession({ params: { id: session.id } })
      const opened = ctx.success('openSession', exchange).session
      ctx.assert(opened.id === session.id, 'Another session was answered.', exchange)
    },
  }),
  defineCheck({
    name: '§4 POST /sessions/{id}/end: answers { session: Session }',
    operations: ['endSession'],
    run: async (ctx) => {
      const { session } = await makeOpenSession(ctx)
      const exchange = await ctx.api.endSession({ params: { id: session.id } })
      ctx.assert(
        ctx.success('endSession', exchange).session.id === session.id,
        'Another session was answered.',
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 POST /sessions/{id}/teams: answers { team: Team } while the session is a draft in team mode',
    operations: ['addTeam'],
    run: async (ctx) => {
      const { session } = await makeSession(ctx, { teamMode: true })
      const sent = TEAMS.owls
      const exchange = await ctx.api.addTeam({ params: { id: session.id }, body: sent })
      const { team } = ctx.success('addTeam', exchange)
      ctx.assert(
        team.name === sent.name && team.color === sent.color,
        'The team answered is not the one sent.',
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§2 Session: a created session starts as draft',
    operations: ['createSession'],
    run: async (ctx) => {
      const { session, exchange } = await makeSession(ctx)
      ctx.assert(
        session.status === 'draft',
        `status is "${session.status}", not "draft".`,
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§3 Session: open moves a draft session to another status',
    operations: ['openSession'],
    run: async (ctx) => {
      const { session } = await makeSession(ctx)
      const exchange = await ctx.api.openSession({ params: { id: session.id } })
      const opened = ctx.success('openSession', exchange).session
      ctx.assert(opened.status !== 'draft', 'The opened session still reports "draft".', exchange)
      ctx.observe(
        'Status of an opened session (§3: name not shown)',
        opened.status,
        OPEN,
        exchange,
        'openSession',
      )
    },
  }),
  defineCheck({
    name: '§3 Session: the open-immediately option of creation opens it, with join code and URLs',
    operations: ['createSession', 'listSessions'],
    run: async (ctx) => {
      const { session, exchange } = await makeSession(ctx, { open: true })
      ctx.assert(
        session.status !== 'draft',
        'Created with the open-immediately option, the session still reports "draft": the option was not applied (§3: draft → open on "the open-immediately option of session creation").',
        exchange,
      )
      ctx.assert(
        Boolean(session.joinCode && session.joinUrl && session.screenUrl),
        'The opened session carries no join code, participant URL or screen URL (§3).',
        exchange,
      )
      const list = await ctx.api.listSessions()
      const listed = ctx.success('listSessions', list).sessions.find((s) => s.id === session.id)
      ctx.assert(
        listed?.status === session.status,
        `GET /sessions shows "${listed?.status}", POST answered "${session.status}".`,
        list,
      )
    },
  }),
  defineCheck({
    name: '§3 Session: end moves an open session to yet another status',
    operations: ['endSession'],
    run: async (ctx) => {
      const { session: opened } = await makeOpenSession(ctx)
      const exchange = await ctx.api.endSession({ params: { id: opened.id } })
      const ended = ctx.success('endSession', exchange).session
      ctx.assert(
        ended.status !== opened.status && ended.status !== 'draft',
        `The ended session reports "${ended.status}" (open: "${opened.status}").`,
        exchange,
      )
      ctx.observe(
        'Status of an ended session (§3: name not shown)',
        ended.status,
        ENDED,
        exchange,
        'endSession',
      )
    },
  }),
  defineCheck({
    name: '§3 Session: a team is refused once the session is open (§7.4)',
    operations: ['addTeam', 'openSession'],
    run: async (ctx) => {
      const { session } = await makeOpenSession(ctx, { teamMode: true })
      const exchange = await ctx.api.addTeam({ params: { id: session.id }, body: TEAMS.foxes })
      ctx.refused('addTeam', exchange, 'team_not_allowed')
    },
  }),
  defineCheck({
    name: '§3 Session: a team is refused on a session not in team mode (§7.4)',
    operations: ['addTeam'],
    run: async (ctx) => {
      const { session } = await makeSession(ctx, { teamMode: false })
      const exchange = await ctx.api.addTeam({ params: { id: session.id }, body: TEAMS.otters })
      ctx.refused('addTeam', exchange, 'team_not_allowed')
    },
  }),
]

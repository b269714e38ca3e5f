import { z } from 'zod'
import { parseActivity } from './activities.ts'
import { conflict, type Issue, invalid, issuesOf, notFound, type Outcome, ok } from './errors.ts'
import { newId } from './ids.ts'
import { type Activity, MODES, type Session } from './resources.ts'
import { type Context, type Deployment, newestFirst } from './store.ts'

export const MAX_ACTIVITIES = 200

export const SessionShape = {
  title: z.string().trim().min(1).max(200),
  mode: z.enum(MODES).optional(),
  activities: z.array(z.unknown()).max(MAX_ACTIVITIES).optional(),
}

const CreateSession = z.strictObject({
  ...SessionShape,
  teamMode: z.boolean().optional(),
  startNow: z.boolean().optional(),
})

/** Validates inline activities; `at` is where the list sits in the request body. */
export const parseActivities = (
  deployment: Deployment,
  inputs: unknown[],
  at: Array<string | number>,
): { activities: Activity[] } | { issues: Issue[] } => {
  const activities: Activity[] = []
  const issues: Issue[] = []
  inputs.forEach((input, i) => {
    const parsed = parseActivity(input, deployment.release, [...at, i])
    if ('issues' in parsed) issues.push(...parsed.issues)
    else activities.push({ id: newId('act'), ...parsed, order: i + 1 })
  })
  return issues.length ? { issues } : { activities }
}

/** A draft session (or a series round: it has exactly a session's fields). */
export const newSession = (
  deployment: Deployment,
  prefix: string,
  input: { title: string; mode?: Session['mode'] | undefined },
  activities: Activity[],
): Session => {
  const id = newId(prefix)
  const joinCode = deployment.codes.joinCode()
  return {
    id,
    title: input.title,
    status: 'draft',
    mode: input.mode ?? 'live',
    joinCode,
    joinUrl: `${deployment.publicBase}/join/${joinCode}`,
    screenUrl: `${deployment.publicBase}/screen/${id}`,
    createdAt: deployment.clock.now(),
    activities,
  }
}

/** Opening issues a fresh join code: the draft's code is a placeholder nobody can join with. */
const start = (deployment: Deployment, session: Session) => {
  session.status = 'running'
  session.joinCode = deployment.codes.joinCode()
  session.joinUrl = `${deployment.publicBase}/join/${session.joinCode}`
}

export const findSession = (ctx: Context) => ctx.records.sessions.get(ctx.params.id ?? '')

export const createSession = (ctx: Context): Outcome => {
  const body = CreateSession.safeParse(ctx.body)
  if (!body.success) return invalid('invalid session', issuesOf(body.error))
  const parsed = parseActivities(ctx.deployment, body.data.activities ?? [], ['activities'])
  if ('issues' in parsed) return invalid('invalid session', parsed.issues)
  const session = newSession(ctx.deployment, 'ses', body.data, parsed.activities)
  if (body.data.startNow) start(ctx.deployment, session)
  ctx.records.sessions.set(session.id, {
    session,
    teamMode: body.data.teamMode ?? false,
    teams: [],
    presenting: null,
  })
  return ok({ session })
}

export const listSessions = (ctx: Context): Outcome =>
  ok({ sessions: newestFirst(ctx.records.sessions).map((r) => r.session) })

/** Activities are added to drafts and running sessions, not to finished ones. */
export const addActivity = (ctx: Context): Outcome => {
  const record = findSession(ctx)
  if (!record) return notFound('session')
  const { session } = record
  if (session.status === 'finished') return conflict('the session has finished')
  const parsed = parseActivity(ctx.body, ctx.deployment.release)
  if ('issues' in parsed) return invalid('invalid activity', parsed.issues)
  if (session.activities.length >= MAX_ACTIVITIES)
    return conflict(`a session holds at most ${MAX_ACTIVITIES} activities`)
  const activity: Activity = { id: newId('act'), ...parsed, order: session.activities.length + 1 }
  session.activities.push(activity)
  return ok({ activity })
}

/** Opens a draft, or reopens a finished session with a fresh join code. */
export const openSession = (ctx: Context): Outcome => {
  const record = findSession(ctx)
  if (!record) return notFound('session')
  if (record.session.status === 'running') return conflict('the session is already running')
  start(ctx.deployment, record.session)
  return ok({ session: record.session })
}

export const endSession = (ctx: Context): Outcome => {
  const record = findSession(ctx)
  if (!record) return notFound('session')
  if (record.session.status !== 'running') return conflict('only a running session can end')
  record.session.status = 'finished'
  record.presenting = null
  return ok({ session: record.session })
}

/** Puts an activity on the big screen of a running session. */
export const presentActivity = (ctx: Context): Outcome => {
  const record = findSession(ctx)
  if (!record) return notFound('session')
  const activity = record.session.activities.find((a) => a.id === ctx.params.activityId)
  if (!activity) return notFound('activity')
  if (record.session.status !== 'running') return conflict('only a running session presents')
  record.presenting = { activityId: activity.id, since: ctx.deployment.clock.now() }
  return ok({
    presenting: { sessionId: record.session.id, activity, since: record.presenting.since },
  })
}

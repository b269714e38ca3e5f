import { LIMITS, publicPath } from '../../contract/common.ts'
import { duplicateTeamName } from '../../contract/teams.ts'
import type { Operations } from '../core/context.ts'
import { fail, notFound } from '../core/result.ts'
import { sessionView } from '../core/views.ts'
import { buildActivity } from './activities.ts'

type SessionOps = Pick<
  Operations,
  | 'createSession'
  | 'addActivity'
  | 'openSession'
  | 'endSession'
  | 'addTeam'
  | 'setTeamMode'
  | 'presentActivity'
>

const notFoundSession = (id: string) => notFound('Session', id)

export const sessionOperations: SessionOps = {
  async createSession({ store, ids, org, now, publicBase, body }) {
    const joinCode = ids.joinCode()
    const record = await store.sessions.insert({
      id: ids.id('session'),
      title: body.title,
      status: body.open ? 'open' : 'draft',
      mode: body.mode,
      joinCode,
      joinUrl: publicBase + publicPath.join(joinCode),
      screenUrl: publicBase + publicPath.screen(joinCode),
      createdAt: now,
      activities: body.activities.map((input, order) => buildActivity(ids, input, order)),
      teamMode: body.teamMode,
      teams: [],
      currentActivityId: null,
      orgId: org.id,
      seq: store.nextSeq(),
      participants: 0,
    })
    return { status: 201, body: { session: sessionView(record) } }
  },

  async addActivity({ store, ids, org, params, body }) {
    const session = store.sessions.getOwned(org.id, params.id)
    if (!session) return notFoundSession(params.id)
    if (session.status === 'ended') {
      return fail(
        'state_conflict',
        `Session ${session.id} has ended; activities can no longer be added.`,
      )
    }
    if (session.activities.length >= LIMITS.activitiesPerSession) {
      return fail(
        'limit_exceeded',
        `Session ${session.id} already has the maximum of ${LIMITS.activitiesPerSession} activities.`,
      )
    }
    const activity = buildActivity(ids, body, session.activities.length)
    await store.sessions.replace(session, {
      ...session,
      activities: [...session.activities, activity],
    })
    return { status: 201, body: { activity } }
  },

  async openSession({ store, org, params }) {
    const session = store.sessions.getOwned(org.id, params.id)
    if (!session) return notFoundSession(params.id)
    if (session.status !== 'draft') {
      return fail(
        'state_conflict',
        `Session ${session.id} is ${session.status}; only a draft session can be opened.`,
      )
    }
    const updated = await store.sessions.replace(session, { ...session, status: 'open' })
    return { status: 200, body: { session: sessionView(updated) } }
  },

  async endSession({ store, org, params }) {
    const session = store.sessions.getOwned(org.id, params.id)
    if (!session) return notFoundSession(params.id)
    if (session.status !== 'open') {
      return fail(
        'state_conflict',
        `Session ${session.id} is ${session.status === 'draft' ? 'a draft' : 'already ended'}; only an open session can be ended.`,
      )
    }
    const updated = await store.sessions.replace(session, {
      ...session,
      status: 'ended',
      currentActivityId: null,
    })
    return { status: 200, body: { session: sessionView(updated) } }
  },

  async addTeam({ store, ids, org, params, body }) {
    const session = store.sessions.getOwned(org.id, params.id)
    if (!session) return notFoundSession(params.id)
    if (session.status !== 'draft' || !session.teamMode) {
      const why =
        session.status !== 'draft' ? `is ${session.status}, not a draft` : 'is not in team mode'
      return fail(
        'team_not_allowed',
        `Teams can be added only to a draft session in team mode; session ${session.id} ${why}.`,
      )
    }
    if (duplicateTeamName([...session.teams.map((t) => t.name), body.name]) !== undefined) {
      return fail(
        'duplicate_team_name',
        `Session ${session.id} already has a team named "${body.name}".`,
      )
    }
    if (session.teams.length >= LIMITS.teamsPerSessionOrSeries) {
      return fail(
        'limit_exceeded',
        `Session ${session.id} already has the maximum of ${LIMITS.teamsPerSessionOrSeries} teams.`,
      )
    }
    const team = {
      id: ids.id('team'),
      name: body.name,
      color: body.color,
      order: session.teams.length,
    }
    await store.sessions.replace(session, { ...session, teams: [...session.teams, team] })
    return { status: 201, body: { team } }
  },

  async setTeamMode({ store, org, params, body }) {
    const session = store.sessions.getOwned(org.id, params.id)
    if (!session) return notFoundSession(params.id)
    if (session.status !== 'draft') {
      return fail(
        'state_conflict',
        `Session ${session.id} is ${session.status}; team mode can change only on a draft.`,
      )
    }
    const updated = await store.sessions.replace(session, {
      ...session,
      teamMode: body.teamMode,
      teams: body.teamMode ? session.teams : [],
    })
    return { status: 200, body: { session: sessionView(updated) } }
  },

  async presentActivity({ store, org, params, body }) {
    const session = store.sessions.getOwned(org.id, params.id)
    if (!session) return notFoundSession(params.id)
    if (!session.activities.some((a) => a.id === body.activityId))
      return notFound('Activity', body.activityId)
    if (session.status !== 'open') {
      return fail(
        'state_conflict',
        `Session ${session.id} is ${session.status}; only an open session can present.`,
      )
    }
    const updated = await store.sessions.replace(session, {
      ...session,
      currentActivityId: body.activityId,
    })
    return { status: 200, body: { session: sessionView(updated) } }
  },
}

import * as z from 'zod'
import { Activity } from '../../../contract/activities.ts'
import { LIMITS } from '../../../contract/common.ts'
import { Session } from '../../../contract/sessions.ts'
import { Team } from '../../../contract/teams.ts'
import { kept, keptIds, owned } from './common.ts'

/** A session's or series' teams and activities, as stored (series.ts shares them). */
export const storedTeams = z.array(Team.extend({ id: kept })).max(LIMITS.teamsPerSessionOrSeries)
export const storedActivities = z.array(keptIds(Activity)).max(LIMITS.activitiesPerSession)

/** Participation is not part of the API (§1: join flows are not shown); reports roll it up. */
export const StoredSession = Session.extend({
  ...owned,
  id: kept,
  joinCode: kept,
  activities: storedActivities,
  teams: storedTeams,
  currentActivityId: kept.nullable(),
  participants: z.int().min(0),
})

export type StoredSession = z.infer<typeof StoredSession>

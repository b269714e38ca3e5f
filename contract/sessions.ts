import * as z from 'zod'
import { Activity, ActivityInput, DocActivity, DocActivityInput } from './activities.ts'
import {
  DocId,
  DocStatus,
  DocTimestamp,
  DocUrl,
  idOf,
  JoinCode,
  LIMITS,
  Timestamp,
  Title,
  Url,
} from './common.ts'
import { endpoints } from './endpoints.ts'
import { defineRoute } from './route.ts'
import { DocTeam, DocTeamInput, Team, TeamInput } from './teams.ts'

/** Profile states: draft → open (open; only from draft) → ended (end; only from open). */
export const SESSION_STATUSES = ['draft', 'open', 'ended'] as const
export type SessionStatus = (typeof SESSION_STATUSES)[number]
/** §2 names "live or self-paced"; the profile spells the second `self_paced`. */
export const MODES = ['live', 'self_paced'] as const
export type Mode = (typeof MODES)[number]

/** The fields a Session and a Round share (§2: "A Round has exactly the fields of a Session"). */
export const docSessionShape = {
  id: DocId,
  title: z.string(),
  status: DocStatus,
  mode: z.string(),
  joinCode: z.string(),
  joinUrl: DocUrl,
  screenUrl: DocUrl,
  createdAt: DocTimestamp,
  activities: z.array(DocActivity),
}
export const sessionShape = {
  title: Title,
  status: z.enum(SESSION_STATUSES),
  mode: z.enum(MODES),
  joinCode: JoinCode,
  joinUrl: Url,
  screenUrl: Url,
  createdAt: Timestamp,
  activities: z.array(Activity).max(LIMITS.activitiesPerSession),
}

export const DocSession = z.looseObject(docSessionShape)

/** Profile extensions: `teamMode`, `teams` and the activity on screen (`currentActivityId`). */
export const Session = z
  .strictObject({
    id: idOf('session'),
    ...sessionShape,
    teamMode: z.boolean(),
    teams: z.array(Team).max(LIMITS.teamsPerSessionOrSeries),
    currentActivityId: idOf('activity').nullable(),
  })
  .meta({ id: 'Session' })
export type Session = z.infer<typeof Session>

export const CreateSessionBody = z
  .strictObject({
    title: Title,
    mode: z.enum(MODES).default('live'),
    teamMode: z.boolean().default(false),
    activities: z.array(ActivityInput).max(LIMITS.activitiesPerSession).default([]),
    /** Open for joining immediately (§4). */
    open: z.boolean().default(false),
  })
  .meta({
    id: 'CreateSessionBody',
    example: {
      title: 'All-hands Q&A',
      activities: [{ kind: 'qa', prompt: 'Ask the leadership team anything' }],
      open: true,
    },
  })
export type CreateSessionBody = z.input<typeof CreateSessionBody>

export const SetTeamModeBody = z
  .strictObject({ teamMode: z.boolean() })
  .meta({ id: 'SetTeamModeBody', example: { teamMode: true } })
export const PresentActivityBody = z
  .strictObject({ activityId: z.string() })
  .meta({ id: 'PresentActivityBody', example: { activityId: 'act_a1b2c3d4e5f6' } })

const SessionEnvelope = z.strictObject({ session: Session }).meta({ id: 'SessionEnvelope' })
const DocSessionEnvelope = z.looseObject({ session: DocSession })
/** §4 open: "including joinCode, joinUrl, screenUrl". */
const DocOpenedSessionEnvelope = z.looseObject({
  session: DocSession.extend({ joinCode: z.string().min(1), joinUrl: DocUrl, screenUrl: DocUrl }),
})

export const sessionRoutes = {
  createSession: defineRoute(endpoints.createSession, {
    section: '§4 Sessions',
    body: { documented: z.looseObject({}), profile: CreateSessionBody },
    success: { documented: DocSessionEnvelope, profile: SessionEnvelope },
    errorShape: 'plain',
    errors: [],
  }),
  listSessions: defineRoute(endpoints.listSessions, {
    section: '§4 Sessions',
    success: {
      documented: z.looseObject({ sessions: z.array(DocSession) }),
      profile: z.strictObject({ sessions: z.array(Session) }).meta({ id: 'SessionList' }),
    },
    errorShape: 'plain',
    errors: [],
    list: true,
  }),
  addActivity: defineRoute(endpoints.addActivity, {
    section: '§4 Sessions',
    body: { documented: DocActivityInput, profile: ActivityInput },
    success: {
      documented: z.looseObject({ activity: DocActivity }),
      profile: z.strictObject({ activity: Activity }).meta({ id: 'ActivityEnvelope' }),
    },
    errorShape: 'validation',
    errors: ['not_found', 'state_conflict', 'limit_exceeded'],
  }),
  openSession: defineRoute(endpoints.openSession, {
    section: '§4 Sessions, §3',
    success: { documented: DocOpenedSessionEnvelope, profile: SessionEnvelope },
    errorShape: 'plain',
    errors: ['not_found', 'state_conflict'],
  }),
  endSession: defineRoute(endpoints.endSession, {
    section: '§4 Sessions, §3',
    success: { documented: DocSessionEnvelope, profile: SessionEnvelope },
    errorShape: 'plain',
    errors: ['not_found', 'state_conflict'],
  }),
  addTeam: defineRoute(endpoints.addTeam, {
    section: '§4 Sessions, §3',
    body: { documented: DocTeamInput, profile: TeamInput },
    success: {
      documented: z.looseObject({ team: DocTeam }),
      profile: z.strictObject({ team: Team }).meta({ id: 'TeamEnvelope' }),
    },
    errorShape: 'plain',
    errors: ['not_found', 'team_not_allowed', 'duplicate_team_name', 'limit_exceeded'],
  }),
  setTeamMode: defineRoute(endpoints.setTeamMode, {
    section: '§4 Other operations',
    inferred: true,
    body: { documented: z.looseObject({}), profile: SetTeamModeBody },
    success: { documented: DocSessionEnvelope, profile: SessionEnvelope },
    errorShape: 'plain',
    errors: ['not_found', 'state_conflict'],
  }),
  presentActivity: defineRoute(endpoints.presentActivity, {
    section: '§4 Other operations',
    inferred: true,
    body: { documented: z.looseObject({}), profile: PresentActivityBody },
    success: { documented: DocSessionEnvelope, profile: SessionEnvelope },
    errorShape: 'plain',
    errors: ['not_found', 'state_conflict'],
  }),
} as const

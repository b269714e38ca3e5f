import * as z from 'zod'
import { ActivityInput } from './activities.ts'
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
import { docSessionShape, MODES, sessionShape } from './sessions.ts'
import { DocTeam, duplicateTeamName, Team, TeamInput } from './teams.ts'

/** Series and rounds stay `draft` in the profile: rounds are run from a dashboard (§1, not shown). */
export const SERIES_STATUSES = ['draft'] as const

export const DocRound = z.looseObject(docSessionShape)
export const Round = z
  .strictObject({ id: idOf('round'), ...sessionShape, status: z.enum(SERIES_STATUSES) })
  .meta({ id: 'Round' })
export type Round = z.infer<typeof Round>

export const DocSeries = z.looseObject({
  id: DocId,
  title: z.string(),
  status: DocStatus,
  joinCode: z.string(),
  manageUrl: DocUrl,
  createdAt: DocTimestamp,
  teams: z.array(DocTeam),
  rounds: z.array(DocRound),
})
export const Series = z
  .strictObject({
    id: idOf('series'),
    title: Title,
    status: z.enum(SERIES_STATUSES),
    joinCode: JoinCode,
    manageUrl: Url,
    createdAt: Timestamp,
    teams: z.array(Team).max(LIMITS.teamsPerSessionOrSeries),
    rounds: z.array(Round).max(LIMITS.roundsPerSeries),
  })
  .meta({ id: 'Series' })
export type Series = z.infer<typeof Series>

export const RoundInput = z
  .strictObject({
    title: Title,
    mode: z.enum(MODES).default('live'),
    activities: z.array(ActivityInput).max(LIMITS.activitiesPerSession).default([]),
  })
  .meta({ id: 'RoundInput' })

export const CreateSeriesBody = z
  .strictObject({
    title: Title,
    teams: z
      .array(TeamInput)
      .max(LIMITS.teamsPerSessionOrSeries)
      .default([])
      .refine((teams) => duplicateTeamName(teams.map((t) => t.name)) === undefined, {
        message: 'Team names must be unique (case-insensitive).',
      }),
    rounds: z.array(RoundInput).max(LIMITS.roundsPerSeries).default([]),
  })
  .meta({
    id: 'CreateSeriesBody',
    example: {
      title: 'Quiz league 2026',
      teams: [
        { name: 'Owls', color: '#6D4C41' },
        { name: 'Foxes', color: '#F4511E' },
      ],
      rounds: [
        {
          title: 'Round 1: Geography',
          activities: [
            {
              kind: 'quiz',
              question: 'Capital of Peru?',
              options: ['Lima', 'Quito'],
              correctOptions: [0],
            },
          ],
        },
      ],
    },
  })
export type CreateSeriesBody = z.input<typeof CreateSeriesBody>

export const seriesRoutes = {
  createSeries: defineRoute(endpoints.createSeries, {
    section: '§4 Series',
    body: { documented: z.looseObject({}), profile: CreateSeriesBody },
    success: {
      documented: z.looseObject({ series: DocSeries }),
      profile: z.strictObject({ series: Series }).meta({ id: 'SeriesEnvelope' }),
    },
    errorShape: 'plain',
    entitlement: 'series',
    errors: ['missing_entitlement'],
  }),
  listSeries: defineRoute(endpoints.listSeries, {
    section: '§4 Series',
    success: {
      documented: z.looseObject({ series: z.array(DocSeries) }),
      profile: z.strictObject({ series: z.array(Series) }).meta({ id: 'SeriesList' }),
    },
    errorShape: 'plain',
    errors: [],
    list: true,
  }),
} as const

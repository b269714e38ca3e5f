import * as z from 'zod'
import { LIMITS } from '../../../contract/common.ts'
import { Round, Series } from '../../../contract/series.ts'
import { kept, owned } from './common.ts'
import { storedActivities, storedTeams } from './sessions.ts'

export const StoredSeries = Series.extend({
  ...owned,
  id: kept,
  joinCode: kept,
  teams: storedTeams,
  rounds: z
    .array(Round.extend({ id: kept, joinCode: kept, activities: storedActivities }))
    .max(LIMITS.roundsPerSeries),
  roundParticipants: z.record(z.string(), z.int().min(0)),
})

export type StoredSeries = z.infer<typeof StoredSeries>

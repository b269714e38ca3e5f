import type * as z from 'zod'
import type { Activity, ActivityInput } from '../../contract/activities.ts'
import type { IdSource } from '../core/ids.ts'

/** `{ kind, …content }` (the flat request body, §4) → an Activity carrying the content as `config`. */
export const buildActivity = (
  ids: IdSource,
  { kind, ...config }: z.output<typeof ActivityInput>,
  order: number,
): Activity => ({ id: ids.id('activity'), kind, config, order }) as Activity

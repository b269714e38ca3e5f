import * as z from 'zod'
import type { Activity } from '../../../contract/activities.ts'
import { idOf, RecordedIdentifier } from '../../../contract/common.ts'
import type { Field } from '../../../contract/fields.ts'

/** What every stored record carries besides its API fields: its owner and creation sequence. */
export const owned = { orgId: idOf('organization'), seq: z.int().min(0) }

/**
 * Stored records admit, besides the profile's identifiers, those another deployment handed out
 * (`RecordedIdentifier`): a state imported from its traffic keeps them, so its links resolve. Each
 * is the profile's schema with only its identifiers widened (the same TypeScript type: strings).
 */
export const kept = RecordedIdentifier

/** A union of fields or activities, each kind's `id` widened to `kept`. */
export const keptIds = <U extends typeof Field | typeof Activity>(union: U): U =>
  z.discriminatedUnion(
    'kind',
    union.options.map((option) => option.extend({ id: kept })) as unknown as U['options'],
  ) as unknown as U

import type * as z from 'zod'
import { StoredForm, StoredResponse } from './records/forms.ts'
import { StoredSeries } from './records/series.ts'
import { StoredSession } from './records/sessions.ts'
import { StoredReport } from './records/sponsors.ts'

/**
 * The collections of records and what each holds, apart from the store, the state and the change
 * feed, which all name them: declared here, none of those three imports another for them.
 */

/** The collections of records, in the order a state lists (and an import stores) them. */
export const COLLECTIONS = ['forms', 'sessions', 'series', 'reports', 'responses'] as const
export type CollectionName = (typeof COLLECTIONS)[number]

/**
 * The records of a state in the order they are checked and stored: each collection's zod schema
 * is what checks its records (in `Table.insert`, through @msw/data), so an import parses a record
 * once; the whole-state schema (state.ts) is for callers that want a `MockState` value.
 */
export const RECORD_SCHEMAS = {
  forms: StoredForm,
  sessions: StoredSession,
  series: StoredSeries,
  reports: StoredReport,
  responses: StoredResponse,
} satisfies Record<CollectionName, z.ZodType>

/** A stored record of collection `K`. */
export type StoredRecord<K extends CollectionName> = z.infer<(typeof RECORD_SCHEMAS)[K]>

/** A record a write stored (created or replaced), whole, or the id of one it removed. */
export type RecordChange = {
  [K in CollectionName]: { put: K; record: StoredRecord<K> } | { delete: K; id: string }
}[CollectionName]

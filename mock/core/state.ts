import { z } from 'zod'
import {
  type Organization,
  Store,
  StoredForm,
  StoredOrganization,
  StoredReport,
  StoredResponse,
  StoredSeries,
  StoredSession,
} from './store.ts'
import type { Owned, Rec, Table } from './table.ts'

/** The whole store as JSON: `GET /__mock/state` exports it, `PUT /__mock/state` imports it. */
export const MockState = z.strictObject({
  format: z.literal('engagement-mock-state'),
  version: z.literal(1),
  seq: z.int().min(0),
  organizations: z.array(StoredOrganization),
  forms: z.array(StoredForm),
  sessions: z.array(StoredSession),
  series: z.array(StoredSeries),
  reports: z.array(StoredReport),
  responses: z.array(StoredResponse),
})
export type MockState = z.infer<typeof MockState>

export const exportState = (store: Store): MockState => ({
  format: 'engagement-mock-state',
  version: 1,
  seq: store.seq,
  organizations: [...store.organizations],
  forms: [...store.forms.all()],
  sessions: [...store.sessions.all()],
  series: [...store.series.all()],
  reports: [...store.reports.all()],
  responses: [...store.responses.all()],
})

/**
 * The records of a state in the order they are checked and stored: each collection's zod schema
 * is what checks its records (in `Table.insert`, through @msw/data), so an import parses a record
 * once; the whole-state schema above is for callers that want a `MockState` value.
 */
const COLLECTIONS = ['forms', 'sessions', 'series', 'reports', 'responses'] as const
type CollectionName = (typeof COLLECTIONS)[number]
const RECORD_SCHEMAS = {
  forms: StoredForm,
  sessions: StoredSession,
  series: StoredSeries,
  reports: StoredReport,
  responses: StoredResponse,
} satisfies Record<CollectionName, z.ZodType>

/** A state's frame: what `MockState` checks besides the records themselves. */
const StateEnvelope = z.strictObject({
  format: MockState.shape.format,
  version: MockState.shape.version,
  seq: MockState.shape.seq,
  organizations: z.array(z.unknown()),
  ...(Object.fromEntries(COLLECTIONS.map((name) => [name, z.array(z.unknown())])) as Record<
    CollectionName,
    z.ZodArray<z.ZodUnknown>
  >),
})

type Records = Pick<MockState, 'organizations' | CollectionName>

/** How a refusal starts: a record or the frame does not match its schema. */
export const NOT_A_STATE = 'Not a mock state: '
/** How a refusal starts: every record matches, but they do not fit together. */
export const INCONSISTENT = 'Not a consistent mock state: '

const notAState = (issue: z.core.$ZodIssue | undefined, prefix: PropertyKey[] = []) => {
  const path = [...prefix, ...(issue?.path ?? [])].map(String).join('.')
  return { error: `${NOT_A_STATE}${issue ? `${path || '(root)'}: ${issue.message}` : 'invalid'}` }
}
const inconsistent = (why: string) => ({ error: `${INCONSISTENT}${why}` })

/**
 * Every identifier, join code, slug and API key of the records appears once; each value is added
 * to `into` (the new store's reserved sets) as it is checked.
 */
const reserveUnique = (
  records: Records,
  into: { ids: Set<string>; joinCodes: Set<string>; slugs: Set<string> },
): { error: string } | undefined => {
  let duplicate: string | undefined
  const add = (set: Set<string>, value: string) => {
    if (duplicate !== undefined) return
    if (set.has(value)) duplicate = value
    else set.add(value)
  }
  const { ids, joinCodes, slugs } = into
  for (const o of records.organizations) add(ids, o.id)
  for (const f of records.forms) {
    add(ids, f.id)
    for (const x of f.fields) add(ids, x.id)
  }
  for (const s of records.sessions) {
    add(ids, s.id)
    for (const a of s.activities) add(ids, a.id)
    for (const t of s.teams) add(ids, t.id)
  }
  for (const s of records.series) {
    add(ids, s.id)
    for (const t of s.teams) add(ids, t.id)
    for (const r of s.rounds) {
      add(ids, r.id)
      for (const a of r.activities) add(ids, a.id)
    }
  }
  for (const r of records.reports) add(ids, r.id)
  for (const r of records.responses) add(ids, r.id)
  if (duplicate !== undefined) return inconsistent(`the id "${duplicate}" appears twice.`)
  for (const f of records.forms) add(joinCodes, f.joinCode)
  for (const s of records.sessions) add(joinCodes, s.joinCode)
  for (const s of records.series) {
    add(joinCodes, s.joinCode)
    for (const r of s.rounds) add(joinCodes, r.joinCode)
  }
  if (duplicate !== undefined) return inconsistent(`the join code "${duplicate}" appears twice.`)
  for (const f of records.forms) add(slugs, f.slug)
  for (const r of records.reports) add(slugs, r.slug)
  if (duplicate !== undefined) return inconsistent(`the slug "${duplicate}" appears twice.`)
  const keys = new Set<string>()
  for (const o of records.organizations) add(keys, o.apiKey)
  if (duplicate !== undefined) return inconsistent(`the API key "${duplicate}" appears twice.`)
  return undefined
}

/**
 * The references between records hold, and `seq` is above every record's. `hasForm` looks a form
 * up where the caller already has an index of them (a built store's table).
 */
const referencesError = (
  records: Records,
  seq: number,
  hasForm: (id: string) => boolean,
): { error: string } | undefined => {
  const orgIds = new Set(records.organizations.map((o) => o.id))
  let maxSeq = -1
  for (const name of COLLECTIONS) {
    for (const r of records[name]) {
      if (!orgIds.has(r.orgId))
        return inconsistent(`${r.id} belongs to unknown organization ${r.orgId}.`)
      if (r.seq > maxSeq) maxSeq = r.seq
    }
  }
  const lost = records.responses.find((r) => !hasForm(r.formId))
  if (lost) return inconsistent(`response ${lost.id} points to unknown form ${lost.formId}.`)
  if (maxSeq >= seq) return inconsistent(`seq ${seq} is not above every record's seq.`)
  return undefined
}

/**
 * A parsed, consistent state or why not, synchronously: for a state that must be refused before
 * anything starts (a scenario). `buildStore` checks the same things without this parse.
 */
export const checkState = (input: unknown): { state: MockState } | { error: string } => {
  const parsed = MockState.safeParse(input)
  if (!parsed.success) return notAState(parsed.error.issues[0])
  const state = parsed.data
  const formIds = new Set(state.forms.map((f) => f.id))
  const error =
    reserveUnique(state, { ids: new Set(), joinCodes: new Set(), slugs: new Set() }) ??
    referencesError(state, state.seq, (id) => formIds.has(id))
  return error ?? { state }
}

/**
 * Builds a fresh store from an exported state, or explains why it cannot: the caller swaps it in
 * only on success, so a bad import changes nothing. Each record is checked once, by its
 * collection's zod schema as it is stored (not by a parse of the whole state first), then the
 * same cross-record checks as `checkState` run over the stored records.
 */
export const buildStore = async (input: unknown): Promise<{ store: Store } | { error: string }> => {
  const envelope = StateEnvelope.safeParse(input)
  if (!envelope.success) return notAState(envelope.error.issues[0])
  const frame = envelope.data
  const store = new Store()
  for (const [index, org] of frame.organizations.entries()) {
    try {
      store.addOrganization(org as Organization)
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error
      return notAState(error.issues[0], ['organizations', index])
    }
  }
  const forms = await storeAll(store.forms, frame.forms, 'forms')
  if ('error' in forms) return forms
  const sessions = await storeAll(store.sessions, frame.sessions, 'sessions')
  if ('error' in sessions) return sessions
  const series = await storeAll(store.series, frame.series, 'series')
  if ('error' in series) return series
  const reports = await storeAll(store.reports, frame.reports, 'reports')
  if ('error' in reports) return reports
  const responses = await storeAll(store.responses, frame.responses, 'responses')
  if ('error' in responses) return responses
  const stored = { organizations: store.organizations, forms, sessions, series, reports, responses }
  const error =
    reserveUnique(stored, store) ??
    referencesError(stored, frame.seq, (id) => store.forms.get(id) !== undefined)
  if (error) return error
  store.seq = frame.seq
  return { store }
}

/**
 * Stores each record through its table, whose collection checks it against the table's zod
 * schema; a record it refuses is parsed again only to name the problem.
 */
const storeAll = async <S extends z.ZodType<Owned>>(
  table: Table<S>,
  records: unknown[],
  name: CollectionName,
): Promise<Rec<S>[] | { error: string }> => {
  const stored: Rec<S>[] = []
  for (const [index, record] of records.entries()) {
    try {
      stored.push(await table.insert(record as z.input<S> & Pick<Owned, 'orgId'>))
    } catch (error) {
      const parsed = RECORD_SCHEMAS[name].safeParse(record)
      // The schema accepts it: the store failed for another reason, which is not the state's.
      if (parsed.success) throw error
      return notAState(parsed.error.issues[0], [name, index])
    }
  }
  return stored
}

import { z } from 'zod'
import {
  Store,
  StoredForm,
  StoredOrganization,
  StoredReport,
  StoredResponse,
  StoredSeries,
  StoredSession,
} from './store.ts'

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

/** Every identifier a state holds, for the uniqueness checks and the reserved sets. */
const identifiersOf = (state: MockState) => {
  const ids: string[] = [
    ...state.organizations.map((o) => o.id),
    ...state.forms.flatMap((f) => [f.id, ...f.fields.map((x) => x.id)]),
    ...state.sessions.flatMap((s) => [
      s.id,
      ...s.activities.map((a) => a.id),
      ...s.teams.map((t) => t.id),
    ]),
    ...state.series.flatMap((s) => [
      s.id,
      ...s.teams.map((t) => t.id),
      ...s.rounds.flatMap((r) => [r.id, ...r.activities.map((a) => a.id)]),
    ]),
    ...state.reports.map((r) => r.id),
    ...state.responses.map((r) => r.id),
  ]
  const joinCodes = [
    ...state.forms.map((f) => f.joinCode),
    ...state.sessions.map((s) => s.joinCode),
    ...state.series.flatMap((s) => [s.joinCode, ...s.rounds.map((r) => r.joinCode)]),
  ]
  const slugs = [...state.forms.map((f) => f.slug), ...state.reports.map((r) => r.slug)]
  return { ids, joinCodes, slugs }
}

const firstDuplicate = (values: string[]) => {
  const seen = new Set<string>()
  for (const value of values) {
    if (seen.has(value)) return value
    seen.add(value)
  }
  return undefined
}

/**
 * The validation half of an import, synchronous: a parsed, consistent state or why not. The state
 * is validated once, as a whole; `trusted` skips the schema parse for a state this package
 * generated and its tests check (the demo snapshot). The consistency checks always run.
 */
export const checkState = (
  input: unknown,
  options: { trusted?: boolean } = {},
): ({ state: MockState } & ReturnType<typeof identifiersOf>) | { error: string } => {
  let state: MockState
  if (options.trusted) state = input as MockState
  else {
    const parsed = MockState.safeParse(input)
    if (!parsed.success) {
      const first = parsed.error.issues[0]
      return {
        error: `Not a mock state: ${first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid'}`,
      }
    }
    state = parsed.data
  }
  const { ids, joinCodes, slugs } = identifiersOf(state)
  const keys = state.organizations.map((o) => o.apiKey)
  for (const [what, values] of [
    ['id', ids],
    ['join code', joinCodes],
    ['slug', slugs],
    ['API key', keys],
  ] as const) {
    const duplicate = firstDuplicate(values)
    if (duplicate)
      return { error: `Not a consistent mock state: the ${what} "${duplicate}" appears twice.` }
  }
  const orgIds = new Set(state.organizations.map((o) => o.id))
  const formIds = new Set(state.forms.map((f) => f.id))
  const all = [
    ...state.forms,
    ...state.sessions,
    ...state.series,
    ...state.reports,
    ...state.responses,
  ]
  const orphan = all.find((r) => !orgIds.has(r.orgId))
  if (orphan)
    return {
      error: `Not a consistent mock state: ${orphan.id} belongs to unknown organization ${orphan.orgId}.`,
    }
  const lost = state.responses.find((r) => !formIds.has(r.formId))
  if (lost)
    return {
      error: `Not a consistent mock state: response ${lost.id} points to unknown form ${lost.formId}.`,
    }
  const maxSeq = all.reduce((max, r) => Math.max(max, r.seq), -1)
  if (maxSeq >= state.seq)
    return {
      error: `Not a consistent mock state: seq ${state.seq} is not above every record's seq.`,
    }

  return { state, ids, joinCodes, slugs }
}

/**
 * Builds a fresh store from an exported state, or explains why it cannot: the caller swaps it in
 * only on success, so a bad import changes nothing.
 */
export const buildStore = async (
  input: unknown,
  options: { trusted?: boolean } = {},
): Promise<{ store: Store } | { error: string }> => {
  const result = checkState(input, options)
  if ('error' in result) return result
  const { state, ids, joinCodes, slugs } = result
  const store = new Store()
  for (const org of state.organizations) store.addOrganization(org)
  for (const id of ids) store.ids.add(id)
  for (const code of joinCodes) store.joinCodes.add(code)
  for (const slug of slugs) store.slugs.add(slug)
  // Each collection checks its records against their zod schema as it stores them.
  for (const form of state.forms) await store.forms.insert(form)
  for (const session of state.sessions) await store.sessions.insert(session)
  for (const series of state.series) await store.series.insert(series)
  for (const report of state.reports) await store.reports.insert(report)
  for (const response of state.responses) await store.responses.insert(response)
  store.seq = state.seq
  return { store }
}

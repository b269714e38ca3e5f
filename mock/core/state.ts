import * as z from 'zod'
import { RECORD_SCHEMAS } from './collections.ts'
import { type IdentifierKind, NESTED_IDENTIFIERS } from './identifiers.ts'
import { linkedOn } from './links.ts'
import { loadOnce } from './load-once.ts'
import { INTERPRETED } from './record-check.ts'
import { StoredForm, StoredResponse } from './records/forms.ts'
import { StoredSeries } from './records/series.ts'
import { StoredSession } from './records/sessions.ts'
import { StoredReport } from './records/sponsors.ts'
import { type Outcome, type Refusal, refused } from './result.ts'
import {
  COLLECTIONS,
  type CollectionName,
  type Organization,
  Store,
  StoredOrganization,
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

/** Thrown by `exportState` when a collection is neither stored nor in memory (a browser's part). */
export const NOT_LOADED = "The state is not all loaded yet: await the mock's filled() first."

/**
 * A collection as the export lists it. One not stored yet is exported from its records as they
 * wait (the text a state export gave), never as empty: a saved copy must not lose it.
 */
const recordsOf = <K extends CollectionName>(store: Store, name: K): MockState[K] => {
  const deferred = store.deferred(name)
  if (!deferred) return [...store.tablesForFill[name].all()] as MockState[K]
  const records = deferred.peek()
  if (!records) throw new Error(NOT_LOADED)
  return records as MockState[K]
}

export const exportState = (store: Store): MockState => ({
  format: 'engagement-mock-state',
  version: 1,
  seq: store.seq,
  organizations: [...store.organizations],
  forms: recordsOf(store, 'forms'),
  sessions: recordsOf(store, 'sessions'),
  series: recordsOf(store, 'series'),
  reports: recordsOf(store, 'reports'),
  responses: recordsOf(store, 'responses'),
})

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

/** How a refusal starts: a record or the frame does not match its schema. */
export const NOT_A_STATE = 'Not a mock state: '
/** How a refusal starts: every record matches, but they do not fit together. */
export const INCONSISTENT = 'Not a consistent mock state: '

const notAState = (issue: z.core.$ZodIssue | undefined, prefix: PropertyKey[] = []) => {
  const path = [...prefix, ...(issue?.path ?? [])].map(String).join('.')
  return refused(`${NOT_A_STATE}${issue ? `${path || '(root)'}: ${issue.message}` : 'invalid'}`)
}
const inconsistent = (why: string) => refused(`${INCONSISTENT}${why}`)

type Of<K extends 'organizations' | CollectionName> = MockState[K][number]
type Reserved = { ids: Set<string>; joinCodes: Set<string>; slugs: Set<string> }
type Verdict = Refusal | undefined

/**
 * The checks across records, run on each record as it is checked and stored, so a record is
 * looked at while it is fresh in memory rather than in a second pass over the whole state: every
 * id (nested ones included), join code, slug and API key appears once; each record belongs to a
 * known organization, a response to a known form; `seq` is above every record's. The first
 * failure is kept in `error`. Identifiers go into the given sets: a new store's reserved sets.
 */
class Consistency {
  error: Verdict
  readonly #orgIds = new Set<string>()
  readonly #apiKeys = new Set<string>()
  readonly #reserved: Reserved
  readonly #seq: number
  readonly #hasForm: (id: string) => boolean

  constructor(reserved: Reserved, seq: number, hasForm: (id: string) => boolean) {
    this.#reserved = reserved
    this.#seq = seq
    this.#hasForm = hasForm
  }

  #fail(why: string): void {
    this.error ??= inconsistent(why)
  }
  #claim(set: Set<string>, what: string, value: string): void {
    if (set.has(value)) this.#fail(`the ${what} "${value}" appears twice.`)
    else set.add(value)
  }
  #id(value: string): void {
    this.#claim(this.#reserved.ids, 'id', value)
  }
  /** Claims one of a record's nested identifiers (NESTED_IDENTIFIERS). */
  readonly #nested = (kind: IdentifierKind, value: string): void => {
    if (kind === 'id') this.#id(value)
    else if (kind === 'joinCode') this.#claim(this.#reserved.joinCodes, 'join code', value)
    else this.#claim(this.#reserved.slugs, 'slug', value)
  }
  #owned(record: { id: string; orgId: string; seq: number }): void {
    this.#id(record.id)
    if (!this.#orgIds.has(record.orgId))
      this.#fail(`${record.id} belongs to unknown organization ${record.orgId}.`)
    if (record.seq >= this.#seq) this.#fail(`seq ${this.#seq} is not above every record's seq.`)
  }

  organizations(org: Of<'organizations'>): Verdict {
    this.#id(org.id)
    this.#claim(this.#apiKeys, 'API key', org.apiKey)
    this.#orgIds.add(org.id)
    return this.error
  }
  forms(form: Of<'forms'>): Verdict {
    this.#owned(form)
    NESTED_IDENTIFIERS.forms(form, this.#nested)
    return this.error
  }
  sessions(session: Of<'sessions'>): Verdict {
    this.#owned(session)
    NESTED_IDENTIFIERS.sessions(session, this.#nested)
    return this.error
  }
  series(series: Of<'series'>): Verdict {
    this.#owned(series)
    NESTED_IDENTIFIERS.series(series, this.#nested)
    return this.error
  }
  reports(report: Of<'reports'>): Verdict {
    this.#owned(report)
    NESTED_IDENTIFIERS.reports(report, this.#nested)
    return this.error
  }
  responses(response: Of<'responses'>): Verdict {
    this.#owned(response)
    if (!this.#hasForm(response.formId))
      this.#fail(`response ${response.id} points to unknown form ${response.formId}.`)
    return this.error
  }
}

/**
 * A parsed, consistent state or why not, synchronously: for a state that must be refused before
 * anything starts (a scenario). `buildStore` checks the same things without this parse.
 */
export const checkState = (input: unknown): Outcome<{ state: MockState }> => {
  const parsed = MockState.safeParse(input)
  if (!parsed.success) return notAState(parsed.error.issues[0])
  const state = parsed.data
  const formIds = new Set(state.forms.map((f) => f.id))
  const sets = { ids: new Set<string>(), joinCodes: new Set<string>(), slugs: new Set<string>() }
  const check = new Consistency(sets, state.seq, (id) => formIds.has(id))
  for (const org of state.organizations) check.organizations(org)
  for (const form of state.forms) check.forms(form)
  for (const session of state.sessions) check.sessions(session)
  for (const series of state.series) check.series(series)
  for (const report of state.reports) check.reports(report)
  for (const response of state.responses) check.responses(response)
  return check.error ?? { ok: true, state }
}

/**
 * A state read as it is stored (a state file's `StateStream`, state-stream.ts): its top level up to
 * the first collection, then each collection's records in the order `COLLECTIONS` lists them,
 * then the end. The reader throws when the text is laid out otherwise; `buildStore` lets that
 * through, and its caller reads the state whole instead.
 */
export interface StateReader {
  head(): unknown
  records(name: CollectionName): Iterable<unknown>
  end(): void
}
export class StreamedState {
  readonly reader: StateReader
  constructor(reader: StateReader) {
    this.reader = reader
  }
}

/**
 * Builds a fresh store from an exported state, or explains why it cannot: the caller swaps it in
 * only on success, so a bad import changes nothing. Each record is checked once, by its
 * collection's zod schema as it is stored (not by a parse of the whole state first), then against
 * the records before it (`Consistency`). A streamed state's head is checked first (one whose head
 * has other keys than format, version, seq and organizations is refused here, and its caller
 * reads it whole to say why). With `publicBase` (a mock's public URL), each record's public links
 * are rebuilt on it as it is stored (links.ts): the loading mock's links, whoever wrote the state.
 */
export const buildStore = async (
  input: unknown | StreamedState,
  options: { publicBase?: string } = {},
): Promise<Outcome<{ store: Store }>> => {
  const { publicBase } = options
  const linked = (name: CollectionName, records: Iterable<unknown>) =>
    publicBase === undefined ? records : linkedOn(name, records, publicBase)
  if (input instanceof StreamedState) {
    const { reader } = input
    const head = StateFrame.safeParse(reader.head(), INTERPRETED)
    if (!head.success) return notAState(head.error.issues[0])
    const built = await storeState(head.data, (name) => linked(name, reader.records(name)))
    if (built.ok) reader.end()
    return built
  }
  const envelope = StateEnvelope.safeParse(input, INTERPRETED)
  if (!envelope.success) return notAState(envelope.error.issues[0])
  const frame = envelope.data
  return storeState(frame, (name) => linked(name, frame[name]))
}

/** A store of the frame and every collection's records, in the order `COLLECTIONS` lists them. */
const storeState = async (
  frame: z.output<typeof StateFrame>,
  recordsOf: (name: CollectionName) => Iterable<unknown>,
): Promise<Outcome<{ store: Store }>> => {
  const started = startStore(frame)
  if (!started.ok) return started
  for (const name of COLLECTIONS) {
    const failed = await started.storeRecords(name, recordsOf(name))
    if (failed) return failed
  }
  started.store.seq = frame.seq
  return { ok: true, store: started.store }
}

/**
 * A fresh store holding the frame's organizations, and how to store one collection's records in
 * it, each checked against the records stored before it; or why the organizations are refused.
 */
const startStore = (
  frame: z.output<typeof StateFrame>,
): Outcome<{
  store: Store
  storeRecords: (name: CollectionName, records: Iterable<unknown>) => Promise<Verdict>
}> => {
  const store = new Store()
  const tables = store.tablesForFill
  // Forms are stored before responses, so a response's form is in the table when it is checked.
  const check = new Consistency(store, frame.seq, (id) => tables.forms.get(id) !== undefined)
  const orgsFailed = addOrganizations(store, frame.organizations, check)
  if (orgsFailed) return orgsFailed
  const checks = checksOf(check)
  const storeRecords = (name: CollectionName, records: Iterable<unknown>) =>
    storeAll(
      tables[name] as unknown as Table<z.ZodType<Owned>>,
      records,
      name,
      checks[name] as (record: unknown) => Verdict,
    )
  return { ok: true, store, storeRecords }
}

/** Each collection's check of a record against the records stored before it. */
const checksOf = (check: Consistency): { [K in CollectionName]: (record: Of<K>) => Verdict } => ({
  forms: (r) => check.forms(r),
  sessions: (r) => check.sessions(r),
  series: (r) => check.series(r),
  reports: (r) => check.reports(r),
  responses: (r) => check.responses(r),
})

const addOrganizations = (store: Store, organizations: unknown[], check: Consistency): Verdict => {
  for (const [index, org] of organizations.entries()) {
    try {
      store.addOrganization(org as Organization)
    } catch (error) {
      if (!(error instanceof z.ZodError)) throw error
      return notAState(error.issues[0], ['organizations', index])
    }
    const error = check.organizations(store.organizations[index] as Organization)
    if (error) return error
  }
  return undefined
}

/** A state without its collections' records: what a deferred store is built from at once. */
const StateFrame = StateEnvelope.omit(
  Object.fromEntries(COLLECTIONS.map((name) => [name, true])) as Record<CollectionName, true>,
)

/** The text of one collection's records (a JSON array), in memory or loaded on first use. */
export class StatePart {
  #text: string | undefined
  constructor(text: string | (() => Promise<string>)) {
    if (typeof text === 'string') this.#text = text
    const read = typeof text === 'string' ? async () => text : text
    this.load = loadOnce(async () => {
      this.#text = await read()
      return this.#text
    })
  }
  /** The text if it is in memory. */
  get text(): string | undefined {
    return this.#text
  }
  /** Loads once; a load that failed is tried again by the next call. */
  readonly load: () => Promise<string>
}

const recordsIn = (name: CollectionName, text: string): unknown[] => {
  const records: unknown = JSON.parse(text)
  if (!Array.isArray(records)) throw new Error(`${NOT_A_STATE}${name}: not an array`)
  return records
}

/**
 * A store of a state given as its frame (format, version, seq, organizations) and one part per
 * collection, each stored on first use (`Store.fill`): a demo snapshot's start then parses and
 * checks only the organizations, and a browser downloads a part only when an answer needs it.
 * Each record is checked exactly as `buildStore` checks it, against the records stored before
 * it; responses fill forms first, since each is checked against its form. A part that does not
 * fit makes its fill fail (an internal error: the parts are generated and tested, not user input).
 */
export const buildDeferredStore = (
  input: unknown,
  parts: Record<CollectionName, StatePart>,
): Outcome<{ store: Store }> => {
  const envelope = StateFrame.safeParse(input, INTERPRETED)
  if (!envelope.success) return notAState(envelope.error.issues[0])
  const frame = envelope.data
  const started = startStore(frame)
  if (!started.ok) return started
  const { store, storeRecords } = started
  store.seq = frame.seq
  for (const name of COLLECTIONS) {
    const part = parts[name]
    store.defer(name, {
      peek: () => (part.text === undefined ? undefined : recordsIn(name, part.text)),
      fill: async () => {
        if (name === 'responses') await store.fill(['forms'])
        const failed = await storeRecords(name, recordsIn(name, await part.load()))
        if (failed) throw new Error(failed.error)
      },
    })
  }
  return { ok: true, store }
}

/**
 * How many records are stored together (`Table.insertAll`, then their checks across records).
 * Those checks and the table's indexes are lookups in sets and maps of hundreds of thousands of
 * identifiers, each a few cache misses; run between two records' `create`s, whose copies evict
 * them from the cache, they cost several times what they cost run one after another (CPU
 * profile of a 100,000-record import, issue 34). A batch keeps only these records' parsed copies
 * alive at once.
 */
const STORED_TOGETHER = 256

/**
 * Stores each record through its table, whose collection checks it against the table's zod
 * schema, then checks it against the records before it; a record the schema refuses is parsed
 * again only to name the problem. Records are stored and checked in batches
 * (`STORED_TOGETHER`), in order, and a batch is stored before anything else is said: whatever
 * goes wrong (a record the schema refuses, one the records before it do not fit, a text that
 * cannot be read further), the first problem in the records' order is the one reported, as when
 * each record is stored and checked as soon as it is read.
 */
const storeAll = async <S extends z.ZodType<Owned>>(
  table: Table<S>,
  records: Iterable<unknown>,
  name: CollectionName,
  check: (record: Rec<S>) => Verdict,
): Promise<Verdict> => {
  const batch: unknown[] = []
  let first = 0
  const storeBatch = async (): Promise<Verdict> => {
    const { records: stored, refused } = await table.insertAll(batch)
    for (const record of stored) {
      const error = check(record)
      if (error) return error
    }
    if (refused) {
      const parsed = RECORD_SCHEMAS[name].safeParse(batch[refused.at])
      // The schema accepts it: the store failed for another reason, which is not the state's.
      if (parsed.success) throw refused.error
      return notAState(parsed.error.issues[0], [name, first + refused.at])
    }
    first += batch.length
    batch.length = 0
    return undefined
  }
  const iterator = records[Symbol.iterator]()
  for (;;) {
    let next: IteratorResult<unknown>
    try {
      next = iterator.next()
    } catch (error) {
      // The records read before are stored first: a problem among them is reported, not this.
      const failed = await storeBatch()
      if (failed) return failed
      throw error
    }
    if (next.done) return storeBatch()
    if (batch.push(next.value) === STORED_TOGETHER) {
      const failed = await storeBatch()
      if (failed) return failed
    }
  }
}

import * as z from 'zod'
import { idOf } from '../../contract/common.ts'
import { EngagementMockError } from '../../contract/mock-error.ts'
import { ENTITLEMENTS } from '../../contract/route.ts'
import { COLLECTIONS, type CollectionName, type RecordChange } from './collections.ts'
import { INTERPRETED } from './record-check.ts'
import { StoredForm, StoredResponse } from './records/forms.ts'
import { StoredSeries } from './records/series.ts'
import { StoredSession } from './records/sessions.ts'
import { StoredReport } from './records/sponsors.ts'
import { newestFirst, type Owned, type Rec, Table } from './table.ts'

export { COLLECTIONS, type CollectionName } from './collections.ts'

export const StoredOrganization = z.strictObject({
  id: idOf('organization'),
  name: z.string().min(1),
  apiKey: z.string().min(1),
  entitlements: z.array(z.enum(ENTITLEMENTS)),
})
export type Organization = z.infer<typeof StoredOrganization>

const bySubmission = (a: StoredResponse, b: StoredResponse) =>
  a.submittedAt === b.submittedAt ? a.seq - b.seq : a.submittedAt > b.submittedAt ? 1 : -1

/**
 * Thrown by a collection that is not stored yet (a demo snapshot's part, filled on first use).
 * The dispatcher catches it, fills the collection and runs the read again: what an operation
 * needs is what it touches, with no list of needs kept beside the operations.
 */
export class NotFilled extends EngagementMockError {
  readonly store: Store
  readonly collection: CollectionName
  constructor(store: Store, collection: CollectionName) {
    super(`The ${collection} of this mock's state are not stored yet; fill them first.`)
    this.store = store
    this.collection = collection
  }
}

/** A collection whose records are stored on first use, not when the store is built. */
export interface Deferred {
  /** The records as a state lists them, if they are in memory already; undefined when not. */
  peek(): unknown[] | undefined
  /** Stores the records (loading them first); each record checked as an import checks it. */
  fill(): Promise<void>
}

/** The whole in-memory state of one mock: tables, uniqueness sets and the creation counter. */
export class Store {
  readonly #tables = {
    forms: new Table(StoredForm, newestFirst),
    sessions: new Table(StoredSession, newestFirst),
    series: new Table(StoredSeries, newestFirst),
    reports: new Table(StoredReport, newestFirst),
    responses: new Table(StoredResponse, bySubmission),
  }
  /** Collections not stored yet, and the fills under way (one per collection, shared). */
  readonly #deferred = new Map<CollectionName, Deferred>()
  readonly #filling = new Map<CollectionName, Promise<void>>()

  /** A deferred collection throws `NotFilled` rather than answer as if it were empty. */
  #filled<K extends CollectionName>(name: K): Store['tablesForFill'][K] {
    if (this.#deferred.size > 0 && this.#deferred.has(name)) throw new NotFilled(this, name)
    return this.#tables[name]
  }
  get forms() {
    return this.#filled('forms')
  }
  get sessions() {
    return this.#filled('sessions')
  }
  get series() {
    return this.#filled('series')
  }
  get reports() {
    return this.#filled('reports')
  }
  get responses() {
    return this.#filled('responses')
  }
  /** The tables as they stand, filled or not: only for the code that fills them. */
  get tablesForFill() {
    return this.#tables
  }

  readonly #orgsByKey = new Map<string, Organization>()
  readonly #orgIds = new Set<string>()
  readonly organizations: Organization[] = []
  /** Join codes are unique across all organizations' forms, sessions, rounds and series; slugs too. */
  readonly joinCodes = new Set<string>()
  readonly slugs = new Set<string>()
  #seq = 0
  /** Called with the organization whose data just changed, so cached reads can be dropped. */
  onWrite: (orgId: string) => void = () => {}
  /**
   * While set (a write runs, with a change listener: mock.ts), told of every record the write
   * stores, replaces or removes, as it happens.
   */
  recorder: ((change: RecordChange) => void) | undefined

  /** Marks a collection as stored on first use: until then it throws `NotFilled`. */
  defer(name: CollectionName, deferred: Deferred): void {
    this.#deferred.set(name, deferred)
  }

  /** Whether every collection is stored. */
  get complete(): boolean {
    return this.#deferred.size === 0
  }

  /** A collection not stored yet (its records through `peek`), or undefined once it is stored. */
  deferred(name: CollectionName): Deferred | undefined {
    return this.#deferred.get(name)
  }

  /**
   * Stores the given collections if they are not yet. Concurrent callers share one fill per
   * collection; a collection counts as stored only once all its records are in, so nothing ever
   * reads half of one. A fill that failed before storing anything (its part could not be loaded)
   * is tried again by the next caller; one that failed part-way stays failed.
   */
  async fill(names: Iterable<CollectionName>): Promise<void> {
    for (const name of names) {
      const deferred = this.#deferred.get(name)
      if (!deferred) continue
      let filling = this.#filling.get(name)
      if (!filling) {
        filling = deferred.fill().then(
          () => {
            this.#deferred.delete(name)
          },
          (error: unknown) => {
            if (this.#tables[name].count() === 0) this.#filling.delete(name)
            throw error
          },
        )
        this.#filling.set(name, filling)
      }
      await filling
    }
  }

  /** Stores every collection not stored yet. */
  fillAll(): Promise<void> {
    return this.complete ? Promise.resolve() : this.fill(COLLECTIONS)
  }

  nextSeq(): number {
    return this.#seq++
  }
  get seq(): number {
    return this.#seq
  }
  set seq(value: number) {
    this.#seq = value
  }

  addOrganization(org: Organization): void {
    const parsed = StoredOrganization.parse(org, INTERPRETED)
    this.organizations.push(parsed)
    this.#orgsByKey.set(parsed.apiKey, parsed)
    this.#orgIds.add(parsed.id)
  }

  hasOrganization(id: string): boolean {
    return this.#orgIds.has(id)
  }

  orgByKey(apiKey: string): Organization | undefined {
    return this.#orgsByKey.get(apiKey)
  }

  /** Every id handed out, of any resource or nested record: a new one never repeats an old one. */
  readonly ids = new Set<string>()

  constructor() {
    for (const name of COLLECTIONS) {
      const table = this.#tables[name] as unknown as Table<z.ZodType<Owned>>
      table.observer = (record, removed) =>
        this.recorder?.(
          (removed ? { delete: name, id: record.id } : { put: name, record }) as RecordChange,
        )
    }
  }

  /**
   * Claims a fresh identifier; false when it is already in use. Only a complete store knows every
   * identifier in use, so a deferred collection throws `NotFilled` here too.
   */
  reserve(kind: 'id' | 'joinCode' | 'slug', value: string): boolean {
    if (this.#deferred.size > 0) {
      const [pending] = this.#deferred.keys()
      if (pending !== undefined) throw new NotFilled(this, pending)
    }
    const set = kind === 'joinCode' ? this.joinCodes : kind === 'slug' ? this.slugs : this.ids
    if (set.has(value)) return false
    set.add(value)
    return true
  }

  responsesOf(orgId: string, formId: string): Rec<typeof StoredResponse>[] {
    return this.responses.listByOrg(orgId).filter((r) => r.formId === formId)
  }
}

import { Collection } from '@msw/data'
import type * as z from 'zod'
import { recordCheck } from './record-check.ts'

/** What every stored record carries besides its API fields: owner and creation sequence. */
export interface Owned {
  id: string
  orgId: string
  seq: number
}

/** A stored record: the schema's output plus @msw/data's internal (non-enumerable) keys. */
export type Rec<S extends z.ZodType> = ReturnType<Collection<Checked<S>>['all']>[number]
type Checked<S extends z.ZodType> = ReturnType<typeof recordCheck<S>>

/**
 * The records of one resource: an @msw/data collection per organization, plus the indexes the hot
 * paths need. @msw/data finds the record to update or delete by scanning its collection, so one
 * collection per owner keeps every write proportional to that organization's records, never to
 * the whole store; lookups by id and lists never scan at all.
 */
export class Table<S extends z.ZodType<Owned>> {
  readonly #schema: Checked<S>
  readonly #collections = new Map<string, Collection<Checked<S>>>()
  /** Insertion order is creation order (a replace keeps its place): `all()` and exports use it. */
  readonly #byId = new Map<string, Rec<S>>()
  /** Oldest first, so the usual insert (the newest record) is an append. */
  readonly #byOrg = new Map<string, Rec<S>[]>()
  /** Positive when `a` is newer than `b`. */
  readonly #newer: (a: Rec<S>, b: Rec<S>) => number
  /** Told of each record stored, replaced or removed: the store records a write's changes. */
  observer: ((record: Rec<S>, removed: boolean) => void) | undefined

  constructor(schema: S, newer: (a: Rec<S>, b: Rec<S>) => number) {
    this.#schema = recordCheck(schema)
    this.#newer = newer
  }

  #collectionOf(orgId: string): Collection<Checked<S>> {
    let collection = this.#collections.get(orgId)
    if (!collection) {
      collection = new Collection({ schema: this.#schema })
      this.#collections.set(orgId, collection)
    }
    return collection
  }

  get(id: string): Rec<S> | undefined {
    return this.#byId.get(id)
  }

  /** Another organization's record answers exactly as a missing one. */
  getOwned(orgId: string, id: string): Rec<S> | undefined {
    const record = this.#byId.get(id)
    return record && record.orgId === orgId ? record : undefined
  }

  /** Newest first. */
  listByOrg(orgId: string): readonly Rec<S>[] {
    return this.#byOrg.get(orgId)?.toReversed() ?? []
  }

  all(): readonly Rec<S>[] {
    return [...this.#byId.values()]
  }

  count(): number {
    return this.#byId.size
  }

  /** Stores a record through its organization's collection, which checks it with the schema. */
  async insert(values: z.input<S> & Pick<Owned, 'orgId'>): Promise<Rec<S>> {
    const record = await this.#collectionOf(values.orgId).create(values)
    this.#index(record)
    return record
  }

  /**
   * Stores records as `insert` does, in order, each through its organization's collection, then
   * indexes them together: an import's index updates are lookups in maps of 100,000 records and
   * in 1,000 lists, each a few cache misses, which cost far less one after another than each
   * between two `create`s (issue 34). Stops at the first record its collection refuses: those
   * before it are stored and indexed, and `refused` says which one (its position) and why.
   */
  async insertAll(
    values: readonly unknown[],
  ): Promise<{ records: Rec<S>[]; refused?: { at: number; error: unknown } }> {
    const records: Rec<S>[] = []
    let refused: { at: number; error: unknown } | undefined
    for (const [at, value] of values.entries()) {
      try {
        const given = value as z.input<S> & Pick<Owned, 'orgId'>
        records.push(await this.#collectionOf(given.orgId).create(given))
      } catch (error) {
        refused = { at, error }
        break
      }
    }
    for (const record of records) this.#index(record)
    return refused ? { records, refused } : { records }
  }

  #index(record: Rec<S>): void {
    this.#byId.set(record.id, record)
    const list = this.#byOrg.get(record.orgId) ?? []
    // Binary search for the first record newer than the new one. Usually there is none: checking
    // the newest first makes that case one comparison, not one per halving of a list that a
    // write-heavy organization grows to tens of thousands of records (each a cache miss).
    const newest = list.at(-1)
    let lo = newest === undefined || this.#newer(newest, record) <= 0 ? list.length : 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.#newer(list[mid] as Rec<S>, record) > 0) hi = mid
      else lo = mid + 1
    }
    if (lo === list.length) list.push(record)
    else list.splice(lo, 0, record)
    this.#byOrg.set(record.orgId, list)
    this.observer?.(record, false)
  }

  /** Replaces every API field of a record; id, owner and position stay. */
  async replace(record: Rec<S>, next: z.output<S>): Promise<Rec<S>> {
    const updated = await this.#collectionOf(record.orgId).update(record, {
      data(draft) {
        Object.assign(draft as object, next)
      },
    })
    if (!updated) throw new Error(`Record ${record.id} vanished during an update`)
    this.#byId.set(updated.id, updated)
    const list = this.#byOrg.get(updated.orgId)
    if (list) list[list.lastIndexOf(record)] = updated
    this.observer?.(updated, false)
    return updated
  }

  remove(record: Rec<S>): void {
    this.#collectionOf(record.orgId).delete(record)
    this.#byId.delete(record.id)
    const list = this.#byOrg.get(record.orgId)
    const at = list ? list.lastIndexOf(record) : -1
    if (list && at >= 0) list.splice(at, 1)
    this.observer?.(record, true)
  }

  clear(): void {
    this.#collections.clear()
    this.#byId.clear()
    this.#byOrg.clear()
  }
}

/** createdAt descending, ties broken by creation order (latest first). */
export const newestFirst = <T extends { createdAt: string; seq: number }>(a: T, b: T): number =>
  a.createdAt === b.createdAt ? a.seq - b.seq : a.createdAt > b.createdAt ? 1 : -1

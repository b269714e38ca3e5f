import { Collection } from '@msw/data'
import type { z } from 'zod'

/** What every stored record carries besides its API fields: owner and creation sequence. */
export interface Owned {
  id: string
  orgId: string
  seq: number
}

/** A stored record: the schema's output plus @msw/data's internal (non-enumerable) keys. */
export type Rec<S extends z.ZodType> = ReturnType<Collection<S>['all']>[number]

/**
 * One @msw/data collection plus the indexes the hot paths need: by id, and by organization in
 * newest-first order (a list never scans the whole collection, whatever its size).
 */
export class Table<S extends z.ZodType<Owned>> {
  readonly #schema: S
  #collection: Collection<S>
  readonly #byId = new Map<string, Rec<S>>()
  readonly #byOrg = new Map<string, Rec<S>[]>()
  /** Positive when `a` is newer than `b`. */
  readonly #newer: (a: Rec<S>, b: Rec<S>) => number

  constructor(schema: S, newer: (a: Rec<S>, b: Rec<S>) => number) {
    this.#schema = schema
    this.#collection = new Collection({ schema })
    this.#newer = newer
  }

  get(id: string): Rec<S> | undefined {
    return this.#byId.get(id)
  }

  /** Another organization's record answers exactly as a missing one. */
  getOwned(orgId: string, id: string): Rec<S> | undefined {
    const record = this.#byId.get(id)
    return record && record.orgId === orgId ? record : undefined
  }

  /** Newest first. The array is the index itself: callers must not mutate it. */
  listByOrg(orgId: string): readonly Rec<S>[] {
    return this.#byOrg.get(orgId) ?? []
  }

  all(): readonly Rec<S>[] {
    return this.#collection.all()
  }

  count(): number {
    return this.#collection.count()
  }

  async insert(values: z.input<S>): Promise<Rec<S>> {
    const record = await this.#collection.create(values)
    this.#byId.set(record.id, record)
    const list = this.#byOrg.get(record.orgId) ?? []
    // Binary search for the first element older than the new record.
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.#newer(list[mid] as Rec<S>, record) > 0) lo = mid + 1
      else hi = mid
    }
    list.splice(lo, 0, record)
    this.#byOrg.set(record.orgId, list)
    return record
  }

  /** Replaces every API field of a record; id, owner and position stay. */
  async replace(record: Rec<S>, next: z.output<S>): Promise<Rec<S>> {
    const updated = await this.#collection.update(record, {
      data(draft) {
        Object.assign(draft as object, next)
      },
    })
    if (!updated) throw new Error(`Record ${record.id} vanished during an update`)
    this.#byId.set(updated.id, updated)
    const list = this.#byOrg.get(updated.orgId)
    if (list) list[list.indexOf(record)] = updated
    return updated
  }

  remove(record: Rec<S>): void {
    this.#collection.delete(record)
    this.#byId.delete(record.id)
    const list = this.#byOrg.get(record.orgId)
    const at = list ? list.indexOf(record) : -1
    if (list && at >= 0) list.splice(at, 1)
  }

  clear(): void {
    this.#collection = new Collection({ schema: this.#schema })
    this.#byId.clear()
    this.#byOrg.clear()
  }
}

/** createdAt descending, ties broken by creation order (latest first). */
export const newestFirst = <T extends { createdAt: string; seq: number }>(a: T, b: T): number =>
  a.createdAt === b.createdAt ? a.seq - b.seq : a.createdAt > b.createdAt ? 1 : -1

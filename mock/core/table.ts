import { Collection } from '@msw/data'
import { deserializeRecord } from '@msw/data/extensions/persist'
import type { z } from 'zod'

/**
 * @msw/data's primary-key symbol. Collection.create keeps the key its initial values carry under
 * it, which is how the persist extension restores records; the package exports the symbol only
 * from a path its exports map hides, so it is read off a record that extension deserialises.
 */
const kPrimaryKey = (() => {
  const [symbol] = Object.getOwnPropertySymbols(
    deserializeRecord({ __metadata__: { primaryKey: 'probe', relations: [] } }),
  )
  if (!symbol) throw new Error('@msw/data/extensions/persist set no primary key')
  return symbol
})()

/**
 * Collection.create copies its input key by key before the schema sees it (#sanitizeInitialValues:
 * a path array, an entry and a fresh object for every key of every plain object and array, to
 * strip relation getters), then stores the schema's own output, so that copy is garbage at once.
 * It walks only values es-toolkit's isPlainObject accepts, and that check asks the value's
 * `Symbol.toStringTag`. Our records are fresh data without getters or relations, so each is handed
 * over as a shallow copy whose prototype answers that tag once, for that first check: create
 * passes the record to the schema as it is (zod checks every key of it, nested ones included, and
 * builds its own plain output, which is what is stored). Asked again, after the check, the record
 * reads as plain, so create takes our id from it as the record's primary key. The tag answers
 * only while `create` runs its synchronous start (`handing`), so no other code ever sees it.
 */
let handing = false

/**
 * The copy handed over. Its prototype's own prototype is null, as isPlainObject requires. Made by
 * `new` rather than `Object.create`, a copy has room for ten keys in the object itself instead of
 * four: a record's keys past that room go to a property store that is allocated again every three
 * keys, which cost ~0.25 KB of garbage per form imported.
 */
class HandedOver {
  [key: string | symbol]: unknown
  get [Symbol.toStringTag](): string | undefined {
    if (!handing) return undefined
    handing = false
    return 'MockRecord'
  }
}
Object.setPrototypeOf(HandedOver.prototype, null)

/** Collection.create of a record handed over as above, keyed by its id when it has one. */
const createHandedOver = <S extends z.ZodType>(
  collection: Collection<S>,
  values: object,
  id: unknown,
): Promise<Rec<S>> => {
  const initial = new HandedOver()
  if (typeof id === 'string') initial[kPrimaryKey] = id
  Object.assign(initial, values)
  handing = true
  try {
    return collection.create(initial as Parameters<Collection<S>['create']>[0])
  } finally {
    handing = false
  }
}

/** What every stored record carries besides its API fields: owner and creation sequence. */
export interface Owned {
  id: string
  orgId: string
  seq: number
}

/** A stored record: the schema's output plus @msw/data's internal (non-enumerable) keys. */
export type Rec<S extends z.ZodType> = ReturnType<Collection<S>['all']>[number]

/**
 * The records of one resource: an @msw/data collection per organization, plus the indexes the hot
 * paths need. @msw/data finds the record to update or delete by scanning its collection, so one
 * collection per owner keeps every write proportional to that organization's records, never to
 * the whole store; lookups by id and lists never scan at all.
 */
export class Table<S extends z.ZodType<Owned>> {
  readonly #schema: S
  readonly #collections = new Map<string, Collection<S>>()
  /** Insertion order is creation order (a replace keeps its place): `all()` and exports use it. */
  readonly #byId = new Map<string, Rec<S>>()
  /** Oldest first, so the usual insert (the newest record) is an append. */
  readonly #byOrg = new Map<string, Rec<S>[]>()
  /** Positive when `a` is newer than `b`. */
  readonly #newer: (a: Rec<S>, b: Rec<S>) => number
  /** Told of each record stored, replaced or removed: the store records a write's changes. */
  observer: ((record: Rec<S>, removed: boolean) => void) | undefined

  constructor(schema: S, newer: (a: Rec<S>, b: Rec<S>) => number) {
    this.#schema = schema
    this.#newer = newer
  }

  #collectionOf(orgId: string): Collection<S> {
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

  insert(values: z.input<S> & Pick<Owned, 'orgId'>): Promise<Rec<S>> {
    // Our id is the record's primary key: otherwise @msw/data gives each record a random UUID of
    // its own (~0.5 KB of heap each, a tree of concatenated strings) that nothing of ours reads.
    // Without an id the schema refuses the record anyway.
    const { id } = values as Partial<Owned>
    return createHandedOver(this.#collectionOf(values.orgId), values, id).then((record) =>
      this.#index(record, id),
    )
  }

  #index(record: Rec<S>, id: unknown): Rec<S> {
    // What the hand-over relies on: create took the id off the record after checking it.
    if (typeof id === 'string' && Reflect.get(record as object, kPrimaryKey) !== id) {
      throw new Error(`@msw/data did not key record ${id} by its id: see createHandedOver`)
    }
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
    return record
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

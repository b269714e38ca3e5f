import type { ReleaseTable } from '../../contract/release-table.ts'
import type { Release } from '../../contract/releases.ts'
import type { Dispatcher } from './dispatch.ts'
import type { IdSource } from './ids.ts'
import { beyondRelease } from './mock-release.ts'
import type { applyPlan } from './seed.ts'
import { type DemoSnapshot, rebaseText } from './snapshot.ts'
import { buildDeferredStore, buildStore, StatePart } from './state.ts'
import { COLLECTIONS, type CollectionName, Store } from './store.ts'

/** A demo plan as seed.ts replays it. */
export type SeedPlan = Parameters<typeof applyPlan>[1]

/** What seeding fills: the mock's store, identifier source and (an earlier release's) table. */
export interface SeedTarget {
  store: Store
  ids: IdSource
  table?: ReleaseTable
}

/** Where the mock starts (and resets) from: at most one is used, in this order. */
export interface SeedSources {
  /** Demo data computed ahead of time (or its loader): the latest release's only. */
  snapshot?: DemoSnapshot | (() => Promise<DemoSnapshot>)
  /** Load a snapshot's parts only when an answer first needs them. */
  loadOnFirstUse?: boolean
  /** A state exported from `/__mock/state`. */
  state?: unknown
  /** The demo plan to replay, already cut to the mock's release. */
  plan?: (() => Promise<SeedPlan>) | undefined
}

export interface SeedingInit {
  seed: number
  /** The release the mock answers as; `earlier`: not the latest one. */
  release: Release
  earlier: boolean
  publicBase: string
  target: SeedTarget
  dispatcher: Dispatcher
  /** Pins the mock's clock while a plan step runs. */
  setNow: (at: string | undefined) => void
}

/**
 * Seeding: fills the mock's store from a snapshot, a state or a plan (or leaves it empty), and
 * puts the identifier source at the seed. Returns the seeding run at start and on each reset.
 */
export const seeding = (init: SeedingInit, sources: SeedSources) => {
  const { seed, release, earlier, publicBase, target, dispatcher } = init
  let snapshotParts: Record<CollectionName, StatePart> | undefined
  const loadSnapshot = async (given: NonNullable<SeedSources['snapshot']>) => {
    const snapshot = typeof given === 'function' ? await given() : given
    if (snapshot.seed !== seed)
      throw new Error(`The demo snapshot has seed ${snapshot.seed}; this mock's seed is ${seed}`)
    // Checked as any imported state is, each record once by its collection's schema, but each
    // collection only when an answer first needs it (Store.fill).
    const rebase = (text: string) => rebaseText(text, snapshot.publicBase, publicBase)
    // Made once: a reset stores the records again but loads no part twice.
    snapshotParts ??= Object.fromEntries(
      COLLECTIONS.map((name) => {
        const part = snapshot.parts[name]
        return [
          name,
          new StatePart(typeof part === 'string' ? rebase(part) : async () => rebase(await part())),
        ]
      }),
    ) as Record<CollectionName, StatePart>
    const parts = snapshotParts
    if (!sources.loadOnFirstUse) await Promise.all(Object.values(parts).map((p) => p.load()))
    const built = buildDeferredStore(JSON.parse(snapshot.frame), parts)
    if (!built.ok) throw new Error(`The demo snapshot is not a usable state: ${built.error}`)
    target.store = built.store
    target.ids.restore(snapshot.seed, snapshot.idDraws)
    dispatcher.invalidate()
  }

  return async (): Promise<void> => {
    if (sources.snapshot) return loadSnapshot(sources.snapshot)
    // An earlier release's table (its routes and schemas) is built once, before any request; a
    // mock of the latest release never loads that code.
    if (earlier && !target.table) {
      const { contractIn } = await import('../../contract/release-table.ts')
      target.table = contractIn(release)
    }
    target.store = new Store()
    target.ids.reseed(seed)
    dispatcher.invalidate()
    if (sources.state !== undefined) {
      const built = await buildStore(sources.state, { publicBase })
      if (!built.ok) throw new Error(`The starting state cannot be used. ${built.error}`)
      const beyond = beyondRelease(built.store, release)
      if (beyond) throw new Error(`The starting state cannot be used. ${beyond}`)
      target.store = built.store
      dispatcher.invalidate()
    } else if (sources.plan) {
      // seed.ts too is loaded only here: a mock started from a snapshot or a state never needs it.
      const [plan, { applyPlan }] = await Promise.all([
        sources.plan(),
        import('./seed.ts'),
        target.ids.load(),
      ])
      await applyPlan(
        { store: target.store, ids: target.ids, dispatcher, setNow: init.setNow },
        plan,
      )
    }
  }
}

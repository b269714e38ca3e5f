import type { IdPosition, MockChange } from './changes.ts'
import type { RecordChange } from './collections.ts'
import type { IdSource } from './ids.ts'
import { type Outcome, refused } from './result.ts'
import { buildStore, exportState } from './state.ts'
import type { Store } from './store.ts'

/**
 * The mock's change feed (`onChange`): who is told of every change of the store, and the two
 * kinds of news, a write's record changes and a whole new store (reset, import).
 */
export const changeFeed = (
  /** The mock's store as it stands (replaced on reset and import). */
  storeNow: () => Store,
  ids: Pick<IdSource, 'seed' | 'draws'>,
) => {
  const listeners = new Set<(change: MockChange) => void>()
  const position = (): IdPosition => ({ seed: ids.seed, draws: ids.draws })
  const emit = (change: MockChange) => {
    for (const listener of listeners) {
      try {
        listener(change)
      } catch (error) {
        console.error('[mock] a change listener failed:', error)
      }
    }
  }
  return {
    /** No one listens: a write needs no recording. */
    get quiet(): boolean {
      return listeners.size === 0
    },
    /** Where the identifier source stands now. */
    position,
    /** Adds a listener; returns its unsubscribe. */
    onChange: (listener: (change: MockChange) => void): (() => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /**
     * Runs a write with its record-level changes recorded, and tells the listeners once it is
     * over, before its answer goes out: whatever it stored, even if it then failed. Collections
     * are stored first (a demo snapshot's parts): storing them changes nothing.
     */
    recorded: async <T>(task: () => Promise<T>): Promise<T> => {
      const current = storeNow()
      if (!current.complete) await current.fillAll()
      const changes: RecordChange[] = []
      const seq = current.seq
      const draws = ids.draws
      current.recorder = (change) => changes.push(change)
      try {
        return await task()
      } finally {
        current.recorder = undefined
        if (changes.length > 0 || current.seq !== seq || ids.draws !== draws) {
          emit({ kind: 'records', changes, seq: current.seq, draws: ids.draws })
        }
      }
    },
    /** After a reset or an import: the listeners get the whole new store. */
    emitState: async (): Promise<void> => {
      if (listeners.size === 0) return
      const store = storeNow()
      await store.fillAll()
      emit({ kind: 'state', state: exportState(store), ...position() })
    },
  }
}
export type ChangeFeed = ReturnType<typeof changeFeed>

/**
 * The feed read back (a journal replayed at start): applies changes in order to `target`'s store
 * and puts its identifier source where the last one left it. Stops at the first change that cannot
 * be applied and says why; what was applied before it stays. `invalidate` drops cached answers.
 */
export const replayChanges = async (
  target: { store: Store; ids: IdSource },
  changes: Iterable<MockChange>,
  publicBase: string,
  invalidate: () => void,
): Promise<Outcome> => {
  await target.store.fillAll()
  let at: IdPosition | undefined
  try {
    for (const change of changes) {
      if (change.kind === 'state') {
        const built = await buildStore(change.state, { publicBase })
        if (!built.ok) return built
        target.store = built.store
        at = { seed: change.seed, draws: change.draws }
        continue
      }
      // Only a replayed journal applies changes: its module is loaded then, not by every mock.
      const { applyRecordChanges } = await import('./changes.ts')
      const failed = await applyRecordChanges(target.store, change.changes, publicBase)
      if (failed) return refused(failed)
      target.store.seq = change.seq
      at = { seed: at?.seed ?? target.ids.seed, draws: change.draws }
    }
  } finally {
    if (at) target.ids.restore(at.seed, at.draws)
    invalidate()
  }
  return { ok: true }
}

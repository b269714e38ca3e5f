import { API_PREFIX, DEFAULT_PUBLIC_BASE } from '../../contract/common.ts'
import type { DemoPlan } from '../../contract/plan.ts'
import { LATEST_RELEASE } from '../../contract/releases.ts'
import { answerer } from './answering.ts'
import { changeFeed, replayChanges } from './change-feed.ts'
import type { IdPosition, MockChange } from './changes.ts'
import type { ChaosOptions } from './chaos.ts'
import { isoClock } from './clock.ts'
import type { Operations } from './context.ts'
import {
  createDispatcher,
  type DispatchEnv,
  type MockRequest,
  type MockResponse,
} from './dispatch.ts'
import { IdSource } from './ids.ts'
import { beyondRelease, releaseOption } from './mock-release.ts'
import type { RequestJournal } from './request-journal.ts'
import { type Outcome, refused } from './result.ts'
import { seeding } from './seeding.ts'
import { type DemoSnapshot, takeSnapshot } from './snapshot.ts'
import { buildStore, exportState, type MockState } from './state.ts'
import { Store } from './store.ts'
import { exclusiveWrites, serialQueue, warmUpWrites } from './write-queue.ts'

/**
 * The operations a mock runs. The core knows their types, not their code: they are handed to it
 * where the mock is assembled (mock/create.ts), so the core imports nothing of mock/operations/.
 */
export interface OperationSet {
  operations: Operations
  /** Loads the write operations' module (split off by bundlers), once: awaited before a write. */
  loadWrites: () => Promise<unknown>
}

export interface MockCoreOptions extends ChaosOptions {
  seed?: number
  /** Base of the share URLs the mock hands out (default http://localhost:4010). */
  publicUrl?: string
  /** Demo data to replay at start and on reset (or a loader of it); none when absent. */
  plan?: DemoPlan | (() => Promise<DemoPlan>)
  /**
   * Demo data computed ahead of time (or a loader of it), loaded at start and on reset instead of
   * replaying `plan`: the same store and identifiers, without faker. Its seed must be `seed`.
   */
  snapshot?: DemoSnapshot | (() => Promise<DemoSnapshot>)
  /**
   * Load each part of `snapshot` (a collection's records) only when an answer first needs it,
   * instead of at start: a browser then downloads only what the first answers use. Until every
   * part is in, `exportState()` throws: await `filled()` before it. Off by default, where the
   * parts are loaded at start (their records are still stored only on first use).
   */
  loadOnFirstUse?: boolean
  /** A state exported from `/__mock/state` to start (and reset) from, instead of a plan. */
  state?: unknown
  clock?: () => Date
  /** Tests: check every answer against the table's profile schemas. */
  validateResponses?: boolean
  /** Tests: replace operations, e.g. to install a fault. */
  operations?: Partial<Operations>
  onInternalError?: (error: unknown, request: MockRequest) => void
  /**
   * What faker's import waits for after the first answer, before it waits for an idle moment:
   * the browser host passes its worker's delivery of that answer. Default: nothing.
   */
  warmUpAfter?: Promise<unknown>
  /**
   * The release of the API to answer as (§9; a release's name or any date, the release in force
   * that day): later operations are unknown paths, later activity kinds unknown kinds, and a plan
   * or state is held to what that release can hold. Default: the latest release.
   */
  release?: string
  /**
   * Where to keep every request (its operation, path parameters, body, answered status) until
   * `reset()`: `new RequestJournal()` (request-journal.ts). None by default, as a long-running
   * server would only grow; `setupMockServer` gives one, `startMockWorker` the one it is given.
   */
  journal?: RequestJournal
}

/**
 * The transport-free mock: one store, one dispatcher, the operations it is handed. Hosts (express,
 * msw in Node and in the browser) only translate requests and responses. `createMockCore`
 * (mock/create.ts) hands it every operation.
 */
export const buildMockCore = (options: MockCoreOptions, implementation: OperationSet) => {
  const seed = options.seed ?? 1
  const release = releaseOption(options.release)
  const earlier = release !== LATEST_RELEASE
  if (earlier && options.snapshot) {
    throw new TypeError(
      `A demo snapshot holds the latest release's data; release ${release} replays a plan instead.`,
    )
  }
  const publicBase = (options.publicUrl ?? DEFAULT_PUBLIC_BASE).replace(/\/+$/, '')
  const clock = isoClock(options.clock ?? (() => new Date()))
  let pinnedNow: string | undefined
  /** One change at a time, in order: seeding, imports and writes. */
  const enqueue = serialQueue()
  const ids = new IdSource(seed, (kind, value) => env.store.reserve(kind, value))
  // What a write needs beyond the store: faker to draw identifiers, and the writes' own module.
  const loadForWrites = () => Promise.all([ids.load(), implementation.loadWrites()])
  /** Told of every change of the store (onChange): a host keeping the state on disk. */
  const feed = changeFeed(() => env.store, ids)
  const env: DispatchEnv = {
    store: new Store(),
    ids,
    clock: () => pinnedNow ?? clock(),
    publicBase,
    operations: { ...implementation.operations, ...options.operations } as Operations,
    validateResponses: options.validateResponses ?? false,
    onInternalError:
      options.onInternalError ??
      ((error, request) =>
        console.error(`[mock] ${request.method} ${request.path} failed:`, error)),
    exclusive: exclusiveWrites(enqueue, ids, feed, loadForWrites),
  }
  const dispatcher = createDispatcher(env)

  const { plan } = options
  const seedStore = seeding(
    {
      seed,
      release,
      earlier,
      publicBase,
      target: env,
      dispatcher,
      setNow: (at) => (pinnedNow = at),
    },
    {
      ...options,
      plan:
        plan &&
        (async () => {
          const [given, releasePlan] = await Promise.all([
            typeof plan === 'function' ? plan() : plan,
            earlier ? import('../../contract/plan-release.ts') : undefined,
          ])
          // An earlier release holds only its part of the plan (no series, no later kinds).
          return releasePlan ? releasePlan.planIn(given, release).plan : given
        }),
    },
  )
  // Seeding from a snapshot or a state draws no identifier: it does not wait for faker.
  const ready = enqueue(seedStore)
  // The write operations' module too: the first write then waits for neither.
  const warm = warmUpWrites(loadForWrites, options.warmUpAfter)
  const answer = answerer(options, dispatcher, env, warm)

  return {
    seed,
    /** The release this mock answers as. */
    release,
    publicBase,
    apiPrefix: API_PREFIX,
    ready,
    get store(): Store {
      return env.store
    },

    /** What the app sent, in order, where the host keeps it (`journal`): `journal.of('createForm')`. */
    journal: options.journal,

    /** Answers one API request; never throws. */
    async handle(request: MockRequest): Promise<MockResponse> {
      await ready
      // With a journal, the request is read once, here, for both the journal and the answer.
      const reading = options.journal?.enabled ? dispatcher.read(request) : undefined
      const answered = reading && options.journal?.add(request, reading)
      const response = await answer(request, reading)
      answered?.(response.status)
      return response
    },

    reject: dispatcher.reject,

    /** Back to the seeded state, ids included, and an empty journal: the same requests then get the same answers. */
    reset: () =>
      enqueue(async () => {
        options.journal?.clear()
        await seedStore()
        await feed.emitState()
      }),

    /**
     * The whole state. With `loadOnFirstUse`, throws until every part of the demo snapshot is in
     * (`filled()`); a part not stored yet is exported from its records, never as empty.
     */
    exportState: (): MockState => exportState(env.store),

    /** Resolves once every collection is stored (loaded first where needed). */
    filled: async (): Promise<void> => {
      await ready
      await env.store.fillAll()
    },

    /** The store and the identifier source as they stand: loading it resumes exactly here. */
    snapshot: (): DemoSnapshot =>
      takeSnapshot(seed, env.ids.draws, exportState(env.store), publicBase),

    /** Replaces the whole store, or changes nothing and says why. */
    importState: (input: unknown) =>
      enqueue(async (): Promise<Outcome> => {
        const built = await buildStore(input, { publicBase })
        if (!built.ok) return built
        const beyond = beyondRelease(built.store, release)
        if (beyond) return refused(beyond)
        env.store = built.store
        dispatcher.invalidate()
        await feed.emitState()
        return { ok: true }
      }),

    /**
     * Calls `listener` after every change of the store, in order, synchronously before the
     * answer of the write that made it goes out: each write's records, or the whole new store
     * after a reset or an import. The store's records are never changed in place (a replace
     * stores a new object), so a listener may keep them and read them later. Returns the
     * unsubscribe. Seeding, and direct store writes (`store`, `invalidate`), are not told.
     */
    onChange: feed.onChange,

    /**
     * Applies changes a listener was told, in order (a journal replayed at start), and puts the
     * identifier source where the last one left it; listeners are not told. A change that cannot
     * be applied (a record its schema refuses, an unknown owner) stops there and says why; what
     * was applied before it stays, so a caller that gets an error must not serve this mock.
     */
    applyChanges: (changes: Iterable<MockChange>) =>
      enqueue(() => replayChanges(env, changes, publicBase, dispatcher.invalidate)),

    /** Where the identifier source stands now (between writes, see `capture`). */
    idPosition: feed.position,

    /** Puts the identifier source at `at`: where a saved state's source stood. */
    resumeIds: (at: IdPosition) => enqueue(async () => env.ids.restore(at.seed, at.draws)),

    /**
     * Calls `read` with the whole state and the identifier source's position between two changes
     * (no write half done), once every collection is stored: what a host saves.
     */
    capture: <T>(read: (state: MockState, at: IdPosition) => T): Promise<T> =>
      enqueue(async () => {
        await env.store.fillAll()
        return read(exportState(env.store), feed.position())
      }),

    /** Direct store writes (tests, demo participation) must drop cached list bodies. */
    invalidate: dispatcher.invalidate,
  }
}
export type MockCore = ReturnType<typeof buildMockCore>

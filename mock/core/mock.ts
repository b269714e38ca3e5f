import { API_PREFIX, DEFAULT_PUBLIC_BASE } from '../../contract/common.ts'
import { errorStatusesOf, unsupportedPreference } from '../../contract/errors.ts'
import type { DemoPlan } from '../../contract/plan.ts'
import { LATEST_RELEASE } from '../../contract/releases.ts'
import type { IdPosition, MockChange, RecordChange } from './changes.ts'
import { type ChaosOptions, decideChaos, sleep } from './chaos.ts'
import { isoClock } from './clock.ts'
import type { Operations } from './context.ts'
import {
  bodyTooLarge,
  createDispatcher,
  type DispatchEnv,
  errorResponse,
  type MockRequest,
  type MockResponse,
  tooLargeMessage,
} from './dispatch.ts'
import { IdSource } from './ids.ts'
import { beyondRelease, releaseOption } from './release.ts'
import type { RequestJournal } from './request-journal.ts'
import { matchRoute } from './router.ts'
import { type DemoSnapshot, rebaseText, takeSnapshot } from './snapshot.ts'
import { buildDeferredStore, buildStore, exportState, type MockState, StatePart } from './state.ts'
import { COLLECTIONS, type CollectionName, Store } from './store.ts'

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
  let queue: Promise<unknown> = Promise.resolve()
  /** One change at a time, in order: seeding, imports and writes. */
  const enqueue = <T>(task: () => Promise<T>) => {
    const next = queue.then(task, task)
    queue = next.catch(() => undefined)
    return next
  }
  const store = new Store()
  // What a write needs beyond the store: faker to draw identifiers, and the writes' own module.
  const loadForWrites = () => Promise.all([env.ids.load(), implementation.loadWrites()])
  /** Told of every change of the store (onChange): a host keeping the state on disk. */
  const listeners = new Set<(change: MockChange) => void>()
  const position = (): IdPosition => ({ seed: env.ids.seed, draws: env.ids.draws })
  const emit = (change: MockChange) => {
    for (const listener of listeners) {
      try {
        listener(change)
      } catch (error) {
        console.error('[mock] a change listener failed:', error)
      }
    }
  }
  /**
   * Runs a write with its record-level changes recorded, and tells the listeners once it is over,
   * before its answer goes out: whatever it stored, even if it then failed. Collections are
   * stored first (a demo snapshot's parts): storing them changes nothing.
   */
  const recorded = async <T>(task: () => Promise<T>): Promise<T> => {
    const current = env.store
    if (!current.complete) await current.fillAll()
    const changes: RecordChange[] = []
    const seq = current.seq
    const draws = env.ids.draws
    current.recorder = (change) => changes.push(change)
    try {
      return await task()
    } finally {
      current.recorder = undefined
      if (changes.length > 0 || current.seq !== seq || env.ids.draws !== draws) {
        emit({ kind: 'records', changes, seq: current.seq, draws: env.ids.draws })
      }
    }
  }
  /** After a reset or an import: the listeners get the whole new store. */
  const emitState = async () => {
    if (listeners.size === 0) return
    await env.store.fillAll()
    emit({ kind: 'state', state: exportState(env.store), ...position() })
  }
  const env: DispatchEnv = {
    store,
    ids: new IdSource(seed, (kind, value) => env.store.reserve(kind, value)),
    clock: () => pinnedNow ?? clock(),
    publicBase,
    operations: { ...implementation.operations, ...options.operations } as Operations,
    validateResponses: options.validateResponses ?? false,
    onInternalError:
      options.onInternalError ??
      ((error, request) =>
        console.error(`[mock] ${request.method} ${request.path} failed:`, error)),
    // Writes may draw identifiers: until the identifier source's faker is loaded (once), they
    // wait for it, and for the write operations' module in parallel; after that a write is
    // queued as it is, with no extra step per request (unless a listener wants its changes).
    exclusive: <T>(task: () => Promise<T>) =>
      enqueue(
        env.ids.loaded && listeners.size === 0
          ? task
          : async () => {
              if (!env.ids.loaded) await loadForWrites()
              return listeners.size === 0 ? task() : recorded(task)
            },
      ),
  }
  const dispatcher = createDispatcher(env)
  const chaos: ChaosOptions = {
    ...(options.latency === undefined ? {} : { latency: options.latency }),
    ...(options.failRate === undefined ? {} : { failRate: options.failRate }),
  }

  let snapshotParts: Record<CollectionName, StatePart> | undefined
  const loadSnapshot = async (given: NonNullable<MockCoreOptions['snapshot']>) => {
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
    if (!options.loadOnFirstUse) await Promise.all(Object.values(parts).map((p) => p.load()))
    const built = buildDeferredStore(JSON.parse(snapshot.frame), parts)
    if ('error' in built) throw new Error(`The demo snapshot is not a usable state: ${built.error}`)
    env.store = built.store
    env.ids.restore(snapshot.seed, snapshot.idDraws)
    dispatcher.invalidate()
  }

  const seedStore = async () => {
    if (options.snapshot) return loadSnapshot(options.snapshot)
    // An earlier release's table (its routes and schemas) is built once, before any request; a
    // mock of the latest release never loads that code.
    if (earlier && !env.table) {
      const { contractIn } = await import('../../contract/release-table.ts')
      env.table = contractIn(release)
    }
    env.store = new Store()
    env.ids.reseed(seed)
    dispatcher.invalidate()
    if (options.state !== undefined) {
      const built = await buildStore(options.state, { publicBase })
      if ('error' in built) throw new Error(`The starting state cannot be used. ${built.error}`)
      const beyond = beyondRelease(built.store, release)
      if (beyond) throw new Error(`The starting state cannot be used. ${beyond}`)
      env.store = built.store
      dispatcher.invalidate()
    } else if (options.plan) {
      // seed.ts too is loaded only here: a mock started from a snapshot or a state never needs it.
      const [given, { applyPlan }, releasePlan] = await Promise.all([
        typeof options.plan === 'function' ? options.plan() : options.plan,
        import('./seed.ts'),
        earlier ? import('../../contract/plan-release.ts') : undefined,
        env.ids.load(),
      ])
      // An earlier release holds only its part of the plan (no series, no later kinds).
      const plan = releasePlan ? releasePlan.planIn(given, release).plan : given
      await applyPlan(
        { store: env.store, ids: env.ids, dispatcher, setNow: (at) => (pinnedNow = at) },
        plan,
      )
    }
  }
  // Seeding from a snapshot or a state draws no identifier: it does not wait for faker.
  const ready = enqueue(seedStore)
  // faker is loaded once the first answer is out (in a browser, when the page is idle), not before
  // it: the first write then rarely waits. A failed load is retried by the write that needs it.
  let warmed = false
  const warm = () => {
    if (warmed) return
    warmed = true
    // The write operations' module too: the first write then waits for neither.
    const load = () => void loadForWrites().catch(() => undefined)
    const whenIdle = () =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(load, { timeout: 1000 })
        : setTimeout(load, 0)
    if (options.warmUpAfter) void options.warmUpAfter.then(whenIdle)
    else whenIdle()
  }

  const answer = async (request: MockRequest): Promise<MockResponse> => {
    if (request.body !== undefined && bodyTooLarge(request.body)) {
      return dispatcher.reject(request.method, request.path, 'payload_too_large', tooLargeMessage)
    }
    const decision = decideChaos(chaos, request.headers.prefer)
    if (decision.delayMs > 0) await sleep(decision.delayMs)
    if (decision.forcedStatus !== undefined) {
      const match = matchRoute(request.method, request.path, env.table)
      if (match.kind !== 'operation') {
        return errorResponse('plain', decision.forcedStatus, decision.reason ?? 'Forced error.')
      }
      // Only what the OpenAPI document says this operation answers: a validator in front of the
      // mock would flag any other status.
      if (!errorStatusesOf(match.route).includes(decision.forcedStatus)) {
        return dispatcher.reject(
          request.method,
          request.path,
          'unsupported_preference',
          unsupportedPreference(decision.forcedStatus, match.route),
        )
      }
      return errorResponse(
        match.route.errorShape,
        decision.forcedStatus,
        decision.reason ?? 'Forced error.',
      )
    }
    const response = await dispatcher.handle(request)
    warm()
    return response
  }

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
      const answered = options.journal?.add(request, env.table)
      const response = await answer(request)
      answered?.(response.status)
      return response
    },

    reject: dispatcher.reject,

    /** Back to the seeded state, ids included, and an empty journal: the same requests then get the same answers. */
    reset: () =>
      enqueue(async () => {
        options.journal?.clear()
        await seedStore()
        await emitState()
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
      enqueue(async (): Promise<{ ok: true } | { ok: false; error: string }> => {
        const built = await buildStore(input, { publicBase })
        if ('error' in built) return { ok: false, error: built.error }
        const beyond = beyondRelease(built.store, release)
        if (beyond) return { ok: false, error: beyond }
        env.store = built.store
        dispatcher.invalidate()
        await emitState()
        return { ok: true }
      }),

    /**
     * Calls `listener` after every change of the store, in order, synchronously before the
     * answer of the write that made it goes out: each write's records, or the whole new store
     * after a reset or an import. The store's records are never changed in place (a replace
     * stores a new object), so a listener may keep them and read them later. Returns the
     * unsubscribe. Seeding, and direct store writes (`store`, `invalidate`), are not told.
     */
    onChange: (listener: (change: MockChange) => void): (() => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },

    /**
     * Applies changes a listener was told, in order (a journal replayed at start), and puts the
     * identifier source where the last one left it; listeners are not told. A change that cannot
     * be applied (a record its schema refuses, an unknown owner) stops there and says why; what
     * was applied before it stays, so a caller that gets an error must not serve this mock.
     */
    applyChanges: (changes: Iterable<MockChange>) =>
      enqueue(async (): Promise<{ ok: true } | { ok: false; error: string }> => {
        await env.store.fillAll()
        let at: IdPosition | undefined
        try {
          for (const change of changes) {
            if (change.kind === 'state') {
              const built = await buildStore(change.state, { publicBase })
              if ('error' in built) return { ok: false, error: built.error }
              env.store = built.store
              at = { seed: change.seed, draws: change.draws }
              continue
            }
            // Only a replayed journal applies changes: its module is loaded then, not by every mock.
            const { applyRecordChanges } = await import('./changes.ts')
            const failed = await applyRecordChanges(env.store, change.changes, publicBase)
            if (failed) return { ok: false, error: failed }
            env.store.seq = change.seq
            at = { seed: at?.seed ?? env.ids.seed, draws: change.draws }
          }
        } finally {
          if (at) env.ids.restore(at.seed, at.draws)
          dispatcher.invalidate()
        }
        return { ok: true }
      }),

    /** Where the identifier source stands now (between writes, see `capture`). */
    idPosition: position,

    /** Puts the identifier source at `at`: where a saved state's source stood. */
    resumeIds: (at: IdPosition) => enqueue(async () => env.ids.restore(at.seed, at.draws)),

    /**
     * Calls `read` with the whole state and the identifier source's position between two changes
     * (no write half done), once every collection is stored: what a host saves.
     */
    capture: <T>(read: (state: MockState, at: IdPosition) => T): Promise<T> =>
      enqueue(async () => {
        await env.store.fillAll()
        return read(exportState(env.store), position())
      }),

    /** Direct store writes (tests, demo participation) must drop cached list bodies. */
    invalidate: dispatcher.invalidate,
  }
}
export type MockCore = ReturnType<typeof buildMockCore>

import { setupWorker } from 'msw/browser'
import { LATEST_RELEASE } from '../../contract/releases.ts'
import { demoSnapshot } from '../../fixtures/demo-snapshot.ts'
import type { RequestJournal } from '../core/request-journal.ts'
import { createMock, type MockOptions } from '../create.ts'
import { createHandlers, DEFAULT_BASE_URL } from '../msw/handlers.ts'
import { parseScenarioName, type Scenario, scenarioLabel } from '../scenarios.ts'
import { START_MARKS } from './marks.ts'
import { CHANGE_EVENT, fingerprint, persistMock, storeKey } from './store.ts'
import type { WatchingWorker, WatchWorkerOptions } from './watch.ts'

// What an override needs (`server.use(http.get(…, () => HttpResponse.json(…)))`), from this
// package, so a consumer need not list msw itself (pnpm's strict layout would not resolve it).
export { delay, HttpResponse, http } from 'msw'

export interface BrowserMockOptions extends Omit<MockOptions, 'warmUpAfter' | 'journal'> {
  /**
   * Where to keep what the app sent (browser tests): `new RequestJournal()`, exported here; also
   * `worker.mock.journal`. None by default: a page that keeps none loads none of its code.
   */
  journal?: RequestJournal
  /**
   * The API root the app calls: absolute (`https://api.example.com/api/v1`) or relative to the
   * page (`/api/v1`, for apps behind a dev-server proxy). The control routes sit at its origin.
   */
  baseUrl?: string
  /** Where the page serves msw's `mockServiceWorker.js` (copy it with `npx msw init <public dir>`). */
  serviceWorkerUrl?: string
  /** `true` starts without the one console line saying that mocking is on. */
  quiet?: boolean
  /**
   * Keep the state across reloads and in step between tabs (default `true`): saved in IndexedDB
   * under the package version, seed and scenario; `worker.mock.reset()` goes back to the scenario.
   */
  persist?: boolean
  /**
   * The query parameter of the page's URL that picks the scenario for this load (default
   * `mock-scenario`; `false` ignores the URL): `?mock-scenario=empty`, `large`,
   * `large:forms=2000`, or the URL of a state file saved from `/__mock/state`. It wins over
   * `scenario`, so a QA link opens the app in the data it names.
   */
  scenarioParam?: string | false
  /**
   * A global the devtools console can reach (default `engagementMock`; `false` for none):
   * `await engagementMock.reset()` puts the scenario back in every tab.
   */
  consoleName?: string | false
}

/** How long faker's import waits after msw saw the first answer delivered (then for an idle moment). */
const WARM_UP_DELAY_MS = 250

/** `?mock-scenario=…`: a name, or the URL of a saved state (fetched relative to the page). */
const scenarioFromUrl = async (param: string | false): Promise<Scenario | undefined> => {
  if (param === false) return undefined
  const value = new URLSearchParams(location.search).get(param)
  if (value === null || value === '') return undefined
  const named = parseScenarioName(value)
  if ('scenario' in named) return named.scenario
  if (!/[./]/.test(value)) throw new Error(`[engagement-mock] ?${param}=${value}: ${named.error}`)
  // A state file is a QA link's choice: its fetch and errors load only then.
  const { fetchStateFile } = await import('./state-file.ts')
  return fetchStateFile(param, value)
}

/** The mock in the page: what `startMockWorker` starts without `watch`. */
const startMocking = async (options: BrowserMockOptions) => {
  performance.mark(START_MARKS.start)
  const {
    baseUrl = DEFAULT_BASE_URL,
    serviceWorkerUrl = '/mockServiceWorker.js',
    quiet = false,
    persist = true,
    scenarioParam = 'mock-scenario',
    consoleName = 'engagementMock',
    ...rest
  } = options
  // A relative base is what the page's own fetch('/api/v1/…') resolves against: the page's URL.
  const apiRoot = new URL(baseUrl, location.href).href.replace(/\/+$/, '')
  const scriptUrl = new URL(serviceWorkerUrl, location.href).href
  const seed = rest.seed ?? 1
  // The service worker's handshake and the mock's start (state, saved state) run side by side; the
  // API handlers are installed once both are done, before the app's first request.
  const worker = setupWorker()
  // faker (only writes need it) is imported when the page is idle after the first answer. Under a
  // worker the page idles while that answer travels back through it, and the import's requests
  // and evaluation would then delay it (~20 ms, measured): wait until msw saw it delivered, and a
  // while more, as msw hears of the delivery before the app's fetch resolves and the page idles
  // between the two (the import then ran before the app's render in 9 loads of 15, measured).
  const delivered = new Promise<void>((resolve) => {
    const done = () => {
      worker.events.removeListener('response:mocked', done)
      setTimeout(resolve, WARM_UP_DELAY_MS)
    }
    worker.events.on('response:mocked', done)
  })
  const started = worker
    .start({
      serviceWorker: { url: serviceWorkerUrl },
      onUnhandledRequest: 'bypass',
      // msw's own start banner and per-request logs are noise here; our one line below says it.
      quiet: true,
    })
    .then((registration) => {
      performance.mark(START_MARKS.worker)
      return registration
    })
    .catch(async (cause: unknown) => {
      // Only a failed start needs the diagnosis: its code is not loaded before the first answer.
      const { workerStartError } = await import('./worker.ts')
      throw await workerStartError(scriptUrl, cause)
    })
  const prepared = (async () => {
    const scenario = (await scenarioFromUrl(scenarioParam)) ?? rest.scenario ?? 'demo'
    // The demo's parts are downloaded when an answer first needs them, not before the first one. Its
    // frame (0.5 KB: the organizations and a loader per part) comes with this module: imported on
    // first use, it was a request of its own in the middle of the start (~17 ms to it, measured).
    const core = createMock(
      { loadOnFirstUse: true, ...rest, scenario, warmUpAfter: delivered },
      demoSnapshot,
    )
    const label =
      typeof scenario === 'object' && 'format' in scenario
        ? `state-${fingerprint(JSON.stringify(scenario))}`
        : scenarioLabel(scenario)
    // An earlier release keeps its own saved state: the latest one's may hold what it cannot.
    const kept = core.release === LATEST_RELEASE ? label : `${label}@${core.release}`
    const stored = persist ? await persistMock(core, storeKey(seed, kept)) : undefined
    // Awaited here, beside the worker's start: a scenario that cannot load stops the worker below.
    await core.ready
    performance.mark(START_MARKS.state)
    return { label, stored, mock: stored?.mock ?? core }
  })()
  const [workerStart, preparation] = await Promise.allSettled([started, prepared])
  if (workerStart.status === 'rejected' || preparation.status === 'rejected') {
    if (preparation.status === 'fulfilled') preparation.value.stored?.close()
    if (workerStart.status === 'fulfilled') worker.stop()
    throw workerStart.status === 'rejected'
      ? workerStart.reason
      : (preparation as PromiseRejectedResult).reason
  }
  const { label, stored, mock } = preparation.value
  worker.resetHandlers(...createHandlers(mock, apiRoot))
  performance.mark(START_MARKS.ready)
  if (consoleName !== false) {
    Object.assign(globalThis, {
      [consoleName]: {
        reset: () => mock.reset(),
        exportState: async () => {
          await mock.filled()
          return mock.exportState()
        },
        importState: (state: unknown) => mock.importState(state),
      },
    })
  }
  if (!quiet) {
    const kept = stored
      ? `${stored.restored ? 'restored from the last visit' : 'kept'} across reloads and tabs` +
        (consoleName === false ? '' : ` (reset: \`await ${consoleName}.reset()\`)`)
      : 'in this page only'
    console.info(
      `[engagement-mock] Mocking is on: ${apiRoot}/… is answered in this page by the mock ` +
        `(seed ${seed}, scenario ${label}${mock.release === LATEST_RELEASE ? '' : `, release ${mock.release} of the API`}; state ${kept}); nothing reaches a server. ` +
        'Pass `quiet: true` to hide this line.',
    )
  }
  return Object.assign(worker, { mock })
}

export type MockWorker = Awaited<ReturnType<typeof startMocking>>

/**
 * Starts an msw service worker answering the API in the browser, with no server running. With
 * `watch`, nothing is mocked: the app's requests reach the real API at `baseUrl` unchanged, and
 * each answer is checked against the contract, a console warning per violation (watch.ts,
 * loaded only then).
 */
export function startMockWorker(options: WatchWorkerOptions): Promise<WatchingWorker>
export function startMockWorker(options?: BrowserMockOptions): Promise<MockWorker>
export async function startMockWorker(
  options: BrowserMockOptions | WatchWorkerOptions = {},
): Promise<MockWorker | WatchingWorker> {
  if ('watch' in options && options.watch) {
    const { startWatching } = await import('./watch.ts')
    return startWatching(options)
  }
  return startMocking(options as BrowserMockOptions)
}

export * from '../msw/entry-exports.ts'
export { START_MARKS } from './marks.ts'
export type { WatchingWorker, WatchOptions, WatchWorkerOptions } from './watch.ts'

/** Dispatched on `window` when another tab changed (or reset) the shared mock state: refetch. */
export const MOCK_CHANGE_EVENT = CHANGE_EVENT

import { setupWorker } from 'msw/browser'
import { demoSnapshot } from '../../fixtures/demo-snapshot.ts'
import type { MockCore } from '../core/mock.ts'
import { RequestJournal } from '../core/request-journal.ts'
import { createMock, type MockOptions } from '../create.ts'
import { createHandlers, DEFAULT_BASE_URL } from '../msw/handlers.ts'

/**
 * Storybook with msw-storybook-addon: the addon starts one service worker for the whole preview
 * and resets its per-story handlers (`parameters.msw`) between stories. What lives behind the
 * worker is ours: `mockLoader` makes each story a new mock of its own scenario before it renders,
 * so a write in one story is never seen by the next, and re-opening a story starts it fresh.
 * Nothing of Storybook or the addon is imported here: the addon calls `mockWorker(...)` as its
 * setup, and Storybook calls `mockLoader` as any loader.
 */

// What an override needs, from this entry, as from `engagement-mock/mock/browser`.
export { delay, HttpResponse, http } from 'msw'

/** `parameters.engagementMock`: set defaults once in preview.ts, change any of them per story. */
export interface StoryMockParameters
  extends Pick<MockOptions, 'scenario' | 'seed' | 'release' | 'latency' | 'failRate'> {
  /**
   * Stories naming the same key share one mock for as long as the preview page is open (a flow
   * told in several stories); without it, each story starts from its own copy of its scenario.
   */
  shareAs?: string
}

/** A story's mock: its journal is always kept, so `play` can read what the component sent. */
export type StoryMock = MockCore & { journal: RequestJournal }

export interface MockWorkerOptions {
  /** The API root the components call, absolute or relative to the preview page (default `http://localhost:4010/api/v1`). */
  baseUrl?: string
  /** Where Storybook serves msw's `mockServiceWorker.js` (`staticDirs`, `npx msw init`). */
  serviceWorkerUrl?: string
}

const LOADED_KEY = 'engagementMock'

/** The story being shown's mock: the worker's handlers, made once, answer from it. */
let current: StoryMock | undefined
const shared = new Map<string, StoryMock>()

const currentMock = (): StoryMock => {
  if (current) return current
  throw new Error(
    '[engagement-mock] No story mock: add `mockLoader` to `loaders` in .storybook/preview.ts.',
  )
}

/**
 * The worker's handlers are made once (msw-storybook-addon keeps them across its per-story
 * resets), over this stand-in that forwards to the story's own mock: the addon's
 * `parameters.msw` overrides then still come before them, as they do in any msw setup.
 */
const storyMockCore = new Proxy({} as StoryMock, {
  get: (_target, key) => {
    const mock = currentMock()
    const value: unknown = Reflect.get(mock, key)
    return typeof value === 'function' ? value.bind(mock) : value
  },
})

/**
 * The setup function for msw-storybook-addon: `mswLoader(mockWorker({ baseUrl }))` (CSF 3) or
 * `addonMsw(mockWorker({ baseUrl }))` (CSF Next). The worker answers the API from the mock of the
 * story on screen.
 */
export const mockWorker =
  (options: MockWorkerOptions = {}) =>
  async () => {
    const { baseUrl = DEFAULT_BASE_URL, serviceWorkerUrl = '/mockServiceWorker.js' } = options
    const apiRoot = new URL(baseUrl, location.href).href.replace(/\/+$/, '')
    const worker = setupWorker(...createHandlers(storyMockCore, apiRoot))
    try {
      await worker.start({
        serviceWorker: { url: serviceWorkerUrl },
        onUnhandledRequest: 'bypass',
        quiet: true,
      })
    } catch (cause) {
      const { workerStartError } = await import('../browser/worker.ts')
      throw await workerStartError(new URL(serviceWorkerUrl, location.href).href, cause)
    }
    return worker
  }

interface LoaderContext {
  parameters: { engagementMock?: StoryMockParameters }
}

const newMock = async (parameters: StoryMockParameters): Promise<StoryMock> => {
  const { shareAs: _shareAs, ...options } = parameters
  const journal = new RequestJournal()
  const mock = Object.assign(createMock({ ...options, journal }, demoSnapshot), { journal })
  await mock.ready
  return mock
}

/**
 * A Storybook loader: before each story renders (and each time it is opened again), a new mock
 * of `parameters.engagementMock` (scenario, seed, release, latency), with an empty journal. Read
 * it in `play` with `mockOf(context)`.
 */
export const mockLoader = async (context: LoaderContext): Promise<Record<string, StoryMock>> => {
  const parameters = context.parameters.engagementMock ?? {}
  const key = parameters.shareAs
  let mock = key === undefined ? undefined : shared.get(key)
  if (!mock) {
    mock = await newMock(parameters)
    if (key !== undefined) shared.set(key, mock)
  }
  current = mock
  return { [LOADED_KEY]: mock }
}

/** The story's mock in `play` (or a decorator): `mockOf(context).journal.of('createForm')`. */
export const mockOf = (context: { loaded: Record<string, unknown> }): StoryMock => {
  const mock = context.loaded[LOADED_KEY]
  if (mock === undefined) {
    throw new Error(
      '[engagement-mock] This story has no mock: add `mockLoader` to `loaders` in .storybook/preview.ts.',
    )
  }
  return mock as StoryMock
}

export * from '../msw/entry-exports.ts'

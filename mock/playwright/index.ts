import { defineNetworkFixture } from '@msw/playwright'
import type {
  Fixtures,
  PlaywrightTestArgs,
  PlaywrightTestOptions,
  PlaywrightWorkerArgs,
  PlaywrightWorkerOptions,
} from '@playwright/test'
import type { AnyHandler } from 'msw'
import type { MockCore } from '../core/mock.ts'
import { RequestJournal } from '../core/request-journal.ts'
import { createMock, type MockOptions } from '../create.ts'
import { createHandlers, DEFAULT_BASE_URL } from '../msw/handlers.ts'

/**
 * @playwright/test with the mock answering the page's API calls from the test's own process
 * (@msw/playwright: `context.route`). Each test gets a new mock of its scenario, so tests never
 * see each other's writes, and its journal is read in the test without a trip into the page.
 * The app runs without its own mock (`startMockWorker` off): a page's service worker would answer
 * before `context.route` sees the request.
 */

export interface PageMockOptions
  extends Pick<MockOptions, 'scenario' | 'seed' | 'release' | 'latency' | 'failRate'> {
  /**
   * The API root the app calls: absolute, or relative to Playwright's `baseURL` (`/api/v1`).
   * Default `http://localhost:4010/api/v1`.
   */
  baseUrl?: string
  /** Handlers placed before the mock for every test using these options: `override(...)`. */
  overrides?: AnyHandler[]
}

/** A test's mock: `use(...)` adds overrides for this test, `journal` is what the page sent. */
export type PageMock = MockCore & {
  journal: RequestJournal
  /** Handlers before the mock, for the rest of this test: `mock.use(override.status('getForm', 503))`. */
  use: (...handlers: AnyHandler[]) => void
}

export interface MockFixtures {
  /** `test.use({ mockOptions: { scenario: 'empty', release: '2026-07-12' } })`. */
  mockOptions: PageMockOptions
  /** The test's mock, in every page of its browser context from the test's start. */
  mock: PageMock
}

type BuiltIn = PlaywrightTestArgs & PlaywrightTestOptions
type BuiltInWorker = PlaywrightWorkerArgs & PlaywrightWorkerOptions

/**
 * `base.extend<MockFixtures>(mockFixtures({ baseUrl: '/api/v1' }))`: the `mock` fixture, and
 * `mockOptions` for `test.use`, merged over these defaults.
 */
export const mockFixtures = (
  defaults: PageMockOptions = {},
): Fixtures<MockFixtures, object, BuiltIn, BuiltInWorker> => ({
  mockOptions: [{}, { option: true }],
  mock: [
    async ({ context, baseURL, mockOptions }, use) => {
      const {
        baseUrl = DEFAULT_BASE_URL,
        overrides = [],
        ...options
      } = { ...defaults, ...mockOptions }
      if (!/^https?:/.test(baseUrl) && baseURL === undefined) {
        throw new Error(
          `[engagement-mock] mockOptions.baseUrl "${baseUrl}" is relative: set \`use.baseURL\` in playwright.config.ts, or give an absolute one.`,
        )
      }
      const apiRoot = new URL(baseUrl, baseURL).href.replace(/\/+$/, '')
      const journal = new RequestJournal()
      const core = Object.assign(createMock({ ...options, journal }), { journal })
      await core.ready
      const network = defineNetworkFixture({
        context,
        handlers: [...overrides, ...createHandlers(core, apiRoot)],
        onUnhandledRequest: 'bypass',
      })
      await network.enable()
      await use(
        Object.assign(core, { use: (...handlers: AnyHandler[]) => network.use(...handlers) }),
      )
      await network.disable()
    },
    { auto: true },
  ],
})

export { delay, HttpResponse, http } from 'msw'
export * from '../msw/entry-exports.ts'

import { setupServer } from 'msw/node'
import { RequestJournal } from '../core/request-journal.ts'
import { createMock, type MockOptions } from '../create.ts'
import { createHandlers, DEFAULT_BASE_URL } from '../msw/handlers.ts'

// What an override needs (`server.use(http.get(…, () => HttpResponse.json(…)))`), from this
// package, so a consumer need not list msw itself (pnpm's strict layout would not resolve it).
export { delay, HttpResponse, http } from 'msw'

export interface NodeMockOptions extends Omit<MockOptions, 'journal'> {
  /** API root the handlers answer, e.g. `https://api.example.test/api/v1`. */
  baseUrl?: string
  /**
   * Keep what the code under test sent in `server.mock.journal` (default `true`), or in the
   * journal given.
   */
  journal?: boolean | RequestJournal
}

/**
 * An msw `setupServer` answering the API in-process (tests, scripts): call `.listen()` as usual.
 * `.mock` is the mock behind it (reset, export, import), and `.mock.journal` what the code under
 * test sent (`journal: false` keeps none).
 */
export const setupMockServer = (options: NodeMockOptions = {}) => {
  const { baseUrl = DEFAULT_BASE_URL, journal: keep = true, ...rest } = options
  const journal = typeof keep === 'boolean' ? new RequestJournal(keep) : keep
  // The journal given is the journal kept: `.mock.journal` is typed as present.
  const mock = Object.assign(createMock({ ...rest, journal }), { journal })
  return Object.assign(setupServer(...createHandlers(mock, baseUrl)), { mock })
}

export * from '../msw/entry-exports.ts'

import { setupServer } from 'msw/node'
import { createMock, type MockOptions } from '../create.ts'
import { createHandlers, DEFAULT_BASE_URL } from '../msw/handlers.ts'

// What an override needs (`server.use(http.get(…, () => HttpResponse.json(…)))`), from this
// package, so a consumer need not list msw itself (pnpm's strict layout would not resolve it).
export { delay, HttpResponse, http } from 'msw'

export interface NodeMockOptions extends MockOptions {
  /** API root the handlers answer, e.g. `https://api.example.test/api/v1`. */
  baseUrl?: string
}

/**
 * An msw `setupServer` answering the API in-process (tests, scripts): call `.listen()` as usual.
 * `.mock` is the mock behind it (reset, export, import).
 */
export const setupMockServer = (options: NodeMockOptions = {}) => {
  const { baseUrl = DEFAULT_BASE_URL, ...rest } = options
  const mock = createMock(rest)
  return Object.assign(setupServer(...createHandlers(mock, baseUrl)), { mock })
}

export {
  type ErrorStatus,
  type OverrideAnswer,
  OverrideDriftError,
  type OverrideOptions,
  type OverrideResolver,
  override,
} from '../msw/override.ts'

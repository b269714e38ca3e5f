import { setupWorker } from 'msw/browser'
import { createMock, type MockOptions } from './create.ts'
import { createHandlers, DEFAULT_BASE_URL } from './handlers.ts'

export interface BrowserMockOptions extends MockOptions {
  baseUrl?: string
  /** Where the page serves msw's `mockServiceWorker.js` (copy it with `npx msw init <public dir>`). */
  serviceWorkerUrl?: string
  quiet?: boolean
}

/** Starts an msw service worker answering the API in the browser, with no server running. */
export const startMockWorker = async (options: BrowserMockOptions = {}) => {
  const {
    baseUrl = DEFAULT_BASE_URL,
    serviceWorkerUrl = '/mockServiceWorker.js',
    quiet = true,
    ...rest
  } = options
  const mock = createMock(rest)
  const worker = setupWorker(...createHandlers(mock, baseUrl))
  await worker.start({
    serviceWorker: { url: serviceWorkerUrl },
    onUnhandledRequest: 'bypass',
    quiet,
  })
  await mock.ready
  return Object.assign(worker, { mock })
}

export {
  type ErrorStatus,
  type OverrideAnswer,
  OverrideDriftError,
  type OverrideOptions,
  type OverrideResolver,
  override,
} from './override.ts'

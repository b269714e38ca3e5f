import { setupWorker } from 'msw/browser'
import { createMock, type MockOptions } from './create.ts'
import { createHandlers, DEFAULT_BASE_URL } from './handlers.ts'

export interface BrowserMockOptions extends MockOptions {
  /**
   * The API root the app calls: absolute (`https://api.example.com/api/v1`) or relative to the
   * page (`/api/v1`, for apps behind a dev-server proxy). The control routes sit at its origin.
   */
  baseUrl?: string
  /** Where the page serves msw's `mockServiceWorker.js` (copy it with `npx msw init <public dir>`). */
  serviceWorkerUrl?: string
  /** `true` starts without the one console line saying that mocking is on. */
  quiet?: boolean
}

const INIT_HINT =
  'Copy it into the folder your dev server serves as "/" with `npx msw init <public dir>` ' +
  '(e.g. `npx msw init public/ --save`), or pass `serviceWorkerUrl` where it is served.'

/** Registration fails opaquely on a 404 or an HTML fallback page: say what is wrong and the fix. */
const workerScriptProblem = async (url: string): Promise<string | undefined> => {
  let response: Response
  try {
    response = await fetch(url, { cache: 'no-store' })
  } catch (cause) {
    return `could not be fetched (${cause instanceof Error ? cause.message : String(cause)})`
  }
  if (!response.ok) return `answered ${response.status}`
  const type = response.headers.get('content-type') ?? ''
  if (!/javascript|ecmascript/i.test(type)) return `is not JavaScript (content-type "${type}")`
  return undefined
}

/** Starts an msw service worker answering the API in the browser, with no server running. */
export const startMockWorker = async (options: BrowserMockOptions = {}) => {
  const {
    baseUrl = DEFAULT_BASE_URL,
    serviceWorkerUrl = '/mockServiceWorker.js',
    quiet = false,
    ...rest
  } = options
  // A relative base is what the page's own fetch('/api/v1/…') resolves against: the page's URL.
  const apiRoot = new URL(baseUrl, location.href).href.replace(/\/+$/, '')
  const scriptUrl = new URL(serviceWorkerUrl, location.href).href
  const mock = createMock(rest)
  const worker = setupWorker(...createHandlers(mock, apiRoot))
  try {
    await worker.start({
      serviceWorker: { url: serviceWorkerUrl },
      onUnhandledRequest: 'bypass',
      // msw's own start banner and per-request logs are noise here; our one line below says it.
      quiet: true,
    })
  } catch (cause) {
    const problem = await workerScriptProblem(scriptUrl)
    const what = problem
      ? `The mock's service worker script ${scriptUrl} ${problem}.`
      : `The mock's service worker ${scriptUrl} could not start: ${cause instanceof Error ? cause.message : String(cause)}`
    throw new Error(`[engagement-mock] ${what} ${INIT_HINT}`, { cause })
  }
  await mock.ready
  if (!quiet) {
    console.info(
      `[engagement-mock] Mocking is on: ${apiRoot}/… is answered in this page by the mock ` +
        `(seed ${rest.seed ?? 1}); nothing reaches a server. Pass \`quiet: true\` to hide this line.`,
    )
  }
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

import { setupWorker } from 'msw/browser'
import { runRelease } from '../deployment/run-release.ts'
import { parseDeployment } from '../deployment/schema.ts'
import { Secrets } from '../report-format/secrets.ts'
import { createTrafficChecker } from '../traffic/check-exchange.ts'
import {
  boundedBytes,
  DEFAULT_MAX_BODY_BYTES,
  redactHeaders,
  type TrafficExchange,
  underRoot,
} from '../traffic/exchange.ts'
import { type RecordedFinding, TrafficLog } from '../traffic/log.ts'
import { workerStartError } from './worker.ts'

/** `startMockWorker({ watch })`: let the app talk to the real API, and check each answer. */
export interface WatchOptions {
  /**
   * The deployment file's content (a JSON object): where its inferred operations live, how it
   * spells the create options, its state names. Checked as `check --deployment` checks it.
   */
  deployment?: unknown
  /** Called with each finding after its console warning (e.g. to show it in the app in QA). */
  onFinding?: (finding: RecordedFinding) => void
  /** Bodies are checked up to this many bytes of UTF-8 (default 2 MiB), as the proxy's --max-body. */
  maxBodyBytes?: number
  /** @deprecated The earlier name of `maxBodyBytes`, which now counts bytes as it does. */
  maxBodyChars?: number
}

export interface WatchWorkerOptions {
  /** The real API root the app calls, absolute or relative to the page. */
  baseUrl: string
  serviceWorkerUrl?: string
  /** `true` starts without the one console line saying that watching is on. */
  quiet?: boolean
  watch: true | WatchOptions
}

/**
 * How long `checked()` waits for the copy of an answer still on its way. The worker posts that copy
 * to the page before the app's fetch gets the answer, but the two travel apart, so the copy can
 * arrive a moment after the app has read the answer; a request that failed gets no copy at all.
 */
const ANSWER_GRACE_MS = 2_000

/** One collapsed group per finding: its title names the operation, the warning what is wrong. */
const warn = (finding: RecordedFinding) => {
  const what = finding.kind === 'violation' ? 'contract violation' : 'request issue'
  console.groupCollapsed(
    `[engagement-mock] ${what}: ${finding.operationId} ${finding.method} ${finding.path} → ${finding.status}`,
  )
  console.warn(
    `${finding.kind === 'violation' ? 'The API answered against the reference' : 'The app sent a request the reference rules out'}: ${finding.message}`,
  )
  console.info(`Repeat it: ${finding.curl}`)
  console.groupEnd()
}

/**
 * msw's worker with no handler for the API: every request goes to the real API as the app sent
 * it (msw's passthrough) and comes back unchanged, while msw's `response:bypass` event hands a
 * copy of each exchange to the traffic checker, in the order the answers arrive.
 */
export const startWatching = async (options: WatchWorkerOptions) => {
  const { baseUrl, serviceWorkerUrl = '/mockServiceWorker.js', quiet = false } = options
  const watch = options.watch === true ? {} : options.watch
  const deployment =
    watch.deployment === undefined
      ? undefined
      : parseDeployment(watch.deployment, 'The deployment option of startMockWorker({ watch })')
  const apiRoot = new URL(baseUrl, location.href).href.replace(/\/+$/, '')
  const root = new URL(apiRoot)
  const limit = watch.maxBodyBytes ?? watch.maxBodyChars ?? DEFAULT_MAX_BODY_BYTES
  const checker = createTrafficChecker(deployment ? { deployment } : {})
  const log = new TrafficLog(
    undefined,
    undefined,
    runRelease(undefined, deployment?.release).release,
  )
  const worker = setupWorker()
  let count = 0
  let queue = Promise.resolve()
  const pathOf = (request: Request) => {
    const url = new URL(request.url)
    return url.origin === root.origin
      ? underRoot(url.pathname + url.search, root.pathname)
      : undefined
  }
  /** Requests to the API whose answer's copy has not arrived yet, by msw's request id. */
  const secrets = new Secrets()
  const awaited = new Map<string, { arrived: Promise<void>; arrive: () => void }>()
  worker.events.on('request:start', ({ request, requestId }) => {
    if (pathOf(request) === undefined) return
    let arrive = () => {}
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve
    })
    awaited.set(requestId, { arrived, arrive })
  })
  worker.events.on('response:bypass', ({ request, requestId, response }) => {
    awaited.get(requestId)?.arrive()
    awaited.delete(requestId)
    const path = pathOf(request)
    if (path === undefined) return
    const index = ++count
    const bodies = Promise.all([
      request.method === 'GET' || request.method === 'HEAD' ? '' : request.text(),
      response.text(),
    ]).catch(() => undefined)
    queue = queue.then(async () => {
      const read = await bodies
      if (read === undefined) return
      const [requestText, responseText] = read
      // The key the app sent, wherever the answer echoes it, reaches no console line.
      const requestHeaders = redactHeaders(request.headers, secrets)
      const sent = boundedBytes(secrets.scrub(requestText), limit)
      const answer = boundedBytes(secrets.scrub(responseText), limit)
      const exchange: TrafficExchange = {
        method: request.method,
        path: secrets.scrub(path),
        url: secrets.scrub(request.url),
        requestHeaders,
        ...(requestText === '' ? {} : { requestBody: sent.text }),
        ...(sent.truncated ? { requestBodyTruncated: true } : {}),
        status: response.status,
        responseHeaders: redactHeaders(response.headers, secrets),
        responseBody: answer.text,
        ...(answer.truncated ? { responseBodyTruncated: true } : {}),
      }
      const kept = log.record(exchange, index, checker.check(exchange, index))
      for (const finding of [...kept.violations, ...kept.requestIssues]) {
        warn(finding)
        watch.onFinding?.(finding)
      }
    })
  })
  const scriptUrl = new URL(serviceWorkerUrl, location.href).href
  await worker
    .start({ serviceWorker: { url: serviceWorkerUrl }, onUnhandledRequest: 'bypass', quiet: true })
    .catch(async (cause: unknown) => {
      throw await workerStartError(scriptUrl, cause)
    })
  if (!quiet) {
    console.info(
      `[engagement-mock] Watching ${apiRoot}/…: requests go to the real API and come back unchanged; each answer is checked against the contract, and each violation is a warning here. Pass \`quiet: true\` to hide this line.`,
    )
  }
  return Object.assign(worker, {
    /** The run so far: counts per operation and the findings (as `conformance.json`'s `traffic`). */
    traffic: log,
    /**
     * Resolves once every answer the app has received so far is checked: it waits for the copies
     * still on their way (up to 2 s; a request that failed or is still running is left out).
     */
    checked: async () => {
      const waiting = [...awaited.entries()]
      if (waiting.length > 0) {
        let timer: ReturnType<typeof setTimeout> | undefined
        await Promise.race([
          Promise.all(waiting.map(([, one]) => one.arrived)),
          new Promise((resolve) => {
            timer = setTimeout(resolve, ANSWER_GRACE_MS)
          }),
        ])
        clearTimeout(timer)
        // Given up on: a failed request gets no copy, and must not hold up the next call.
        for (const [id, one] of waiting) if (awaited.get(id) === one) awaited.delete(id)
      }
      await queue
    },
  })
}

export type WatchingWorker = Awaited<ReturnType<typeof startWatching>>

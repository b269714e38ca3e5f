/**
 * A deployment's own limits, respected: an answer 429 or 503 carrying `Retry-After` (RFC 9110
 * §10.2.3) asks the run to slow down. The run then lets fewer requests be in flight (the window is
 * halved, and grows back by one after many answers that did not ask), waits as told, and sends the
 * same request again: such an answer is never judged by itself. Without `Retry-After` nothing says
 * the deployment will recover, so the answer is judged as it is (a check expecting a success fails).
 */

/** Times one request is sent again after an answer asking to slow down; then that answer is judged. */
export const RETRY_LIMIT = 3
/** The longest `Retry-After` obeyed; a longer one is judged as it is, rather than stall the run. */
export const MAX_RETRY_AFTER_MS = 60_000
/** Answers that did not ask to slow down, per request of the window, before the window grows by one. */
const GROW_AFTER = 4

/** `Retry-After` as milliseconds from `now`: delay-seconds or an HTTP date; undefined if neither. */
export const retryAfterMs = (value: string | null, now = Date.now()): number | undefined => {
  if (value === null) return undefined
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // An HTTP date names a day of the week first (IMF-fixdate and the obsolete forms alike).
  if (!/^[A-Za-z]{3}/.test(text)) return undefined
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** Whether a request asked the deployment for a status (`Prefer: code=…`): its answer is what it asked. */
const provoked = (init: RequestInit | undefined): boolean =>
  /(^|[\s,;])code=/i.test(new Headers(init?.headers).get('prefer') ?? '')

const aborted = (signal: AbortSignal | null | undefined): Error =>
  signal?.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError')

/** Waits `ms`, or rejects as soon as `signal` aborts (the request's own time-out). */
const pause = (ms: number, signal?: AbortSignal | null): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted(signal))
    const stop = () => {
      clearTimeout(timer)
      reject(aborted(signal))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop)
      resolve()
    }, ms)
    signal?.addEventListener('abort', stop, { once: true })
  })

export interface SlowDownOptions {
  /** The most requests in flight: the run's concurrency. */
  most: number
  /** Counts a request sent again in the run's bound; false when the bound is reached (not sent). */
  pay: () => boolean
  /** How to wait (tests give a clock of their own). */
  wait?: (ms: number, signal?: AbortSignal | null) => Promise<void>
}

/** The request layer of a run: every request of its clients passes through one. */
export class SlowDown {
  /** Answers that asked to slow down (each one, retried or not): what the reports count. */
  asked = 0
  /** The requests allowed in flight now: `most`, halved when asked to slow down. */
  window: number
  /** Answers asking to slow down that the bound left unanswered: the caller stops on them. */
  readonly unpaid = new WeakSet<Headers>()
  #inFlight = 0
  #queue: (() => void)[] = []
  #sent = 0
  #halvedAt = 0
  #calm = 0

  constructor(private readonly options: SlowDownOptions) {
    this.window = options.most
  }

  /** `inner`, sent within the window and again as the deployment asks. */
  fetch(inner: typeof fetch): typeof fetch {
    const wait = this.options.wait ?? pause
    return async (input, init) => {
      for (let attempt = 0; ; attempt += 1) {
        await this.#enter(init?.signal)
        const sent = ++this.#sent
        let response: Response
        try {
          response = await inner(input, init)
        } finally {
          this.#leave()
        }
        const ms =
          response.status === 429 || response.status === 503
            ? retryAfterMs(response.headers.get('retry-after'))
            : undefined
        if (ms === undefined || provoked(init)) {
          this.#grow()
          return response
        }
        this.asked += 1
        this.#halve(sent)
        if (attempt >= RETRY_LIMIT || ms > MAX_RETRY_AFTER_MS) return response
        if (!this.options.pay()) {
          this.unpaid.add(response.headers)
          return response
        }
        await response.body?.cancel().catch(() => {})
        await wait(ms, init?.signal)
      }
    }
  }

  /** Halves the window, once for all the answers to requests sent before the last halving. */
  #halve(sent: number) {
    if (sent <= this.#halvedAt) return
    this.window = Math.max(1, Math.floor(this.window / 2))
    this.#halvedAt = this.#sent
    this.#calm = 0
  }

  /** One more request in flight after GROW_AFTER × window answers that did not ask to slow down. */
  #grow() {
    if (this.window >= this.options.most) return
    this.#calm += 1
    if (this.#calm < GROW_AFTER * this.window) return
    this.window += 1
    this.#calm = 0
    this.#wake()
  }

  #enter(signal: AbortSignal | null | undefined): Promise<void> {
    if (this.#inFlight < this.window && this.#queue.length === 0) {
      this.#inFlight += 1
      return Promise.resolve()
    }
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(aborted(signal))
      const go = () => {
        signal?.removeEventListener('abort', stop)
        this.#inFlight += 1
        resolve()
      }
      const stop = () => {
        this.#queue = this.#queue.filter((next) => next !== go)
        reject(aborted(signal))
      }
      this.#queue.push(go)
      signal?.addEventListener('abort', stop, { once: true })
    })
  }

  #leave() {
    this.#inFlight -= 1
    this.#wake()
  }

  #wake() {
    while (this.#inFlight < this.window && this.#queue.length > 0) this.#queue.shift()?.()
  }
}

import { describe, expect, it } from 'vitest'
import { RETRY_LIMIT, retryAfterMs, SlowDown } from './slow-down.ts'

/** A deployment answering from a list, one answer per request (the last one from then on). */
const deployment = (answers: (() => Response)[]) => {
  const seen = { requests: 0 }
  const fetchImpl: typeof fetch = async () => {
    const answer = answers[Math.min(seen.requests, answers.length - 1)] as () => Response
    seen.requests += 1
    return answer()
  }
  return { seen, fetchImpl }
}

const slowDownAnswer = (status: 429 | 503, retryAfter?: string) => () =>
  new Response('{}', {
    status,
    headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
  })
const ok = () => new Response('{"ok":true}', { status: 200 })

/** A layer whose waits are recorded, not waited. */
const layer = (most: number, pay: () => boolean = () => true) => {
  const waits: number[] = []
  const slowDown = new SlowDown({
    most,
    pay,
    wait: async (ms) => {
      waits.push(ms)
    },
  })
  return { slowDown, waits }
}

describe('retryAfterMs', () => {
  it('reads delay-seconds and an HTTP date, and nothing else', () => {
    const now = Date.parse('2026-11-28T12:00:00Z')
    expect(retryAfterMs('1', now)).toBe(1000)
    expect(retryAfterMs(' 120 ', now)).toBe(120_000)
    expect(retryAfterMs('Sat, 28 Nov 2026 12:00:03 GMT', now)).toBe(3000)
    // A date already past is no wait at all.
    expect(retryAfterMs('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0)
    expect(retryAfterMs(null, now)).toBeUndefined()
    expect(retryAfterMs('soon', now)).toBeUndefined()
    expect(retryAfterMs('-1', now)).toBeUndefined()
    expect(retryAfterMs('1.5', now)).toBeUndefined()
    expect(retryAfterMs('2026-11-28', now)).toBeUndefined()
  })
})

describe('SlowDown: a deployment asking to slow down', () => {
  it.each([429, 503] as const)(
    'waits as a %i with Retry-After says and sends the same request again, counting the retry',
    async (status) => {
      const { seen, fetchImpl } = deployment([slowDownAnswer(status, '2'), ok])
      let paid = 0
      const { slowDown, waits } = layer(8, () => {
        paid += 1
        return true
      })
      const answer = await slowDown.fetch(fetchImpl)('http://x/forms', { method: 'POST' })
      expect(answer.status).toBe(200)
      expect(seen.requests).toBe(2)
      expect(waits).toEqual([2000])
      expect(paid).toBe(1)
      expect(slowDown.asked).toBe(1)
      expect(slowDown.window).toBe(4)
    },
  )

  it('judges a 429 or 503 without Retry-After as it is: no wait, no retry, not counted', async () => {
    const { seen, fetchImpl } = deployment([slowDownAnswer(503), ok])
    const { slowDown, waits } = layer(8)
    expect((await slowDown.fetch(fetchImpl)('http://x/forms')).status).toBe(503)
    expect(seen.requests).toBe(1)
    expect(waits).toEqual([])
    expect(slowDown.asked).toBe(0)
  })

  it('never retries a request that asked for its status (Prefer: code=…): its answer is what it asked', async () => {
    const { seen, fetchImpl } = deployment([slowDownAnswer(503, '1'), ok])
    const { slowDown } = layer(8)
    const answer = await slowDown.fetch(fetchImpl)('http://x/forms', {
      headers: { prefer: 'code=503' },
    })
    expect(answer.status).toBe(503)
    expect(seen.requests).toBe(1)
  })

  it(`sends one request at most ${RETRY_LIMIT} times again, then hands the last answer over`, async () => {
    const { seen, fetchImpl } = deployment([slowDownAnswer(429, '1')])
    const { slowDown, waits } = layer(8)
    expect((await slowDown.fetch(fetchImpl)('http://x/forms')).status).toBe(429)
    expect(seen.requests).toBe(RETRY_LIMIT + 1)
    expect(waits).toHaveLength(RETRY_LIMIT)
    expect(slowDown.asked).toBe(RETRY_LIMIT + 1)
  })

  it('does not wait longer than a minute: such an answer is judged as it is', async () => {
    const { seen, fetchImpl } = deployment([slowDownAnswer(429, '3600'), ok])
    const { slowDown, waits } = layer(8)
    expect((await slowDown.fetch(fetchImpl)('http://x/forms')).status).toBe(429)
    expect(seen.requests).toBe(1)
    expect(waits).toEqual([])
  })

  it('marks the answer it could not send again because the request bound is reached', async () => {
    const { seen, fetchImpl } = deployment([slowDownAnswer(429, '1'), ok])
    const { slowDown } = layer(8, () => false)
    const answer = await slowDown.fetch(fetchImpl)('http://x/forms')
    expect(answer.status).toBe(429)
    expect(seen.requests).toBe(1)
    expect(slowDown.unpaid.has(answer.headers)).toBe(true)
  })

  it('halves the window once for the answers of one burst, and grows it back one by one', async () => {
    const releases: (() => void)[] = []
    let inFlight = 0
    let asked = 0
    // The first four requests in flight at once all get a 429: the burst halves the window once.
    const fetchImpl: typeof fetch = async () => {
      inFlight += 1
      await new Promise<void>((resolve) => releases.push(resolve))
      inFlight -= 1
      asked += 1
      return asked <= 4 ? slowDownAnswer(429, '0')() : ok()
    }
    const { slowDown } = layer(4)
    const send = slowDown.fetch(fetchImpl)
    const answers = Promise.all(Array.from({ length: 4 }, () => send('http://x/forms')))
    const settle = async () => {
      while (releases.length > 0 || inFlight > 0) {
        releases.shift()?.()
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    await new Promise((resolve) => setImmediate(resolve))
    expect(inFlight).toBe(4)
    await settle()
    expect((await answers).map((a) => a.status)).toEqual([200, 200, 200, 200])
    expect(slowDown.asked).toBe(4)
    expect(slowDown.window).toBe(2)
    // From now on at most two at a time, until enough answers did not ask to slow down.
    const more = Promise.all(Array.from({ length: 40 }, () => send('http://x/forms')))
    await new Promise((resolve) => setImmediate(resolve))
    expect(inFlight).toBe(2)
    await settle()
    await more
    expect(slowDown.window).toBeGreaterThan(2)
    expect(slowDown.window).toBeLessThanOrEqual(4)
  })

  it('gives up waiting when the request times out meanwhile', async () => {
    const { fetchImpl } = deployment([slowDownAnswer(429, '30'), ok])
    const slowDown = new SlowDown({ most: 2, pay: () => true })
    const controller = new AbortController()
    const sent = slowDown.fetch(fetchImpl)('http://x/forms', { signal: controller.signal })
    setTimeout(() => controller.abort(new DOMException('late', 'TimeoutError')), 1)
    await expect(sent).rejects.toMatchObject({ name: 'TimeoutError' })
  })
})

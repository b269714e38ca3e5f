import type { ExploreResult } from '../../mock/conformance/explore/explore.ts'

/**
 * A fetch whose requests are counted while in flight: the most at once. Each is answered a moment
 * later, as over a network, so that runs in parallel overlap even in process.
 */
export const overlapping = (fetchImpl: typeof fetch) => {
  let now = 0
  const seen = { most: 0 }
  const counted: typeof fetch = async (input, init) => {
    now += 1
    seen.most = Math.max(seen.most, now)
    try {
      await new Promise((resolve) => setTimeout(resolve, 1))
      return await fetchImpl(input, init)
    } finally {
      now -= 1
    }
  }
  return { fetch: counted, seen }
}

/**
 * What an exploration's report says whatever the concurrency (with the same run id, so the same
 * titles). Aside: its duration; what the deployment draws for each record (ids, join codes, slugs)
 * and its times, in the answers it quotes; a divergence's answer of the deployment quoted in full
 * (a list there shows the records of the runs in flight beside it; its differences, steps and
 * script stay); and the requests of runs in flight beside the last one reported, whose results
 * were dropped (`beyond`).
 */
export const sameReport = (result: ExploreResult): unknown => {
  const { durationMs: _, requests, cleanupRequests, beyond, divergences, ...rest } = result
  const text = JSON.stringify({
    ...rest,
    divergences: divergences.map(({ deployment: _, ...divergence }) => divergence),
    requests: requests - (beyond?.requests ?? 0),
    cleanupRequests: cleanupRequests - (beyond?.cleanupRequests ?? 0),
  })
  return JSON.parse(
    text
      .replace(/\b(frm|fld|ses|act|ser|rep|tea|org|res)_[A-Za-z0-9]{12}\b/g, '<id>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
      .replace(/(joinCode|slug)\\": ?\\"[^\\]*\\"/g, '$1')
      .replace(/\/(join|screen)\/[A-Z0-9]+/g, '/$1/<code>')
      .replace(/\/f\/[^\\…]*/g, '/f/<slug>'),
  ) as unknown
}

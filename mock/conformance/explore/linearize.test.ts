import { describe, expect, it } from 'vitest'
import type { MockCore } from '../../core/mock.ts'
import { createMock } from '../../create.ts'
import { explorationMarkdown } from '../../report-format/exploration-report.ts'
import { readEnv } from '../engine/env.ts'
import { Run } from '../engine/run-state.ts'
import { EXPLORE_DEFAULTS, explore } from './explore.ts'
import { mockFetch } from './oracle.ts'

const BASE = 'http://deployment.test/api/v1'

/** A deployment in this process: the demo mock, with `wrap` around its fetch (a race of its own). */
const deployment = async (wrap?: (mock: MockCore, next: typeof fetch) => typeof fetch) => {
  const mock = createMock()
  await mock.ready
  const plain = mockFetch(mock)
  const fetchImpl = wrap ? wrap(mock, plain) : plain
  return new Run(
    { ...readEnv({}, { baseUrl: BASE }), strict: false, maxRequests: 50_000 },
    fetchImpl,
  )
}

/** A few milliseconds, drawn from a seeded sequence: the interleaving varies, the test does not hang. */
const pause = () => new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 6)))

type StoredForm = { id: string; fields: Array<{ id: string; order: number }> }
const forms = (mock: MockCore) =>
  mock.store.forms as unknown as {
    get: (id: string) => StoredForm | undefined
    replace: (record: StoredForm, next: StoredForm) => Promise<unknown>
  }

/**
 * Appending a field reads the form, awaits, and writes back the copy it read with the new field:
 * of two appends at once, one is lost, although each answers 201 with its field.
 */
const lostAppend =
  (mock: MockCore, next: typeof fetch): typeof fetch =>
  async (input, init) => {
    const url = String(input)
    const match = /\/forms\/([^/]+)\/fields$/.exec(new URL(url).pathname)
    if (init?.method !== 'POST' || !match) return next(input, init)
    const stale = forms(mock).get(match[1] as string)
    await pause()
    const answer = await next(input, init)
    const now = forms(mock).get(match[1] as string)
    if (answer.status === 201 && stale && now) {
      const added = now.fields.at(-1)
      if (added) await forms(mock).replace(now, { ...now, fields: [...stale.fields, added] })
      mock.invalidate()
    }
    return answer
  }

describe('concurrent steps', () => {
  it('accept a deployment that serves requests at once, each atomic, and say what they sent', async () => {
    const run = await deployment((_, next) => async (input, init) => {
      await pause()
      return next(input, init)
    })
    const result = await explore({ run, runs: 20, seed: 7, concurrentShare: 0.5 })
    expect(result.error).toBeUndefined()
    expect(result.divergences.map((d) => d.summary)).toEqual([])
    const concurrent = result.reach?.concurrent
    expect(concurrent?.steps).toBeGreaterThan(10)
    expect(concurrent?.pairs.map((p) => `${p.first} + ${p.then}`)).toContain(
      'POST /forms/{id}/fields + POST /forms/{id}/fields',
    )
    expect(concurrent?.readsBeyond).toBeGreaterThan(0)
    expect(explorationMarkdown(result).join('\n')).toContain('Concurrent pairs tried')
  }, 120_000)

  it('explain a 409 to a write another write is still working on as refused, with no effect', async () => {
    const busy = new Set<string>()
    const run = await deployment((_, next) => async (input, init) => {
      const form = /\/forms\/([^/]+)/.exec(new URL(String(input)).pathname)?.[1]
      if (!form || (init?.method ?? 'GET') === 'GET') return next(input, init)
      if (busy.has(form)) return Response.json({ error: 'Busy: try again.' }, { status: 409 })
      busy.add(form)
      try {
        await pause()
        return await next(input, init)
      } finally {
        busy.delete(form)
      }
    })
    const result = await explore({ run, runs: 20, seed: 7, concurrentShare: 0.5 })
    expect(result.divergences.map((d) => d.summary)).toEqual([])
    expect(result.reach?.concurrent?.refusedInFlight).toBeGreaterThan(5)
  }, 120_000)

  it('find a lost update of two appends, naming the requests, their answers and the orders tried', async () => {
    const run = await deployment(lostAppend)
    const result = await explore({ run, runs: 60, seed: 1 })
    const [divergence] = result.divergences
    expect(divergence, `nothing found in ${result.runsDone} runs`).toBeDefined()
    expect(divergence?.summary).toMatch(/requests sent at once: #1 POST \/forms\/\{id\}\/fields/)
    // Orders searched as Wing–Gong do: never more than the operations' permutations (24 for 4).
    const [, tried, of] = /\((\d+) of (\d+) orders tried/.exec(divergence?.summary ?? '') ?? []
    expect(Number(tried)).toBeGreaterThan(0)
    expect(Number(tried)).toBeLessThanOrEqual(Number(of))
    expect([2, 6, 24]).toContain(Number(of))
    // The script sends the overlapping requests together and says a race may need a few tries.
    expect(divergence?.script).toMatch(/sent at once/)
    expect(divergence?.script).toMatch(/& *\nwait|&\n.*\nwait/s)
  }, 120_000)

  it('find an update applied to the form another update at once addressed, with seed 6 too', async () => {
    // The form's id kept in a variable all requests share: of two updates at once on two forms,
    // both may land on the second. Only updates of two forms in one step show it. Seed 6 found
    // nothing at the default bound until a form's update was paired with its sibling's; every seed
    // 1–10 is bench/explore.ts's `races` part (EXPLORE-RESULTS.md), too long for every npm test.
    let current = ''
    const missed: number[] = []
    for (const seed of [6]) {
      const run = await deployment((_, next) => async (input, init) => {
        const url = new URL(String(input))
        const match = /^(.*\/forms\/)([^/]+)$/.exec(url.pathname)
        if (init?.method !== 'PATCH' || !match) return next(input, init)
        current = match[2] as string
        await pause()
        return next(`${url.origin}${match[1]}${current}${url.search}`, init)
      })
      const result = await explore({ run, runs: EXPLORE_DEFAULTS.runs, seed })
      if (result.divergences.length === 0) missed.push(seed)
    }
    expect(missed, 'seeds that found nothing within the default bound').toEqual([])
  }, 300_000)

  it('send one request at a time with a share of 0, and still read beyond the record written', async () => {
    const run = await deployment(lostAppend)
    const result = await explore({ run, runs: 10, seed: 7, concurrentShare: 0 })
    expect(result.divergences).toEqual([])
    expect(result.reach?.concurrent?.steps).toBe(0)
    expect(result.reach?.concurrent?.pairs).toEqual([])
    expect(result.reach?.concurrent?.readsBeyond).toBeGreaterThan(0)
  }, 120_000)
})

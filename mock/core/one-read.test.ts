import { afterEach, describe, expect, it, vi } from 'vitest'
import { LIMITS } from '../../contract/common.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { createMock } from '../create.ts'
import { RequestJournal } from './request-journal.ts'
import { matchRoute } from './router.ts'

// The router through its module: every match the mock makes is counted.
vi.mock('./router.ts', async (original) => {
  const actual = await original<typeof import('./router.ts')>()
  return { ...actual, matchRoute: vi.fn(actual.matchRoute) }
})

const headers = { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }
const body = JSON.stringify({
  title: 'Retro',
  fields: [{ kind: 'short_text', config: { label: 'What went well?' } }],
})

afterEach(() => {
  vi.mocked(matchRoute).mockClear()
  vi.restoreAllMocks()
})

describe('one read of each request', () => {
  it('matches the route and parses the body once when the journal keeps the request', async () => {
    const journal = new RequestJournal()
    const mock = createMock({ plan: false, journal })
    await mock.ready
    vi.mocked(matchRoute).mockClear()
    const parse = vi.spyOn(JSON, 'parse')

    const created = await mock.handle({ method: 'POST', path: '/forms', headers, body })

    expect(created.status).toBe(201)
    expect(vi.mocked(matchRoute)).toHaveBeenCalledTimes(1)
    expect(parse.mock.calls.filter(([text]) => text === body)).toHaveLength(1)
    // The journal's entry is made from that one reading, as before.
    expect(journal.entries).toEqual([
      expect.objectContaining({
        operationId: 'createForm',
        valid: true,
        body: JSON.parse(body),
        status: 201,
      }),
    ])
  })

  it('matches the route once for a read, and once without a journal', async () => {
    const journaled = createMock({ plan: false, journal: new RequestJournal() })
    const bare = createMock({ plan: false })
    await Promise.all([journaled.ready, bare.ready])
    for (const mock of [journaled, bare]) {
      vi.mocked(matchRoute).mockClear()
      const answer = await mock.handle({ method: 'GET', path: '/forms', headers })
      expect(answer.status).toBe(200)
      expect(vi.mocked(matchRoute)).toHaveBeenCalledTimes(1)
    }
  })

  it('refuses a body over the limit from the same reading, never parsing it', async () => {
    const journal = new RequestJournal()
    const mock = createMock({ plan: false, journal })
    await mock.ready
    vi.mocked(matchRoute).mockClear()
    const parse = vi.spyOn(JSON, 'parse')
    const huge = JSON.stringify({ title: 'x'.repeat(LIMITS.bodyBytes) })

    const refused = await mock.handle({ method: 'POST', path: '/forms', headers, body: huge })

    expect(refused.status).toBe(413)
    expect(vi.mocked(matchRoute)).toHaveBeenCalledTimes(1)
    expect(parse.mock.calls.filter(([text]) => text === huge)).toHaveLength(0)
    expect(journal.entries).toEqual([
      expect.objectContaining({
        operationId: 'createForm',
        valid: false,
        body: undefined,
        status: 413,
      }),
    ])
  })
})

import { describe, expect, it } from 'vitest'
import type { TrafficExchange } from './exchange.ts'
import { ReleaseNeeds, releaseVerdict } from './release-needs.ts'

const exchange = (
  method: string,
  path: string,
  body?: unknown,
  truncated = false,
): TrafficExchange => ({
  method,
  path,
  requestHeaders: {},
  ...(body === undefined
    ? {}
    : { requestBody: typeof body === 'string' ? body : JSON.stringify(body) }),
  ...(truncated ? { requestBodyTruncated: true } : {}),
  status: 201,
  responseHeaders: {},
  responseBody: '',
  url: `https://api.example.com/api/v1${path}`,
})
const SLIDES = { kind: 'slides', slides: [{ type: 'title', title: 'Hi' }] }

describe('release needs of traffic', () => {
  it('reads the activity kinds a request sends in the deployment’s words: inline, added, in rounds', () => {
    // This deployment spells a session's activities `items`.
    const needs = new ReleaseNeeds('initial', '2026-07-01', {
      sessions: { create: { activities: 'items' } },
    })
    expect(
      needs.check(
        exchange('POST', '/sessions', { title: 'A', items: [SLIDES] }),
        1,
        'createSession',
      )?.uses,
    ).toEqual([{ what: 'the slides activity kind', since: '2026-07-11' }])
    expect(
      needs.check(exchange('POST', '/sessions/ses_1/activities', SLIDES), 3, 'addActivity')?.uses,
    ).toHaveLength(1)
    const series = needs.check(
      exchange('POST', '/series', {
        title: 'L',
        rounds: [{ title: 'R1', items: [SLIDES, SLIDES] }],
      }),
      4,
      'createSeries',
    )
    expect(series?.uses).toEqual([
      { what: 'POST /series', since: '2026-07-13' },
      { what: 'the slides activity kind', since: '2026-07-11' },
    ])
    expect(needs.check(exchange('GET', '/forms'), 5, 'listForms')).toBeUndefined()
    expect(needs.check(exchange('GET', '/elsewhere'), 6, null)).toBeUndefined()
    const summary = needs.summary()
    expect(summary).toMatchObject({
      needs: '2026-07-13',
      exchanges: 4,
      notServed: 3,
      served: false,
    })
    // In the order of the releases, then by how many exchanges used it.
    expect(summary.uses).toEqual([
      { what: 'the slides activity kind', since: '2026-07-11', exchanges: 3 },
      { what: 'POST /series', since: '2026-07-13', exchanges: 1 },
    ])
    expect(releaseVerdict(summary)).toBe(
      'This app needs release 2026-07-13: 3 of 4 exchanges use what release initial (in force on 2026-07-01) does not have: the slides activity kind (2026-07-11) in 3, POST /series (2026-07-13) in 1.',
    )
  })

  it('counts a body it cannot read for kinds, and judges the exchange by its operation alone', () => {
    const needs = new ReleaseNeeds('initial', 'initial')
    expect(
      needs.check(exchange('POST', '/sessions', '{"title":', false), 1, 'createSession'),
    ).toBeUndefined()
    expect(
      needs.check(
        exchange('POST', '/sessions', { activities: [SLIDES] }, true),
        2,
        'createSession',
      ),
    ).toBeUndefined()
    expect(needs.summary()).toMatchObject({ unread: 2, served: true, needs: 'initial' })
  })

  it('keeps the first exchanges it cannot serve and counts the rest', () => {
    const needs = new ReleaseNeeds('2026-07-11', '2026-07-11', {}, 2)
    for (let i = 1; i <= 5; i++) needs.check(exchange('GET', '/series'), i, 'listSeries')
    const summary = needs.summary()
    expect(summary.notServed).toBe(5)
    expect(summary.unserved.map((n) => n.exchange)).toEqual([1, 2])
  })
})

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type Call, client, expectOk, expectPlain } from './client.ts'
import { Series, SponsorReport, SponsorReportMeta } from './resources.ts'
import { FOREIGN_KEYS, startForeign } from './server.ts'

let foreign: Awaited<ReturnType<typeof startForeign>>
let call: Call
beforeAll(async () => {
  foreign = await startForeign()
  call = client(foreign.baseUrl)
})
afterAll(() => foreign.close())
beforeEach(() => foreign.reset())

const SeriesAnswer = z.object({ series: Series })
const ReportAnswer = z.object({ report: SponsorReport })
const SESSION_KEYS = [
  'activities',
  'createdAt',
  'id',
  'joinCode',
  'joinUrl',
  'mode',
  'screenUrl',
  'status',
  'title',
]

describe('series on the foreign deployment', () => {
  it('creates a draft series seeding teams and rounds, each round with exactly a session’s fields', async () => {
    const { series } = expectOk(
      await call('POST', '/series', {
        title: 'League',
        teams: [
          { name: 'Owls', color: '#1f77b4' },
          { name: 'Foxes', color: 'crimson' },
        ],
        rounds: [
          {
            title: 'Round 1',
            activities: [{ kind: 'quiz', prompt: 'q', answers: ['a', 'b'], correct: 0 }],
          },
          { title: 'Round 2', mode: 'self-paced' },
        ],
      }),
      SeriesAnswer,
    )
    expect(series).toMatchObject({
      title: 'League',
      status: 'draft',
      manageUrl: `https://engage.foreign.example/series/${series.id}/manage`,
    })
    expect(series.teams.map((t) => [t.name, t.order])).toEqual([
      ['Owls', 1],
      ['Foxes', 2],
    ])
    for (const round of series.rounds) {
      expect(Object.keys(round).sort()).toEqual(SESSION_KEYS)
      expect(round.status).toBe('draft')
    }
    expect(series.rounds.map((r) => [r.mode, r.activities.length])).toEqual([
      ['live', 1],
      ['self-paced', 0],
    ])
    const second = expectOk(await call('POST', '/series', { title: 'Cup' }), SeriesAnswer).series
    const list = expectOk(
      await call('GET', '/series'),
      z.object({ series: z.array(Series) }),
    ).series
    expect(list.map((s) => s.id)).toEqual([second.id, series.id])
  })

  it('refuses a series without the series entitlement (402, plain) and bad seeds (422), creating nothing', async () => {
    expectPlain(
      await call('POST', '/series', { title: 'No plan' }, FOREIGN_KEYS.noEntitlements),
      402,
    )
    expect(await call('GET', '/series', undefined, FOREIGN_KEYS.noEntitlements)).toMatchObject({
      status: 200,
      body: { series: [] },
    })
    expectPlain(
      await call('POST', '/series', { title: 'x', teams: [{ name: 'A', color: 'red' }] }),
      422,
    )
    expectPlain(
      await call('POST', '/series', {
        title: 'x',
        teams: [
          { name: 'A', color: 'teal' },
          { name: 'a', color: 'slate' },
        ],
      }),
      422,
    )
    expectPlain(
      await call('POST', '/series', {
        title: 'x',
        rounds: [{ title: 'r', activities: [{ kind: 'poll' }] }],
      }),
      422,
    )
    expectPlain(
      await call('POST', '/series', { title: 'x', rounds: [{ title: 'r', status: 'running' }] }),
      422,
    )
    expect(
      expectOk(await call('GET', '/series'), z.object({ series: z.array(Series) })).series,
    ).toEqual([])
  })
})

describe('sponsor reports on the foreign deployment', () => {
  it('refuses a report without the data export and analytics entitlement (402, plain)', async () => {
    expectPlain(
      await call('POST', '/sponsors', { title: 'T', brand: 'B' }, FOREIGN_KEYS.noEntitlements),
      402,
    )
    expect(await call('GET', '/sponsors', undefined, FOREIGN_KEYS.noEntitlements)).toMatchObject({
      status: 200,
      body: { reports: [] },
    })
  })

  it('makes an all-time report without rangeStart and rangeEnd, rolling up the organization’s records', async () => {
    await call('POST', '/forms', { title: 'F' })
    await call('POST', '/sessions', { title: 'S', activities: [{ kind: 'cue', label: 'Go' }] })
    await call('POST', '/forms', { title: 'Theirs' }, FOREIGN_KEYS.otherOrg)
    const { report } = expectOk(
      await call('POST', '/sponsors', { title: 'Q3 for Acme', brand: 'Acme' }),
      ReportAnswer,
    )
    expect(report).not.toHaveProperty('rangeStart')
    expect(report).not.toHaveProperty('rangeEnd')
    expect(report).toMatchObject({
      brandLabel: 'Acme',
      publicUrl: `https://engage.foreign.example/r/${report.slug}`,
    })
    expect(report.payload).toMatchObject({ totals: { forms: 1, sessions: 1, activities: 1 } })
    expect(
      expectOk(
        await call('POST', '/sponsors', { title: 'Empty window', brand: 'A', window: {} }),
        ReportAnswer,
      ).report,
    ).not.toHaveProperty('rangeStart')
  })

  it('takes a window: start ≤ end, a start alone runs to now, refusing a future start alone, an end alone and null', async () => {
    const windowed = expectOk(
      await call('POST', '/sponsors', {
        title: 'W',
        brand: 'B',
        window: { start: '2026-01-01T00:00:00+02:00', end: '2026-03-31T00:00:00Z' },
      }),
      ReportAnswer,
    ).report
    expect([windowed.rangeStart, windowed.rangeEnd]).toEqual([
      '2025-12-31T22:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
    ])
    const before = new Date().toISOString()
    const open = expectOk(
      await call('POST', '/sponsors', {
        title: 'O',
        brand: 'B',
        window: { start: '2026-01-01T00:00:00Z' },
      }),
      ReportAnswer,
    ).report
    expect(open.rangeEnd! >= before).toBe(true)
    const future = new Date(Date.now() + 86_400_000).toISOString()
    for (const window of [
      { start: future },
      { end: '2026-03-31T00:00:00Z' },
      { start: '2026-03-31T00:00:00Z', end: '2026-01-01T00:00:00Z' },
      { start: '2026-01-01' },
      null,
    ])
      expectPlain(await call('POST', '/sponsors', { title: 'x', brand: 'B', window }), 422)
    expectPlain(await call('POST', '/sponsors', { title: 'x', brandLabel: 'B' }), 422)
  })

  it('lists reports newest first without their payload', async () => {
    const first = expectOk(
      await call('POST', '/sponsors', { title: 'One', brand: 'B' }),
      ReportAnswer,
    ).report
    const second = expectOk(
      await call('POST', '/sponsors', { title: 'Two', brand: 'B' }),
      ReportAnswer,
    ).report
    const { reports } = expectOk(
      await call('GET', '/sponsors'),
      z.object({ reports: z.array(SponsorReportMeta) }),
    )
    expect(reports.map((r) => r.id)).toEqual([second.id, first.id])
    for (const r of reports) expect(r).not.toHaveProperty('payload')
  })
})

import { describe, expect, it } from 'vitest'
import { DEMO_ORGANIZATIONS } from '../../fixtures/index.ts'
import { expectError, expectSuccess, type Harness, TRANSPORTS, useHarness } from './harness.ts'
import { makeForm, makeSession } from './scenarios.ts'

const acmeOrgId = DEMO_ORGANIZATIONS[0]?.id as string
const WINDOW = { rangeStart: '2026-02-01T00:00:00.000Z', rangeEnd: '2026-03-31T23:59:59.999Z' }

/**
 * Acme's events at controlled times around the window (two exactly on its bounds), with
 * participation written straight into the store: joining is not part of the API (§1).
 */
const arrange = async (h: Harness) => {
  const { store } = h.mock
  h.at('2026-01-10T09:00:00.000Z')
  const before = await makeForm(h, { title: 'Before' })
  h.at(WINDOW.rangeStart)
  const onStart = await makeSession(h, { title: 'On start' })
  const session = store.sessions.get(onStart.id)
  if (session) await store.sessions.replace(session, { ...session, participants: 7 })
  h.at('2026-02-15T09:00:00.000Z')
  const res = await h.acme.createSeries({ body: { title: 'League', rounds: [{ title: 'R1' }] } })
  const league = expectSuccess('createSeries', res).series
  const series = store.series.get(league.id)
  const roundId = league.rounds[0]?.id as string
  if (series) await store.series.replace(series, { ...series, roundParticipants: { [roundId]: 4 } })
  h.at('2026-02-20T09:00:00.000Z')
  await makeForm(h, { title: 'Globex form', client: h.globex })
  h.at('2026-03-20T09:00:00.000Z')
  const inside = await makeForm(h, { title: 'Inside', publish: true })
  for (const n of [1, 2]) {
    await store.responses.insert({
      id: `rsp_sponsor0000${n}`,
      formId: inside.id,
      submittedAt: '2026-03-21T09:00:00.000Z',
      email: null,
      answers: {},
      orgId: acmeOrgId,
      seq: store.nextSeq(),
    })
  }
  h.at(WINDOW.rangeEnd)
  const onEnd = await makeSession(h, { title: 'On end' })
  h.at('2026-04-05T09:00:00.000Z')
  const after = await makeForm(h, { title: 'After' })
  h.mock.invalidate()
  h.at('2026-05-01T09:00:00.000Z')
  return { before, onStart, league, inside, onEnd, after }
}

describe.each(TRANSPORTS)('sponsor reports (%s)', (transport) => {
  const h = useHarness(transport)

  it("rolls up the organization's events inside the window, bounds included", async () => {
    const { onStart, league, inside, onEnd } = await arrange(h)
    const res = await h.acme.createSponsorReport({
      body: { title: 'Q1', brandLabel: 'Initech', ...WINDOW },
    })
    const { report } = expectSuccess('createSponsorReport', res)
    expect(report).toMatchObject({ ...WINDOW, generatedAt: '2026-05-01T09:00:00.000Z' })
    const { payload } = report
    expect(payload.window).toEqual({ start: WINDOW.rangeStart, end: WINDOW.rangeEnd })
    expect(payload.events.map((e) => [e.id, e.type, e.participants, e.responses])).toEqual([
      [onStart.id, 'session', 7, 0],
      [league.id, 'series', 4, 0],
      [inside.id, 'form', 2, 2],
      [onEnd.id, 'session', 0, 0],
    ])
    expect(payload.totals).toEqual({
      events: 4,
      forms: 1,
      sessions: 2,
      series: 1,
      participants: 13,
      responses: 2,
    })
    expect(payload.timeline).toEqual([
      { month: '2026-02', events: 2, participants: 11, responses: 0 },
      { month: '2026-03', events: 2, participants: 2, responses: 2 },
    ])
  })

  it('reads a window with an offset as the same instant, and an open side as unbounded', async () => {
    const { before, after } = await arrange(h)
    const shifted = await h.acme.createSponsorReport({
      body: { title: 'Shifted', brandLabel: 'B', rangeStart: '2026-02-01T02:00:00+02:00' },
    })
    const report = expectSuccess('createSponsorReport', shifted).report
    expect(report).toMatchObject({ rangeStart: WINDOW.rangeStart, rangeEnd: null })
    expect(report.payload.events.map((e) => e.id)).not.toContain(before.id)
    expect(report.payload.events.at(-1)?.id).toBe(after.id)
    const allTime = await h.acme.createSponsorReport({ body: { title: 'All', brandLabel: 'B' } })
    const { payload } = expectSuccess('createSponsorReport', allTime).report
    expect(payload.totals.events).toBe(6)
    expect(payload.events[0]?.id).toBe(before.id)
    expect(payload.window).toEqual({ start: null, end: null })
  })

  it('refuses a window that ends before it starts (400 plain)', async () => {
    const res = await h.acme.createSponsorReport({
      body: {
        title: 'Backwards',
        brandLabel: 'B',
        rangeStart: WINDOW.rangeEnd,
        rangeEnd: WINDOW.rangeStart,
      },
    })
    expect(expectError('createSponsorReport', res, 'invalid_body').error).toContain('rangeStart')
  })

  it('lists reports as metadata only, without the payload', async () => {
    await arrange(h)
    const created = expectSuccess(
      'createSponsorReport',
      await h.acme.createSponsorReport({ body: { title: 'Q1', brandLabel: 'Initech', ...WINDOW } }),
    ).report
    const res = await h.acme.listSponsorReports()
    const { reports } = expectSuccess('listSponsorReports', res)
    const { payload: _payload, ...summary } = created
    expect(reports).toEqual([summary])
    expect(res.text).not.toContain('"payload"')
  })
})

import { expect } from 'vitest'
import type { OperationId } from '../../contract/index.ts'
import { expectSuccess, type Harness } from './harness.ts'
import { findSession, makeForm, makeSession } from './scenarios.ts'

const T0 = '2026-07-20T10:00:00.000Z'
const T1 = '2026-07-21T10:00:00.000Z'

type EventOperation = Exclude<OperationId, `${string}Form${string}` | `${string}Field${string}`>

/** Success scenarios of the session, series and sponsor report operations, each with a state check. */
export const EVENT_SUCCESS: Record<EventOperation, (h: Harness) => Promise<void>> = {
  async createSession(h) {
    h.at(T0)
    const res = await h.acme.createSession({
      body: { title: 'Kick-off', mode: 'self_paced', activities: [{ kind: 'qa', prompt: 'Ask' }] },
    })
    const { session } = expectSuccess('createSession', res)
    expect(session).toMatchObject({
      status: 'draft',
      mode: 'self_paced',
      teamMode: false,
      createdAt: T0,
    })
    expect(session.joinUrl).toBe(`${h.mock.publicBase}/join/${session.joinCode}`)
    expect(session.screenUrl).toBe(`${h.mock.publicBase}/screen/${session.joinCode}`)
    expect(session.activities[0]).toMatchObject({
      kind: 'qa',
      order: 0,
      config: { prompt: 'Ask', allowAnonymous: true },
    })
    expect(await findSession(h, session.id)).toEqual(session)
  },
  async listSessions(h) {
    const first = await makeSession(h)
    const second = await makeSession(h, { open: true })
    const { sessions } = expectSuccess('listSessions', await h.acme.listSessions())
    expect(sessions).toEqual([second, first])
  },
  async addActivity(h) {
    const session = await makeSession(h)
    const body = { kind: 'poll' as const, question: 'Pizza?', options: ['Yes', 'No'] }
    const res = await h.acme.addActivity({ params: { id: session.id }, body })
    const { activity } = expectSuccess('addActivity', res)
    expect(activity).toMatchObject({
      kind: 'poll',
      order: 1,
      config: { question: 'Pizza?', allowMultiple: false },
    })
    expect((await findSession(h, session.id)).activities).toEqual([...session.activities, activity])
  },
  async openSession(h) {
    const session = await makeSession(h)
    const res = await h.acme.openSession({ params: { id: session.id } })
    expect(expectSuccess('openSession', res).session).toEqual({ ...session, status: 'open' })
    expect((await findSession(h, session.id)).status).toBe('open')
  },
  async endSession(h) {
    const session = await makeSession(h, { open: true })
    const activityId = session.activities[0]?.id as string
    expectSuccess(
      'presentActivity',
      await h.acme.presentActivity({ params: { id: session.id }, body: { activityId } }),
    )
    const res = await h.acme.endSession({ params: { id: session.id } })
    expect(expectSuccess('endSession', res).session).toMatchObject({
      status: 'ended',
      currentActivityId: null,
    })
    expect((await findSession(h, session.id)).status).toBe('ended')
  },
  async addTeam(h) {
    const session = await makeSession(h, { teamMode: true })
    const res = await h.acme.addTeam({
      params: { id: session.id },
      body: { name: 'Owls', color: '#6D4C41' },
    })
    const { team } = expectSuccess('addTeam', res)
    expect(team).toMatchObject({ name: 'Owls', color: '#6D4C41', order: 0 })
    expect((await findSession(h, session.id)).teams).toEqual([team])
  },
  async setTeamMode(h) {
    const session = await makeSession(h, { teamMode: true })
    await h.acme.addTeam({ params: { id: session.id }, body: { name: 'Owls', color: '#6D4C41' } })
    const res = await h.acme.setTeamMode({ params: { id: session.id }, body: { teamMode: false } })
    expect(expectSuccess('setTeamMode', res).session).toMatchObject({ teamMode: false, teams: [] })
    expect(await findSession(h, session.id)).toMatchObject({ teamMode: false, teams: [] })
  },
  async presentActivity(h) {
    const session = await makeSession(h, { open: true })
    const activityId = session.activities[0]?.id as string
    const res = await h.acme.presentActivity({ params: { id: session.id }, body: { activityId } })
    expect(expectSuccess('presentActivity', res).session.currentActivityId).toBe(activityId)
    expect((await findSession(h, session.id)).currentActivityId).toBe(activityId)
  },
  async createSeries(h) {
    h.at(T0)
    const res = await h.acme.createSeries({
      body: {
        title: 'Quiz league',
        teams: [
          { name: 'Owls', color: '#6D4C41' },
          { name: 'Foxes', color: '#F4511E' },
        ],
        rounds: [{ title: 'Round 1', activities: [{ kind: 'cue', note: 'Go' }] }],
      },
    })
    const { series } = expectSuccess('createSeries', res)
    expect(series.manageUrl).toBe(`${h.mock.publicBase}/series/${series.id}/manage`)
    expect(series.teams.map((t) => [t.name, t.order])).toEqual([
      ['Owls', 0],
      ['Foxes', 1],
    ])
    expect(series.rounds[0]).toMatchObject({ status: 'draft', mode: 'live', createdAt: T0 })
    expect(expectSuccess('listSeries', await h.acme.listSeries()).series).toEqual([series])
  },
  async listSeries(h) {
    const make = (title: string) => h.acme.createSeries({ body: { title } })
    const first = expectSuccess('createSeries', await make('One')).series
    const second = expectSuccess('createSeries', await make('Two')).series
    expect(expectSuccess('listSeries', await h.acme.listSeries()).series).toEqual([second, first])
  },
  async createSponsorReport(h) {
    await makeForm(h)
    h.at(T1)
    const res = await h.acme.createSponsorReport({
      body: { title: 'Q3 report', brandLabel: 'Initech' },
    })
    const { report } = expectSuccess('createSponsorReport', res)
    expect(report).toMatchObject({
      rangeStart: null,
      rangeEnd: null,
      generatedAt: T1,
      createdAt: T1,
    })
    expect(report.publicUrl).toBe(`${h.mock.publicBase}/r/${report.slug}`)
    expect(report.payload.totals).toMatchObject({ events: 1, forms: 1 })
    const { payload: _omitted, ...summary } = report
    expect(expectSuccess('listSponsorReports', await h.acme.listSponsorReports()).reports).toEqual([
      summary,
    ])
  },
  async listSponsorReports(h) {
    const make = (title: string) =>
      h.acme.createSponsorReport({ body: { title, brandLabel: 'Initech' } })
    const first = expectSuccess('createSponsorReport', await make('One')).report
    const second = expectSuccess('createSponsorReport', await make('Two')).report
    const { reports } = expectSuccess('listSponsorReports', await h.acme.listSponsorReports())
    expect(reports.map((r) => r.id)).toEqual([second.id, first.id])
    for (const report of reports) expect(report).not.toHaveProperty('payload')
  },
}

import { describe, expect, it } from 'vitest'
import { planIn } from '../contract/plan-release.ts'
import { activityKindsIn } from '../contract/releases.ts'
import { ACME_KEY, demoPlan, GLOBEX_KEY } from '../fixtures/index.ts'
import { createMock, type MockOptions } from './create.ts'

type Mock = ReturnType<typeof createMock>
const send = async (mock: Mock, method: string, path: string, body?: unknown, key = ACME_KEY) => {
  const answer = await mock.handle({
    method,
    path,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> }
}

const slides = { kind: 'slides', slides: [{ type: 'statement', text: 'Welcome' }] }
const poll = { kind: 'poll', question: 'Which talk?', options: ['Keynote', 'Panel'] }
const kindsOf = (sessions: unknown) =>
  new Set(
    (sessions as Array<{ activities: Array<{ kind: string }> }>).flatMap((s) =>
      s.activities.map((a) => a.kind),
    ),
  )

describe('a mock of an earlier release (createMock({ release }))', () => {
  const july12 = createMock({ release: '2026-07-12' })
  const initial = createMock({ release: '2026-07-10' })

  it('answers the paths of later operations exactly as any unknown path', async () => {
    for (const [method, path] of [
      ['GET', '/series'],
      ['POST', '/series'],
      ['GET', '/sponsors'],
      ['POST', '/sponsors'],
    ] as const) {
      const answer = await send(
        july12,
        method,
        path,
        method === 'POST' ? { title: 'x' } : undefined,
      )
      const unknown = await send(july12, method, `/nothing${path}`)
      expect(answer.status, `${method} ${path}`).toBe(404)
      expect(Object.keys(answer.body)).toEqual(['error'])
      expect(answer.body.error).toBe(String(unknown.body.error).replace(`/nothing${path}`, path))
    }
    // Before anything else: no key, another organization's key, the same 404.
    expect((await send(july12, 'POST', '/series', { title: 'x' }, GLOBEX_KEY)).status).toBe(404)
    // The latest release serves them.
    expect((await send(createMock(), 'GET', '/series')).status).toBe(200)
  })

  it('refuses a later activity kind as an unknown kind, inline and added', async () => {
    const refused = await send(initial, 'POST', '/sessions', {
      title: 'Deck',
      activities: [poll, slides],
    })
    const unknown = await send(initial, 'POST', '/sessions', {
      title: 'Deck',
      activities: [poll, { kind: 'hologram' }],
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual(unknown.body)
    expect(refused.body.error).toContain(
      `kind must be one of: ${activityKindsIn('initial').join(', ')}.`,
    )
    const made = await send(initial, 'POST', '/sessions', { title: 'Deck', activities: [poll] })
    const id = (made.body.session as { id: string }).id
    const added = await send(initial, 'POST', `/sessions/${id}/activities`, slides)
    expect(added).toMatchObject({
      status: 400,
      body: { issues: [{ path: ['kind'], message: expect.stringContaining('poll, quiz') }] },
    })
    expect(JSON.stringify(added.body)).not.toContain('slides')
    // The next release takes slides.
    expect(
      (await send(july12, 'POST', `/sessions`, { title: 'Deck', activities: [slides] })).status,
    ).toBe(201)
  })

  it('holds only what its release can: no series, no reports, no slides before 2026-07-11', async () => {
    await Promise.all([july12.reset(), initial.reset()])
    const latest = createMock()
    await latest.ready
    const [a, b, full] = [july12.exportState(), initial.exportState(), latest.exportState()]
    for (const state of [a, b]) {
      expect(state.series).toEqual([])
      expect(state.reports).toEqual([])
      expect(state.forms.length).toBe(full.forms.length)
      expect(state.sessions.length).toBe(full.sessions.length)
      expect(state.responses.length).toBe(full.responses.length)
    }
    expect(kindsOf(a.sessions).has('slides')).toBe(true)
    expect(kindsOf(b.sessions).has('slides')).toBe(false)
    expect(kindsOf(b.sessions).size).toBe(activityKindsIn('initial').length)
  })

  it('replays the same part of the plan each time, and again on reset', async () => {
    const again = createMock({ release: '2026-07-12' })
    await Promise.all([again.ready, july12.reset()])
    const first = JSON.stringify(july12.exportState())
    // Compared as booleans: a difference would print two whole states.
    expect(JSON.stringify(again.exportState()) === first).toBe(true)
    await send(july12, 'POST', '/forms', { title: 'Extra' })
    expect(JSON.stringify(july12.exportState()) === first).toBe(false)
    await july12.reset()
    expect(JSON.stringify(july12.exportState()) === first).toBe(true)
  })

  it('keeps its release on a given plan, and refuses a state that holds later records', async () => {
    const planned = createMock({ release: 'initial', plan: demoPlan(2, { forms: 1, sessions: 8 }) })
    await planned.ready
    expect(planned.exportState().series).toEqual([])
    expect(kindsOf(planned.exportState().sessions).has('slides')).toBe(false)

    const latest = createMock()
    await latest.ready
    const imported = await initial.importState(latest.exportState())
    expect(imported).toEqual({ ok: false, error: expect.stringContaining('release initial') })
    expect(imported.ok ? '' : imported.error).toMatch(/2 series .*2026-07-13.*slides activities/)
    // Nothing changed: the initial mock still has its own data.
    expect(initial.exportState().series).toEqual([])
    expect(() => createMock({ release: 'initial', scenario: latest.exportState() })).not.toThrow()
    const fromState = createMock({ release: 'initial', scenario: latest.exportState() })
    await expect(fromState.ready).rejects.toThrow(/cannot be used.*release initial/)
  })

  it('refuses an unknown release, listing the known ones', () => {
    const options: MockOptions = { release: '2026-13-01' }
    expect(() => createMock(options)).toThrow(
      /Unknown release "2026-13-01".*initial.*2026-07-11.*2026-07-13/,
    )
  })

  it('is the latest release without the option, and with the latest named', async () => {
    const named = createMock({ release: '2026-07-13' })
    const plain = createMock()
    await Promise.all([named.ready, plain.ready])
    expect(named.release).toBe('2026-07-13')
    expect(plain.release).toBe('2026-07-13')
    expect(JSON.stringify(named.exportState()) === JSON.stringify(plain.exportState())).toBe(true)
  })

  it('holds the plan part planIn gives: the replay and the seeder send the same steps', () => {
    const { plan, leftOut } = planIn(demoPlan(1), '2026-07-12' as never)
    expect(plan.steps.some((s) => s.type === 'api' && s.operation === 'createSeries')).toBe(false)
    expect(leftOut.operations).toEqual({ createSeries: 2, createSponsorReport: 3 })
  })
})

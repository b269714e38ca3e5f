import { describe, expect, it } from 'vitest'
import { demoSnapshot } from '../fixtures/demo-snapshot.ts'
import { ACME_KEY, GLOBEX_KEY } from '../fixtures/index.ts'
import { createMock } from './create.ts'
import { LARGE_COUNTS, parseScenarioName, scenarioLabel } from './scenarios.ts'

const list = async (mock: ReturnType<typeof createMock>, path: string, key = ACME_KEY) => {
  const answer = await mock.handle({
    method: 'GET',
    path,
    headers: { authorization: `Bearer ${key}` },
  })
  return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown[]> }
}

describe('scenarios', () => {
  it('demo: starts from the precomputed demo a host passes, as from the one imported on first use', async () => {
    // Titles changed in the passed copy only: the answer shows which of the two was loaded.
    const forms = JSON.parse(await demoSnapshot.parts.forms()) as { title: string }[]
    const marked = JSON.stringify(forms.map((form) => ({ ...form, title: `passed ${form.title}` })))
    const passed = createMock(
      {},
      { ...demoSnapshot, parts: { ...demoSnapshot.parts, forms: marked } },
    )
    const imported = createMock({})
    const titles = async (mock: ReturnType<typeof createMock>) =>
      ((await list(mock, '/forms')).body.forms as { title: string }[]).map((form) => form.title)
    const importedTitles = await titles(imported)
    expect(importedTitles.length).toBeGreaterThan(0)
    expect(await titles(passed)).toEqual(importedTitles.map((title) => `passed ${title}`))
  })

  it('empty: the organizations and their keys answer, with no records anywhere', async () => {
    const mock = createMock({ scenario: 'empty' })
    for (const [key, path, field] of [
      [ACME_KEY, '/forms', 'forms'],
      [ACME_KEY, '/sessions', 'sessions'],
      [ACME_KEY, '/series', 'series'],
      [GLOBEX_KEY, '/forms', 'forms'],
    ] as const) {
      const answer = await list(mock, path, key)
      expect(answer.status).toBe(200)
      expect(answer.body[field]).toEqual([])
    }
    const state = mock.exportState()
    expect(state.organizations.map((o) => o.apiKey)).toEqual([ACME_KEY, GLOBEX_KEY])
  })

  it('large: the counts asked for, the same data for the same seed, other data for another', async () => {
    const counts = {
      forms: 25,
      sessions: 4,
      series: 1,
      sponsorReports: 2,
      globexForms: 3,
      globexSessions: 1,
    }
    const a = createMock({ scenario: { name: 'large', counts }, seed: 5 })
    const b = createMock({ scenario: { name: 'large', counts }, seed: 5 })
    const c = createMock({ scenario: { name: 'large', counts }, seed: 6 })
    await Promise.all([a.ready, b.ready, c.ready])
    const state = a.exportState()
    expect(state.forms.length).toBe(counts.forms + counts.globexForms)
    expect(state.sessions.length).toBe(counts.sessions + counts.globexSessions)
    expect(state.series.length).toBe(counts.series)
    expect(state.reports.length).toBe(counts.sponsorReports)
    expect(JSON.stringify(b.exportState())).toBe(JSON.stringify(state))
    expect(JSON.stringify(c.exportState())).not.toBe(JSON.stringify(state))
  })

  it('large by default holds LARGE_COUNTS records, far more than the demo', async () => {
    const large = createMock({ scenario: 'large' })
    const forms = (await list(large, '/forms')).body.forms ?? []
    expect(forms.length).toBe(LARGE_COUNTS.forms)
    const demo = (await list(createMock(), '/forms')).body.forms ?? []
    expect(forms.length).toBeGreaterThan(demo.length * 10)
  })

  it('a saved state: starts from it and reset goes back to it, not to the demo', async () => {
    const source = createMock({ scenario: 'empty' })
    const created = await source.handle({
      method: 'POST',
      path: '/forms',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Saved for QA' }),
    })
    expect(created.status).toBe(201)
    const saved = source.exportState()
    const mock = createMock({ scenario: saved })
    expect((await list(mock, '/forms')).body.forms).toEqual([
      expect.objectContaining({ title: 'Saved for QA' }),
    ])
    await mock.handle({
      method: 'POST',
      path: '/forms',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Made later' }),
    })
    expect((await list(mock, '/forms')).body.forms).toHaveLength(2)
    await mock.reset()
    expect(JSON.stringify(mock.exportState())).toBe(JSON.stringify(saved))
  })

  it('refuses a state that is not one, with the path of the problem, before starting', () => {
    expect(() =>
      createMock({ scenario: { format: 'engagement-mock-state', version: 1 } as never }),
    ).toThrow(/The scenario's state cannot be used\. Not a mock state: seq: /)
    expect(() => createMock({ scenario: 'tiny' as never })).toThrow(/Unknown scenario "tiny"/)
    expect(() => createMock({ scenario: 'demo', plan: false })).toThrow(/not both/)
    expect(() => createMock({ scenario: { name: 'large', counts: { forms: 1.5 } } })).toThrow(
      /counts.forms must be a whole number/,
    )
  })

  it('parses scenario names as given on a command line or in a URL', () => {
    expect(parseScenarioName('empty')).toEqual({ scenario: 'empty' })
    expect(parseScenarioName('large:forms=1000,sessions=5')).toEqual({
      scenario: { name: 'large', counts: { forms: 1000, sessions: 5 } },
    })
    expect(parseScenarioName('large:forms=-1')).toEqual({
      error: 'Scenario "large:forms=-1": forms must be a whole number ≥ 0, not "-1".',
    })
    expect(parseScenarioName('large:pages=3')).toMatchObject({
      error: expect.stringMatching(/unknown count "pages"/),
    })
    expect(parseScenarioName('demo:forms=3')).toMatchObject({
      error: expect.stringMatching(/takes no counts/),
    })
    expect(parseScenarioName('huge')).toMatchObject({
      error: expect.stringMatching(/^Unknown scenario "huge": use `demo`/),
    })
    expect(scenarioLabel({ name: 'large', counts: { forms: 7 } })).toBe(
      'large:forms=7,sessions=100,series=10,sponsorReports=20,globexForms=50,globexSessions=20',
    )
  })
})

describe('scenarios in the msw/node host', () => {
  it('setupMockServer({ scenario }) answers fetch from that scenario', async () => {
    const { setupMockServer } = await import('./node/index.ts')
    const base = 'https://api.scenario.test/api/v1'
    const server = setupMockServer({ baseUrl: base, scenario: 'empty' })
    server.listen({ onUnhandledRequest: 'error' })
    try {
      const response = await fetch(`${base}/forms`, {
        headers: { authorization: `Bearer ${ACME_KEY}` },
      })
      expect(await response.json()).toEqual({ forms: [] })
    } finally {
      server.close()
    }
  })
})

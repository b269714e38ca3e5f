import type { Entry } from 'har-format'
import { describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { checkState } from '../core/state.ts'
import { createMock } from '../create.ts'
import { harExchanges, parseHar } from '../traffic/har.ts'
import { TrafficObserver } from './observe.ts'
import { planOfState } from './plan.ts'
import { toState } from './to-state.ts'

const ROOT = 'https://staging.example.com/api/v1'

/** An app's traffic against our own mock (empty scenario), as a devtools HAR holds it. */
const recorder = async () => {
  const mock = createMock({ scenario: 'empty' })
  const entries: Entry[] = []
  const send = async (
    authorization: string | undefined,
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (authorization) headers.authorization = authorization
    // The mock answers the demo keys; the HAR holds what the app really sent.
    const key = authorization?.includes('globex') ? GLOBEX_KEY : ACME_KEY
    const answer = await mock.handle({
      method,
      path,
      headers: { ...headers, authorization: `Bearer ${key}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    entries.push({
      startedDateTime: new Date().toISOString(),
      time: 1,
      request: {
        method,
        url: ROOT + path,
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: Object.entries(headers).map(([name, value]) => ({ name, value })),
        queryString: [],
        ...(body === undefined
          ? {}
          : { postData: { mimeType: 'application/json', text: JSON.stringify(body) } }),
        headersSize: -1,
        bodySize: -1,
      },
      response: {
        status: answer.status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [],
        content: { size: answer.text.length, mimeType: 'application/json', text: answer.text },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { send: 0, wait: 1, receive: 0 },
    })
    return JSON.parse(answer.text) as Record<string, Record<string, unknown>>
  }
  return { send, entries }
}

/** The import as the CLI does it, with credentials labelled by their order of appearance. */
const importEntries = (entries: Entry[], options: Parameters<typeof toState>[1] = {}) => {
  const har = parseHar({ log: { entries } }, 'test.har')
  const labels = new Map<string | undefined, string>()
  const exchanges = harExchanges(har, ROOT, 1 << 21, {
    credential: (value) => {
      if (!labels.has(value)) labels.set(value, value ? `credential ${labels.size + 1}` : 'none')
      return labels.get(value) as string
    },
  })
  const observer = new TrafficObserver()
  exchanges.forEach((exchange, i) => {
    observer.observe(exchange, i + 1)
  })
  return toState(observer.result, options)
}

describe('import-traffic: a recording becomes a state', () => {
  it('makes one organization per key, the busiest acme-demo-key, with the entitlements the traffic showed', async () => {
    const { send, entries } = await recorder()
    const busy = 'Bearer sk_live_busy_0123456789'
    const quiet = 'Bearer sk_live_globex_quiet_42'
    await send(quiet, 'POST', '/forms', { title: 'Quiet form' })
    await send(quiet, 'POST', '/series', { title: 'Refused' }) // 403: Globex has no entitlement
    for (const title of ['One', 'Two']) await send(busy, 'POST', '/forms', { title })
    await send(busy, 'POST', '/series', { title: 'League' })
    const { state, report } = importEntries(entries)
    expect(checkState(state)).toMatchObject({ ok: true })
    expect(state.organizations.map((o) => [o.apiKey, o.entitlements])).toEqual([
      [ACME_KEY, ['series', 'data_export_analytics']],
      // Refused a series; nothing said of reports: the demo's Globex (none).
      [GLOBEX_KEY, []],
    ])
    const orgOf = (title: string) =>
      state.organizations.find(
        (o) => o.id === [...state.forms, ...state.series].find((r) => r.title === title)?.orgId,
      )?.apiKey
    expect([orgOf('One'), orgOf('League'), orgOf('Quiet form')]).toEqual([
      ACME_KEY,
      ACME_KEY,
      GLOBEX_KEY,
    ])
    expect(report.organizations.map((o) => [o.credential, o.records, o.entitlementsFrom])).toEqual([
      ['credential 2', 3, 'traffic'],
      ['credential 1', 1, 'traffic'],
    ])
    // No recorded credential reaches the state or the report.
    const written = JSON.stringify({ state, report })
    expect(written).not.toContain('sk_live')
  })

  it("tells the proxy's placeholders apart, and puts traffic without credentials in one organization", async () => {
    const { send, entries } = await recorder()
    await send('Bearer $API_KEY_1', 'POST', '/forms', { title: 'A' })
    await send('Bearer $API_KEY_2', 'POST', '/forms', { title: 'B' })
    expect(importEntries(entries).state.organizations).toHaveLength(2)

    const bare = await recorder()
    await bare.send(undefined, 'POST', '/forms', { title: 'A' })
    await bare.send(undefined, 'POST', '/sessions', { title: 'B' })
    const { state } = importEntries(bare.entries)
    expect(state.organizations.map((o) => o.apiKey)).toEqual([ACME_KEY])
    expect(state.forms.length + state.sessions.length).toBe(2)
  })

  it('keeps each record at its latest answer, merged across answers, and ids, codes and slugs as recorded', async () => {
    const { send, entries } = await recorder()
    const key = 'Bearer k1'
    const created = (await send(key, 'POST', '/forms', {
      title: 'Retro',
      fields: [{ kind: 'short_text', config: { label: 'Well?' } }],
    })) as { form: { id: string; joinCode: string; slug: string; fields: Array<{ id: string }> } }
    const form = created.form
    await send(key, 'POST', `/forms/${form.id}/fields`, {
      kind: 'rating',
      config: { label: 'Mood', max: 5 },
    })
    await send(key, 'PATCH', `/forms/${form.id}`, { title: 'Retro (June)' })
    await send(key, 'POST', `/forms/${form.id}/publish`)
    const report = (await send(key, 'POST', '/sponsors', { title: 'Q3', brandLabel: 'Acme' }))
      .report as { payload: unknown }
    await send(key, 'GET', '/sponsors') // metadata only: the payload stays the create's
    await send(key, 'GET', '/forms/frm_neverseen0000') // only named
    const { state, report: summary } = importEntries(entries)
    const [imported] = state.forms
    expect(imported).toMatchObject({
      id: form.id,
      joinCode: form.joinCode,
      slug: form.slug,
      title: 'Retro (June)',
      status: 'published',
      shareUrl: `http://localhost:4010/f/${form.slug}`,
    })
    expect(imported?.fields.map((f) => f.kind)).toEqual(['short_text', 'rating'])
    // The state loads where states load: here createMock's scenario.
    const offline = createMock({ scenario: state })
    const read = await offline.handle({
      method: 'GET',
      path: `/forms/${form.id}`,
      headers: { authorization: `Bearer ${ACME_KEY}` },
    })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ form: { id: form.id, title: 'Retro (June)' } })
    expect(state.reports[0]?.payload).toEqual(report.payload)
    expect(summary.resources.reports).toMatchObject({ imported: 1, merged: 1 })
    expect(summary.resources.forms.leftOut).toEqual([
      {
        id: 'frm_neverseen0000',
        why: 'only named in a path (getForm), never shown in an answer',
      },
    ])
  })

  it("answers an imported record's links on the public URL of the mock that serves it", async () => {
    const { send, entries } = await recorder()
    const key = 'Bearer k'
    const form = (await send(key, 'POST', '/forms', { title: 'Retro' })).form as { id: string }
    const session = (await send(key, 'POST', '/sessions', { title: 'Quiz' })).session as {
      id: string
    }
    await send(key, 'POST', '/series', {
      title: 'League',
      rounds: [{ title: 'Round 1' }, { title: 'Round 2' }],
    })
    await send(key, 'POST', '/sponsors', { title: 'Q3', brandLabel: 'Acme' })
    // Imported with the default public URL (http://localhost:4010), served on another one.
    const { state } = importEntries(entries)
    expect(state.forms[0]?.shareUrl).toMatch(/^http:\/\/localhost:4010\/f\//)
    const base = 'https://mock.example.com:4112'
    const served = createMock({ scenario: state, publicUrl: base })
    const read = async (path: string) =>
      (
        await served.handle({
          method: 'GET',
          path,
          headers: { authorization: `Bearer ${ACME_KEY}` },
        })
      ).body as Record<string, unknown>
    const answers = [
      await read(`/forms/${form.id}`),
      await read('/sessions'),
      await read('/series'),
      await read('/sponsors'),
    ]
    const links = JSON.stringify(answers).match(/"(share|join|screen|manage|public)Url":"[^"]*"/g)
    // A form's share link, a session's and two rounds' join and screen links, a series' manage
    // link, a report's public link.
    expect(links).toHaveLength(9)
    for (const link of links ?? []) expect(link).toContain(`":"${base}/`)
    expect(answers[1]).toMatchObject({
      sessions: [{ id: session.id, joinUrl: `${base}/join/${state.sessions[0]?.joinCode}` }],
    })
  })

  it('leaves out, and counts, what the contract has no word for', async () => {
    const { send, entries } = await recorder()
    const created = await send('Bearer k', 'POST', '/forms', {
      title: 'Sign here',
      fields: [{ kind: 'short_text', config: { label: 'Name' } }],
    })
    // A deployment's own kind, as its answer showed it.
    const last = entries.at(-1) as Entry
    const form = created.form as Record<string, unknown>
    const fields = [
      ...(form.fields as unknown[]),
      { id: 'fld_sig000000001', kind: 'signature', config: {}, order: 1 },
      { id: 'fld_sig000000002', kind: 'signature', config: {}, order: 2 },
    ]
    last.response.content.text = JSON.stringify({ form: { ...form, fields } })
    const { state, report } = importEntries(entries)
    expect(state.forms[0]?.fields.map((f) => f.kind)).toEqual(['short_text'])
    expect(report.parts).toEqual([
      {
        what: 'a field of kind "signature", no counterpart: left out',
        key: 'forms.fields',
        count: 2,
      },
    ])
  })

  it('replaces emails and free-text answers by the same fakes every time, unless told to keep them', async () => {
    const { send, entries } = await recorder()
    const created = await send('Bearer k', 'POST', '/forms', {
      title: 'Contact ana@corp.example.com',
      fields: [
        { kind: 'long_text', config: { label: 'Feedback' } },
        { kind: 'yes_no', config: { label: 'Again?' } },
      ],
    })
    const form = created.form as { id: string; fields: Array<{ id: string }> }
    const [text, yesNo] = form.fields.map((f) => f.id)
    // Responses are read through the inferred listFormResponses (the mock has none for this form).
    await send('Bearer k', 'GET', `/forms/${form.id}/responses`)
    const list = entries.at(-1) as Entry
    list.response.content.text = JSON.stringify({
      responses: [
        {
          id: 'rsp_000000000001',
          formId: form.id,
          submittedAt: '2026-07-01T10:00:00.000Z',
          email: 'ana@corp.example.com',
          answers: { [text as string]: 'The coffee was cold', [yesNo as string]: true },
        },
      ],
    })
    const first = importEntries(entries)
    const again = importEntries(entries)
    expect(JSON.stringify(first.state)).toBe(JSON.stringify(again.state))
    const [response] = first.state.responses
    expect(response?.email).toMatch(/@example\.com$/)
    // The form's own title is its definition, not what a respondent wrote.
    expect(first.state.forms[0]?.title).toBe('Contact ana@corp.example.com')
    expect(response?.answers[text as string]).not.toBe('The coffee was cold')
    expect(response?.answers[yesNo as string]).toBe(true)
    expect(JSON.stringify(first.state.responses)).not.toContain('ana@corp')
    expect(JSON.stringify(first.state)).not.toContain('The coffee was cold')
    expect(first.report.personalData).toEqual({ kept: false, emails: 1, answers: 1 })

    // The links point where the mock's pages are served.
    const moved = importEntries(entries, { publicBase: 'https://mock.example.com/' })
    expect(moved.state.forms[0]?.shareUrl).toMatch(/^https:\/\/mock\.example\.com\/f\//)

    const kept = importEntries(entries, { keepPersonalData: true })
    expect(kept.state.responses[0]?.email).toBe('ana@corp.example.com')
    expect(kept.report.personalData).toEqual({ kept: true, emails: 0, answers: 0 })
  })

  it("keeps a form's definition as recorded, a placeholder address too, and fakes what respondents submitted", async () => {
    const { send, entries } = await recorder()
    const created = await send('Bearer k', 'POST', '/forms', {
      title: 'Contact form',
      description: 'Questions? hr@corp.example.com',
      fields: [
        { kind: 'email', config: { label: 'Your email', placeholder: 'you@example.com' } },
        { kind: 'short_text', config: { label: 'Name', helpText: 'As on ana@corp.example.com' } },
      ],
      settings: { collectEmail: true, thankYouMessage: 'Write to hr@corp.example.com' },
    })
    const form = created.form as { id: string; fields: Array<{ id: string }> }
    const [email, name] = form.fields.map((f) => f.id) as [string, string]
    await send('Bearer k', 'POST', '/sessions', {
      title: 'Quiz',
      activities: [{ kind: 'open_text', prompt: 'Mail ideas to ideas@corp.example.com' }],
    })
    await send('Bearer k', 'GET', `/forms/${form.id}/responses`)
    const list = entries.at(-1) as Entry
    list.response.content.text = JSON.stringify({
      responses: [
        {
          id: 'rsp_000000000001',
          formId: form.id,
          submittedAt: '2026-07-01T10:00:00.000Z',
          email: 'ana@corp.example.com',
          answers: { [email]: 'ana@corp.example.com', [name]: 'Ana Lima' },
        },
      ],
    })
    const { state, report } = importEntries(entries)
    const [imported] = state.forms
    expect(imported).toMatchObject({
      title: 'Contact form',
      description: 'Questions? hr@corp.example.com',
      settings: { thankYouMessage: 'Write to hr@corp.example.com' },
    })
    expect(imported?.fields.map((f) => f.config)).toEqual([
      { label: 'Your email', placeholder: 'you@example.com', required: false },
      { label: 'Name', helpText: 'As on ana@corp.example.com', required: false },
    ])
    expect(state.sessions[0]?.activities[0]?.config).toMatchObject({
      prompt: 'Mail ideas to ideas@corp.example.com',
    })
    // seed --from sends the definition as staging has it.
    expect(planOfState(state).steps[0]).toMatchObject({
      operation: 'createForm',
      body: { fields: [{ config: { placeholder: 'you@example.com' } }, {}] },
    })
    const [response] = state.responses
    expect(response?.email).not.toBe('ana@corp.example.com')
    expect(response?.answers[email]).toBe(response?.email)
    expect(response?.answers[name]).not.toBe('Ana Lima')
    expect(report.personalData).toEqual({ kept: false, emails: 2, answers: 1 })
  })

  it('reads an answer nested beyond any the API sends as a finding, not a crash', async () => {
    const { send, entries } = await recorder()
    await send('Bearer k', 'GET', '/forms')
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    ;(entries[0] as Entry).response.content.text = `{"forms":${deep}}`
    const { state, report } = importEntries(entries)
    expect(state.forms).toEqual([])
    expect(report.unread).toEqual([{ index: 1, why: 'a body nested deeper than 64 levels' }])
  })

  it('becomes a plan that creates each record in the order its relations need', async () => {
    const { send, entries } = await recorder()
    const session = (await send('Bearer k', 'POST', '/sessions', {
      title: 'Quiz',
      teamMode: true,
      activities: [{ kind: 'nps' }],
    })) as { session: { id: string } }
    await send('Bearer k', 'POST', `/sessions/${session.session.id}/teams`, {
      name: 'Owls',
      color: '#112233',
    })
    await send('Bearer k', 'POST', `/sessions/${session.session.id}/open`)
    await send('Bearer k', 'POST', `/sessions/${session.session.id}/end`)
    const plan = planOfState(importEntries(entries).state)
    expect(plan.steps.map((s) => (s.type === 'api' ? s.operation : s.type))).toEqual([
      'createSession',
      'addTeam',
      'openSession',
      'endSession',
    ])
    // The plan replays through the mock into the same session.
    const replayed = createMock({ plan, seed: 3 })
    const listed = await replayed.handle({
      method: 'GET',
      path: '/sessions',
      headers: { authorization: `Bearer ${ACME_KEY}` },
    })
    expect(listed.body).toMatchObject({
      sessions: [{ title: 'Quiz', status: 'ended', teams: [{ name: 'Owls' }] }],
    })
  })
})

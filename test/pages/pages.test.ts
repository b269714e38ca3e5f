import { describe, expect, it } from 'vitest'
import { demoSnapshot } from '../../fixtures/demo-snapshot.ts'
import { chartOf, count, seededLists, usePagesServer } from './server.ts'

const HTML = 'text/html; charset=utf-8'

describe('public pages over HTTP', () => {
  const { api, get, running } = usePagesServer()
  const seeded = () => seededLists(api())

  it('serves every public URL the API hands out as an HTML page', async () => {
    const { forms, sessions, series, reports } = await seeded()
    const urls = [
      ...forms.map((f) => f.shareUrl),
      ...sessions.flatMap((s) => [s.joinUrl, s.screenUrl]),
      ...series.flatMap((s) => [s.manageUrl, ...s.rounds.flatMap((r) => [r.joinUrl, r.screenUrl])]),
      ...reports.map((r) => r.publicUrl),
    ]
    for (const url of urls) {
      const page = await get(url)
      expect({ url, status: page.status, type: page.type }).toEqual({
        url,
        status: 200,
        type: HTML,
      })
      expect(page.html).not.toContain('<script')
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    }
  })

  it('shows a form title, description and every field label', async () => {
    const form = (await seeded()).forms.find((f) => f.fields.length > 0)
    if (!form) throw new Error('no form with fields')
    const { html } = await get(form.shareUrl)
    expect(html).toContain(`<title>${form.title.replaceAll("'", '&#39;')}</title>`)
    expect(count(html, 'class="field" data-kind=')).toBe(form.fields.length)
    for (const field of form.fields) expect(html).toContain(`data-kind="${field.kind}"`)
  })

  it('renders each field kind with its own control', async () => {
    const created = await api().createForm({
      body: {
        title: 'All the kinds',
        fields: [
          { kind: 'rating', config: { label: 'Stars', max: 7 } },
          { kind: 'single_choice', config: { label: 'One', options: ['Red', 'Blue'] } },
          { kind: 'multiple_choice', config: { label: 'Many', options: ['A', 'B', 'C'] } },
          { kind: 'dropdown', config: { label: 'Pick', options: ['X', 'Y'] } },
          { kind: 'submission', config: { label: 'Project', acceptLink: true, acceptFile: true } },
          { kind: 'date', config: { label: 'When', minDate: '2026-01-01' } },
        ],
      },
    })
    if (!created.ok) throw new Error(`createForm answered ${created.status}`)
    const { html } = await get(created.body.form.shareUrl)
    expect(count(html, '<span class="star">★</span>')).toBe(7)
    expect(count(html, 'type="radio"')).toBe(2)
    expect(count(html, 'type="checkbox"')).toBe(3)
    expect(html).toContain('<option>Y</option>')
    expect(html).toContain('type="url"')
    expect(html).toContain('type="file"')
    expect(html).toContain('min="2026-01-01"')
    expect(html).toContain('Draft preview')
  })

  it('draws the report charts: one bar per event, one column per month', async () => {
    const summary = (await seeded()).reports[0]
    if (!summary) throw new Error('no report')
    const payload = running().mock.store.reports.get(summary.id)?.payload
    const { html } = await get(summary.publicUrl)
    expect(count(chartOf(html, 'chart-events'), '<rect class="bar"')).toBe(payload?.events.length)
    expect(count(chartOf(html, 'chart-timeline'), '<rect class="bar"')).toBe(
      payload?.timeline.length,
    )
    expect(html).toContain(summary.brandLabel)
  })

  it('answers unknown slugs, codes and ids with a friendly HTML 404', async () => {
    for (const path of ['/f/nope-0000', '/join/ZZZZZZ', '/screen/ZZZZZZ', '/r/nope-0000']) {
      const page = await get(path)
      expect({ path, status: page.status, type: page.type }).toEqual({
        path,
        status: 404,
        type: HTML,
      })
      expect(page.html).toContain('404 · Not found')
      expect(page.html).toContain('come from the API')
    }
    expect((await get('/series/ser_000000000000/manage')).status).toBe(404)
  })

  it('forgets a deleted form: its link answers 404', async () => {
    const created = await api().createForm({ body: { title: 'Short-lived' } })
    if (!created.ok) throw new Error(`createForm answered ${created.status}`)
    const { form } = created.body
    expect((await get(form.shareUrl)).status).toBe(200)
    await api().deleteForm({ params: { id: form.id } })
    expect((await get(form.shareUrl)).status).toBe(404)
  })

  it('leaves the API, the OpenAPI document and JSON 404s as they were', async () => {
    expect((await api().listForms()).status).toBe(200)
    const openapi = await get('/openapi.json')
    expect(openapi.type).toContain('application/json')
    const elsewhere = await get('/nothing-here')
    expect(elsewhere.status).toBe(404)
    expect(elsewhere.type).toContain('application/json')
  })
})

describe('public pages on a fresh demo mock', () => {
  // Its own server: the demo's collections are stored on first use, and no API call comes first.
  const { get } = usePagesServer()

  it('answers a demo link before any API request has stored its records', async () => {
    const [form] = JSON.parse(await demoSnapshot.parts.forms()) as Array<{
      title: string
      shareUrl: string
    }>
    if (!form) throw new Error('the demo snapshot has no form')
    const page = await get(form.shareUrl)
    expect(page.status).toBe(200)
    expect(page.type).toBe(HTML)
    expect(page.html).toContain(form.title)
  })
})

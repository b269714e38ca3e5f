import { afterAll, beforeAll, expect, it } from 'vitest'
import { createClient } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { mountPages } from '../../mock/http/pages/index.ts'
import { describeInChromium, screenshot, useChromium } from './chromium.ts'

/** Public URLs name the mock's public base; the pages are read from the server under test. */
const pathOf = (url: string) => new URL(url).pathname

describeInChromium('public pages in Chromium', () => {
  const chromium = useChromium()
  let server: RunningServer
  const api = () => createClient({ baseUrl: server.baseUrl, apiKey: ACME_KEY })
  beforeAll(async () => {
    server = await startServer({ port: 0, extend: mountPages })
  })
  afterAll(() => server?.close())

  const open = async (path: string) => {
    const page = await chromium.newPage()
    const response = await page.goto(server.url + path)
    return { page, status: response?.status() }
  }

  it('draws a sponsor report with one bar per event and one column per month', async () => {
    const listed = await api().listSponsorReports()
    if (!listed.ok) throw new Error(`listSponsorReports answered ${listed.status}`)
    const [summary] = listed.body.reports
    if (!summary) throw new Error('no seeded report')
    const { payload } = server.mock.store.reports.get(summary.id) ?? {}
    expect(payload?.events.length).toBeGreaterThan(1)

    const { page, status } = await open(pathOf(summary.publicUrl))
    expect(status).toBe(200)
    expect(await page.locator('h1').textContent()).toBe(summary.title)
    const events = page.locator('svg.chart-events')
    const months = page.locator('svg.chart-timeline')
    await expect.poll(() => events.isVisible()).toBe(true)
    expect(await months.isVisible()).toBe(true)
    expect(await events.locator('rect.bar').count()).toBe(payload?.events.length)
    expect(await months.locator('rect.bar').count()).toBe(payload?.timeline.length)
    const widest = await events
      .locator('rect.bar')
      .evaluateAll((bars) => Math.max(...bars.map((bar) => bar.getBoundingClientRect().width)))
    expect(widest).toBeGreaterThan(100)
    await screenshot(page, 'report')
  })

  it('previews a form with its title and one block per field', async () => {
    const listed = await api().listForms()
    if (!listed.ok) throw new Error(`listForms answered ${listed.status}`)
    const form = listed.body.forms.find((f) => f.fields.length >= 3)
    if (!form) throw new Error('no seeded form with fields')
    const { page, status } = await open(pathOf(form.shareUrl))
    expect(status).toBe(200)
    expect(await page.locator('h1').textContent()).toContain(form.title)
    expect(await page.locator('.field[data-kind]').count()).toBe(form.fields.length)
    await screenshot(page, 'form')
  })

  it('shows a session on the join page and on the big screen', async () => {
    const listed = await api().listSessions()
    if (!listed.ok) throw new Error(`listSessions answered ${listed.status}`)
    const session = listed.body.sessions.find(
      (s) => s.status !== 'ended' && s.activities.some((a) => a.kind !== 'cue'),
    )
    if (!session) throw new Error('no seeded session with activities')
    for (const [name, url] of [
      ['join', session.joinUrl],
      ['screen', session.screenUrl],
    ] as const) {
      const { page, status } = await open(pathOf(url))
      expect(status).toBe(200)
      expect(await page.locator('h1').textContent()).toContain(session.title)
      expect(await page.locator('[data-join-code]').textContent()).toBe(session.joinCode)
      expect(await page.locator('.activity').count()).toBe(1)
      await screenshot(page, name)
    }
  })

  it('answers an unknown link with a friendly 404 page', async () => {
    const { page, status } = await open('/r/no-such-report-zzzz')
    expect(status).toBe(404)
    expect(await page.locator('h1').textContent()).toBe('No sponsor report at this link')
    await screenshot(page, 'not-found')
  })

  it('renders a title carrying markup as text, running nothing', async () => {
    const title = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>'
    const created = await api().createForm({
      body: { title, fields: [{ kind: 'short_text', config: { label: title } }], publish: true },
    })
    if (!created.ok) throw new Error(`createForm answered ${created.status}`)
    const { page } = await open(pathOf(created.body.form.shareUrl))
    expect(await page.locator('h1').textContent()).toContain(title)
    expect(await page.locator('label[for]').first().textContent()).toBe(title)
    expect(await page.locator('main img, main script').count()).toBe(0)
    expect(await page.evaluate(() => Reflect.get(globalThis, 'pwned'))).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { usePagesServer } from './server.ts'

/** Markup as an API user might type it, on purpose or not. */
const EVIL = `<script>alert("x")</script><img src=x onerror='alert(1)'> & co`
const SHORT_EVIL = '<script>x()</script>'
const ESCAPED =
  '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=&#39;alert(1)&#39;&gt; &amp; co'

const expectInert = (html: string, escaped = ESCAPED) => {
  expect(html).not.toMatch(/<script|<img/i)
  expect(html).toContain(escaped)
}

describe('public pages show user text as text', () => {
  const { api, get } = usePagesServer()

  it('escapes a form title, description, labels, help, placeholders and options', async () => {
    const created = await api().createForm({
      body: {
        title: EVIL,
        description: EVIL,
        fields: [
          { kind: 'short_text', config: { label: EVIL, helpText: EVIL, placeholder: SHORT_EVIL } },
          { kind: 'single_choice', config: { label: 'Pick', options: [SHORT_EVIL, 'Plain'] } },
        ],
        settings: { thankYouMessage: EVIL },
      },
    })
    if (!created.ok) throw new Error(`createForm answered ${created.status}`)
    const { html } = await get(created.body.form.shareUrl)
    expectInert(html)
    expect(html).toContain(`<title>${ESCAPED}</title>`)
    expect(html).toContain('value="&lt;script&gt;x()&lt;/script&gt;"')
  })

  it('escapes session titles and activity content on the join and screen pages', async () => {
    const created = await api().createSession({
      body: {
        title: EVIL,
        teamMode: true,
        activities: [{ kind: 'poll', question: EVIL, options: [SHORT_EVIL, 'Plain'] }],
      },
    })
    if (!created.ok) throw new Error(`createSession answered ${created.status}`)
    const { session } = created.body
    await api().addTeam({
      params: { id: session.id },
      body: { name: SHORT_EVIL, color: '#123456' },
    })
    for (const url of [session.joinUrl, session.screenUrl]) expectInert((await get(url)).html)
  })

  it('escapes series, round and team names', async () => {
    const created = await api().createSeries({
      body: {
        title: EVIL,
        teams: [{ name: SHORT_EVIL, color: '#123456' }],
        rounds: [{ title: EVIL }],
      },
    })
    if (!created.ok) throw new Error(`createSeries answered ${created.status}`)
    const { series } = created.body
    expectInert((await get(series.manageUrl)).html)
    expectInert((await get(series.rounds[0]?.joinUrl ?? '/join/none')).html)
  })

  it('escapes a report title, brand label and the event titles in its charts', async () => {
    await api().createForm({ body: { title: EVIL } })
    const created = await api().createSponsorReport({ body: { title: EVIL, brandLabel: EVIL } })
    if (!created.ok) throw new Error(`createSponsorReport answered ${created.status}`)
    const { html } = await get(created.body.report.publicUrl)
    expectInert(html)
    expect(html).toContain(`<title>${ESCAPED}`)
  })

  it('escapes what an unknown link itself carries', async () => {
    const page = await get('/join/%3Cscript%3Ex()%3C%2Fscript%3E')
    expect(page.status).toBe(404)
    expectInert(page.html, 'the code &lt;script&gt;x()&lt;/script&gt;')
  })
})

import { describe, expect, it } from 'vitest'
import { count, seededLists, usePagesServer } from './server.ts'

describe('join, screen and series pages over HTTP', () => {
  const { api, get } = usePagesServer()
  const seeded = () => seededLists(api())

  it('shows a session join page with its code, whatever case the code is typed in', async () => {
    const session = (await seeded()).sessions[0]
    if (!session) throw new Error('no session')
    const page = await get(`/join/${session.joinCode.toLowerCase()}`)
    expect(page.status).toBe(200)
    expect(page.html).toContain(`<p class="code" data-join-code>${session.joinCode}</p>`)
  })

  it('shows the activity the host presents, and never a host cue', async () => {
    const created = await api().createSession({
      body: {
        title: 'Town hall',
        open: true,
        activities: [
          { kind: 'cue', note: 'Secret host note' },
          { kind: 'poll', question: 'Coffee or tea?', options: ['Coffee', 'Tea'] },
          { kind: 'word_cloud', prompt: 'One word for today' },
        ],
      },
    })
    if (!created.ok) throw new Error(`createSession answered ${created.status}`)
    const { session } = created.body
    const first = await get(session.joinUrl)
    expect(first.html).toContain('Coffee or tea?')
    expect(first.html).toContain('First up')
    const cloud = session.activities[2]?.id ?? ''
    await api().presentActivity({ params: { id: session.id }, body: { activityId: cloud } })
    for (const url of [session.joinUrl, session.screenUrl]) {
      const { html } = await get(url)
      expect(html).toContain('Now showing')
      expect(html).toContain('One word for today')
      expect(html).not.toContain('Coffee or tea?')
      expect(html).not.toContain('Secret host note')
    }
  })

  it("leads a form's join code to the form", async () => {
    const form = (await seeded()).forms[0]
    if (!form) throw new Error('no form')
    const page = await get(`/join/${form.joinCode}`)
    expect(page.status).toBe(302)
    expect(page.headers.get('location')).toBe(new URL(form.shareUrl).pathname)
  })

  it('shows a series round with its series and teams', async () => {
    const series = (await seeded()).series.find((s) => s.rounds.length > 1 && s.teams.length > 0)
    const round = series?.rounds[1]
    if (!series || !round) throw new Error('no series with two rounds')
    const { html } = await get(round.joinUrl)
    expect(html).toContain(`Round 2 of ${series.rounds.length}`)
    for (const team of series.teams) expect(html).toContain(`background:${team.color}`)
    const manage = await get(series.manageUrl)
    expect(count(manage.html, `href="/join/`)).toBe(series.rounds.length + 1)
  })
})

import type { Har } from 'har-format'
import type { Obj } from '../../contract/json.ts'
import { startTrafficProxy } from '../../mock/proxy/proxy.ts'
import { harEntry } from '../../mock/traffic/har.ts'
import { FOREIGN_KEYS } from '../foreign/server.ts'

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}

/**
 * A scripted app against the foreign deployment (test/foreign), in its vocabulary: what a team's
 * staging traffic looks like. It builds forms (fields edited, reordered, one removed, settings,
 * published, closed), sessions (activities, teams, opened, ended), a series with teams and rounds,
 * sponsor reports, reads them by id and in lists; a second organization makes a form of its own,
 * and a key without entitlements is refused a series.
 */
export const driveForeignApp = async (root: string): Promise<void> => {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    key: string = FOREIGN_KEYS.main,
  ) => {
    const headers: Record<string, string> = { authorization: `Bearer ${key}` }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const answer = await fetch(root + path, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await answer.text()
    if (answer.status >= 500) throw new Error(`${method} ${path}: ${answer.status} ${text}`)
    return obj(text === '' ? {} : JSON.parse(text))
  }
  const retro = obj(
    (
      await call('POST', '/forms', {
        title: 'Sprint 12 retro',
        description: 'Send questions to lead@staging-team.example.com',
        fields: [
          { kind: 'paragraph', config: { question: 'What went well?', mandatory: true } },
          { kind: 'scale', config: { question: 'Mood', steps: 5 } },
          { kind: 'choice', config: { question: 'Keep the format?', choices: ['Keep', 'Change'] } },
          { kind: 'text', config: { question: 'Your name' } },
        ],
      })
    ).form,
  )
  const ids = ((retro.fields as Obj[]) ?? []).map((f) => String(f.id))
  await call('PATCH', `/forms/${retro.id}/settings`, {
    layout: 'single_page',
    useCase: 'team-retrospective',
    thankYouMessage: 'Thanks! Questions to lead@staging-team.example.com',
  })
  await call('PATCH', `/forms/${retro.id}/fields/${ids[1]}`, {
    newConfig: { question: 'Mood this sprint', steps: 7 },
  })
  await call('POST', `/forms/${retro.id}/fields/${ids[3]}/remove`)
  await call('POST', `/forms/${retro.id}/fields`, {
    kind: 'email_address',
    config: { question: 'Email for follow-up' },
  })
  const afterAdd = obj((await call('GET', `/forms/${retro.id}`)).form)
  const order = ((afterAdd.fields as Obj[]) ?? []).map((f) => String(f.id)).reverse()
  await call('POST', `/forms/${retro.id}/fields/reorder`, { orderedIds: order })
  await call('POST', `/forms/${retro.id}/publish`)
  const pulse = obj(
    (
      await call('POST', '/forms', {
        title: 'Quarterly pulse',
        publishNow: true,
        fields: [{ kind: 'numeric', config: { question: 'Hours in meetings', minimum: 0 } }],
      })
    ).form,
  )
  await call('POST', `/forms/${pulse.id}/close`)
  await call('POST', '/forms', { title: 'Draft only' })
  await call('GET', `/forms/${retro.id}`)
  await call('GET', '/forms')

  const quiz = obj(
    (
      await call('POST', '/sessions', {
        title: 'Friday quiz',
        mode: 'self-paced',
        teamMode: true,
        activities: [
          { kind: 'quiz', prompt: '2+2?', answers: ['3', '4'], correct: 1, seconds: 20 },
          { kind: 'poll', prompt: 'Lunch?', answers: ['Pizza', 'Sushi'] },
        ],
      })
    ).session,
  )
  await call('POST', `/sessions/${quiz.id}/teams`, { name: 'Owls', color: '#112233' })
  await call('POST', `/sessions/${quiz.id}/teams`, { name: 'Foxes', color: 'emerald' })
  await call('POST', `/sessions/${quiz.id}/activities`, {
    kind: 'cue',
    label: 'Break',
    seconds: 300,
  })
  await call('POST', `/sessions/${quiz.id}/open`)
  await call('POST', `/sessions/${quiz.id}/end`)
  await call('POST', '/sessions', {
    title: 'Town hall Q&A',
    startNow: true,
    activities: [{ kind: 'qa', topic: 'Ask us', moderated: true }],
  })
  await call('GET', '/sessions')

  await call('POST', '/series', {
    title: 'Quiz league',
    teams: [{ name: 'Red', color: '#E53935' }],
    rounds: [
      { title: 'Round 1', activities: [{ kind: 'poll', prompt: 'Go?', answers: ['Yes', 'No'] }] },
    ],
  })
  await call('POST', '/series', { title: 'Not allowed' }, FOREIGN_KEYS.noEntitlements)
  await call('GET', '/series')
  await call('POST', '/sponsors', {
    title: 'Q3 for Acme',
    brand: 'Acme Corp',
    window: { start: '2026-07-01T00:00:00Z', end: '2026-09-30T23:59:59Z' },
  })
  await call('GET', '/sponsors')

  await call(
    'POST',
    '/forms',
    { title: 'Globex intake', fields: [{ kind: 'text', config: { question: 'Name' } }] },
    FOREIGN_KEYS.otherOrg,
  )
  await call('GET', '/forms', undefined, FOREIGN_KEYS.otherOrg)
  // Only named: an id the app had stored, never shown by an answer.
  await call('GET', '/forms/frm_0000000000aa')
}

/** The app's traffic through the validating proxy, as `proxy --record` writes it. */
export const recordThroughProxy = async (
  upstream: string,
  drive: (root: string) => Promise<void>,
): Promise<Har> => {
  const har: Har = {
    log: {
      version: '1.2',
      creator: { name: 'engagement-mock proxy', version: 'test' },
      entries: [],
    },
  }
  const proxy = await startTrafficProxy({
    upstream,
    port: 0,
    onExchange: (exchange, timing) => har.log.entries.push(harEntry(exchange, timing)),
  })
  try {
    await drive(proxy.apiRoot)
  } finally {
    await proxy.close()
  }
  return har
}

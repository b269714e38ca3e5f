import { readFileSync } from 'node:fs'
import type { Har } from 'har-format'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Obj } from '../../contract/json.ts'
import { operationIds } from '../../contract/table.ts'
import { parseDeployment } from '../../mock/deployment/schema.ts'
import { startTrafficProxy } from '../../mock/proxy/proxy.ts'
import { createTrafficChecker } from '../../mock/traffic/check-exchange.ts'
import { harEntry, harExchanges, parseHar } from '../../mock/traffic/har.ts'
import { TrafficLog } from '../../mock/traffic/log.ts'
import { FOREIGN_KEYS, startForeign } from '../foreign/server.ts'

/**
 * The foreign deployment (test/foreign, written from the reference alone, choosing otherwise
 * wherever it is silent), with the deployment file its user writes (the self-test's
 * foreign.deployment.json, from `--init` and its README): the spellings of its create options and
 * vocabulary, its other operations' paths (presenting an activity at
 * /sessions/{id}/activities/{activityId}/present, the body's activityId in the path), its state names.
 */
const DEPLOYMENT = parseDeployment(
  JSON.parse(
    readFileSync(new URL('../contract-selftest/foreign.deployment.json', import.meta.url), 'utf8'),
  ),
  'the foreign deployment file',
)

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}

/** A working session of an app written against the foreign deployment, in its vocabulary. */
const driveForeignSession = async (root: string) => {
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    key: string | null = FOREIGN_KEYS.main,
    raw?: string,
  ) => {
    const headers: Record<string, string> = {}
    if (key) headers.authorization = `Bearer ${key}`
    const text = raw ?? (body === undefined ? undefined : JSON.stringify(body))
    if (text !== undefined) headers['content-type'] = 'application/json'
    const answer = await fetch(root + path, { method, headers, ...(text ? { body: text } : {}) })
    const read = await answer.text()
    if (answer.status >= 500) throw new Error(`${method} ${path}: ${answer.status} ${read}`)
    return { status: answer.status, body: obj(read === '' ? {} : JSON.parse(read)) }
  }
  const ids = (form: unknown) =>
    ((obj(form).fields as Obj[] | undefined) ?? []).map((f) => String(f.id))

  await call('GET', '/forms')
  const empty = obj((await call('POST', '/forms', { title: 'Nothing yet' })).body.form)
  await call('POST', `/forms/${empty.id}/publish`) // refused: no field (§7.1)
  await call('POST', '/forms', { title: 'Instant', publishNow: true }) // refused: no field
  const form = obj(
    (
      await call('POST', '/forms', {
        title: 'Sprint 12 retro',
        fields: [
          { kind: 'paragraph', config: { question: 'What went well?', rows: 4 } },
          { kind: 'scale', config: { question: 'Mood', steps: 5 } },
          { kind: 'choice', config: { question: 'Keep the format?', choices: ['Yes', 'No'] } },
        ],
      })
    ).body.form,
  )
  const [a, b, c] = ids(form)
  await call('GET', `/forms/${form.id}`)
  await call('PATCH', `/forms/${form.id}`, { description: 'Fifteen minutes, anonymous.' })
  await call('PATCH', `/forms/${form.id}/settings`, { layout: 'single_page', showProgress: true })
  await call('PATCH', `/forms/${form.id}/settings`, { thankYouMessage: 'Thanks, team!' })
  await call('PATCH', `/forms/${form.id}/settings`, { layout: 'sideways' }) // refused: 422
  const added = obj(
    (await call('POST', `/forms/${form.id}/fields`, { kind: 'text', config: { question: 'Name' } }))
      .body.field,
  )
  await call('POST', `/forms/${form.id}/fields`, { kind: 'hologram', config: {} }) // refused
  await call('PATCH', `/forms/${form.id}/fields/${a}`, {
    newConfig: { question: 'What went really well?', rows: 6 },
  })
  await call('PATCH', `/forms/${form.id}/fields/${a}`, { newConfig: { rows: 99 } }) // refused
  await call('POST', `/forms/${form.id}/fields/reorder`, { orderedIds: [c, a] }) // refused
  await call('POST', `/forms/${form.id}/fields/reorder`, { orderedIds: [added.id, c, b, a] })
  await call('GET', `/forms/${form.id}`)
  await call('POST', `/forms/${form.id}/fields/${added.id}/remove`)
  await call('POST', `/forms/${form.id}/fields/reorder`, { orderedIds: [a, b, c] })
  await call('POST', `/forms/${form.id}/publish`)
  await call('POST', `/forms/${form.id}/publish`) // refused: already live
  await call('GET', `/forms/${form.id}/submissions`)
  await call('POST', `/forms/${form.id}/close`)
  await call('PATCH', `/forms/${form.id}`, { title: 'Archived retro' }) // refused: read-only
  await call('POST', '/forms', { template: 'pulse-check', publishNow: true })
  await call('POST', '/forms', {
    title: 'Hackathon sign-up',
    template: 'hackathon-project',
    settings: { collectEmail: false },
  })
  await call('GET', '/forms')
  await call('GET', '/forms/frm_000000000000')
  await call('GET', '/forms', undefined, null)
  await call('PATCH', `/forms/${form.id}`, undefined, FOREIGN_KEYS.main, '{"title": "unfinished')
  await call('DELETE', `/forms/${empty.id}`)

  const session = obj(
    (
      await call('POST', '/sessions', {
        title: 'Friday quiz',
        mode: 'self-paced',
        teamMode: true,
        activities: [{ kind: 'quiz', prompt: '2+2?', answers: ['3', '4'], correct: 1 }],
      })
    ).body.session,
  )
  await call('POST', `/sessions/${session.id}/teams`, { name: 'Owls', color: 'emerald' })
  await call('POST', `/sessions/${session.id}/teams`, { name: 'owls', color: '#112233' }) // refused
  await call('PUT', `/sessions/${session.id}/team-mode`, { enabled: true })
  await call('POST', `/sessions/${session.id}/activities`, {
    kind: 'word_cloud',
    prompt: 'One word for this week',
  })
  await call('POST', `/sessions/${session.id}/activities`, { kind: 'poll', prompt: 'Lunch?' }) // refused
  const opened = obj((await call('POST', `/sessions/${session.id}/open`)).body.session)
  const activity = obj((opened.activities as Obj[] | undefined)?.[0])
  await call('POST', `/sessions/${session.id}/teams`, { name: 'Foxes', color: 'teal' }) // refused
  // Where its deployment file places presentActivity: the activity's id in the path.
  await call('POST', `/sessions/${session.id}/activities/${activity.id}/present`)
  await call('POST', `/sessions/${session.id}/activities/act_000000000000/present`) // refused: 404
  await call('POST', `/sessions/${session.id}/open`) // refused: running
  await call('POST', `/sessions/${session.id}/end`)
  await call('POST', '/sessions', {
    title: 'Town hall Q&A',
    startNow: true,
    activities: [{ kind: 'qa', topic: 'Ask us' }],
  })
  await call('GET', '/sessions')

  await call('POST', '/series', { title: 'League', rounds: [{ title: 'Round 1' }] })
  await call('POST', '/series', { title: 'No entitlement' }, FOREIGN_KEYS.noEntitlements) // 402
  await call('GET', '/series')
  await call('POST', '/sponsors', {
    title: 'Q3 for Acme',
    brand: 'Acme Corp',
    window: { start: '2026-07-01T00:00:00Z', end: '2026-09-30T23:59:59Z' },
  })
  await call('POST', '/sponsors', { title: 'All time', brand: 'Acme Corp' })
  await call('POST', '/sponsors', {
    title: 'Half',
    brand: 'Acme',
    window: { end: '2026-01-01T00:00:00Z' },
  }) // refused
  await call('GET', '/sponsors')
}

let foreign: Awaited<ReturnType<typeof startForeign>>
beforeAll(async () => {
  foreign = await startForeign()
})
afterAll(() => foreign.close())

describe('the proxy and check-traffic against the foreign deployment', () => {
  it('report nothing on its traffic, successes and refusals, in its own vocabulary', async () => {
    const har: Har = {
      log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: [] },
    }
    const proxy = await startTrafficProxy({
      upstream: foreign.baseUrl,
      port: 0,
      deployment: DEPLOYMENT,
      onExchange: (exchange, timing) => har.log.entries.push(harEntry(exchange, timing)),
    })
    try {
      await driveForeignSession(proxy.apiRoot)
    } finally {
      await proxy.close()
    }
    const live = proxy.log.summary()
    expect(
      live.violations.map(
        (v) => `${v.operationId} ${v.method} ${v.path} ${v.status}: ${v.message}`,
      ),
    ).toEqual([])
    // Its traffic reached all 25 operations, refusals included; presenting an activity is found
    // at the path its deployment file gives (a body parameter as a placeholder), none is outside.
    expect(Object.keys(live.operations).sort()).toEqual([...operationIds].sort())
    expect(operationIds).toHaveLength(25)
    expect(live.operations.presentActivity?.exchanges).toBe(2)
    expect(live.outsidePaths).toEqual({})
    // The requests the reference rules out are still the client's issues, whoever answers them.
    expect(live.requestIssues.map((i) => `${i.operationId} ${i.status}`)).toEqual([
      'reorderFields 422',
      'listForms 401',
      'updateForm 400',
      'addTeam 422',
    ])

    const checker = createTrafficChecker({ deployment: DEPLOYMENT })
    const log = new TrafficLog()
    harExchanges(parseHar(har, 'recorded'), foreign.baseUrl, 1 << 21).forEach((exchange, i) => {
      log.record(exchange, i + 1, checker.check(exchange, i + 1))
    })
    const offline = log.summary()
    expect(offline.violations).toEqual([])
    expect(offline.exchanges).toBe(live.exchanges)
    expect(offline.requestIssueCount).toBe(live.requestIssueCount)
  })
})

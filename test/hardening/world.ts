import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import type { MockRequest, MockResponse } from '../../mock/core/dispatch.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import { createMock, type MockOptions } from '../../mock/create.ts'

/**
 * A small, fixed store for the property tests: every state a record can be in, for both demo
 * organizations. Seeded ids and a pinned clock make it the same on every run, so a failing case
 * printed by fast-check replays against the same records.
 */
export const WORLD_SEED = 7
const clock = () => new Date('2026-07-14T09:00:00.000Z')

export interface OrgWorld {
  key: string
  forms: { draft: string; empty: string; published: string; closed: string }
  /** Field ids per form id. */
  fieldsOf: Record<string, string[]>
  sessions: { team: string; open: string; ended: string; plain: string }
  activitiesOf: Record<string, string[]>
  teams: string[]
  series?: string
  report?: string
}

export interface World {
  mock: MockCore
  acme: OrgWorld
  globex: OrgWorld
  /** `JSON.stringify(mock.exportState())` of the world as built. */
  initialText: string
  /** Puts the world back after a request that changed it. */
  restore: () => Promise<void>
  /** Every own id of `org` by kind, for picking ids in requests. */
  idsOf: (org: OrgWorld) => Record<'form' | 'field' | 'session' | 'activity', string[]>
}

export const json = { 'content-type': 'application/json' }
export const bearer = (key: string) => ({ authorization: `Bearer ${key}` })

/** Sends one request and fails loudly when a world-building step is refused. */
const must = async (mock: MockCore, key: string, method: string, path: string, body?: unknown) => {
  const request: MockRequest = {
    method,
    path,
    headers: { ...bearer(key), ...json },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }
  const response: MockResponse = await mock.handle(request)
  if (response.status >= 300) throw new Error(`${method} ${path} → ${response.text}`)
  return JSON.parse(response.text)
}

const fields = [
  { kind: 'single_choice', config: { label: 'Track', options: ['AI', 'Web'] } },
  { kind: 'short_text', config: { label: 'Team name', required: true } },
  { kind: 'rating', config: { label: 'Venue', max: 5 } },
]
const activities = [
  { kind: 'poll', question: 'Best talk?', options: ['Keynote', 'Panel'] },
  { kind: 'quiz', question: 'Capital of Peru?', options: ['Lima', 'Quito'], correctOptions: [0] },
]

const populate = async (mock: MockCore, key: string, name: string, entitled: boolean) => {
  const call = (method: string, path: string, body?: unknown) => must(mock, key, method, path, body)
  const form = async (title: string, body: object) =>
    (await call('POST', '/forms', { title, ...body })).form
  const draft = await form(`${name} draft form`, { fields })
  const empty = await form(`${name} empty form`, {})
  const published = await form(`${name} published form`, { fields: [fields[1]], publish: true })
  const closed = await form(`${name} closed form`, { fields: [fields[2]], publish: true })
  await call('POST', `/forms/${closed.id}/close`)
  const session = async (title: string, body: object) =>
    (await call('POST', '/sessions', { title, activities, ...body })).session
  const team = await session(`${name} team session`, { teamMode: true })
  const teamA = (
    await call('POST', `/sessions/${team.id}/teams`, { name: 'Owls', color: '#6D4C41' })
  ).team
  const open = await session(`${name} open session`, { open: true })
  const ended = await session(`${name} ended session`, { open: true })
  await call('POST', `/sessions/${ended.id}/end`)
  const plain = await session(`${name} plain session`, {})
  const world: OrgWorld = {
    key,
    forms: { draft: draft.id, empty: empty.id, published: published.id, closed: closed.id },
    fieldsOf: Object.fromEntries(
      [draft, empty, published, closed].map((f) => [
        f.id,
        f.fields.map((x: { id: string }) => x.id),
      ]),
    ),
    sessions: { team: team.id, open: open.id, ended: ended.id, plain: plain.id },
    activitiesOf: Object.fromEntries(
      [team, open, ended, plain].map((s) => [s.id, s.activities.map((a: { id: string }) => a.id)]),
    ),
    teams: [teamA.id],
  }
  if (entitled) {
    world.series = (
      await call('POST', '/series', {
        title: `${name} league`,
        teams: [{ name: 'Foxes', color: '#F4511E' }],
        rounds: [{ title: 'Round 1', activities: [activities[0]] }],
      })
    ).series.id
    world.report = (
      await call('POST', '/sponsors', { title: `${name} report`, brandLabel: 'Initech' })
    ).report.id
  }
  return world
}

export const buildWorld = async (options: MockOptions = {}): Promise<World> => {
  const mock = createMock({ seed: WORLD_SEED, clock, ...options, plan: false })
  await mock.ready
  const acme = await populate(mock, ACME_KEY, 'Acme', true)
  const globex = await populate(mock, GLOBEX_KEY, 'Globex', false)
  const initial = mock.exportState()
  const initialText = JSON.stringify(initial)
  return {
    mock,
    acme,
    globex,
    initialText,
    restore: async () => {
      const result = await mock.importState(JSON.parse(initialText))
      if (!result.ok) throw new Error(`The world could not be restored: ${result.error}`)
    },
    idsOf: (org) => ({
      form: Object.values(org.forms),
      field: Object.values(org.fieldsOf).flat(),
      session: Object.values(org.sessions),
      activity: Object.values(org.activitiesOf).flat(),
    }),
  }
}

export const snapshot = (mock: MockCore): string => JSON.stringify(mock.exportState())

import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import type { MockState } from '../../mock/core/state.ts'
import { createMock } from '../../mock/create.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'
import { send } from './http.ts'
import { bearer } from './world.ts'
import { writeFor, writes } from './writes.ts'

/**
 * The mock caches serialised lists per organization. These properties prove the cache is never
 * stale: after any write, alone or racing reads, the very next read equals the list rebuilt from
 * the exported store.
 */
const LISTS = {
  '/forms': ['forms', 'forms', ['orgId', 'seq']],
  '/sessions': ['sessions', 'sessions', ['orgId', 'seq', 'participants']],
  '/series': ['series', 'series', ['orgId', 'seq', 'roundParticipants']],
  '/sponsors': ['reports', 'reports', ['orgId', 'seq', 'payload']],
} as const

const rebuilt = (state: MockState, key: string, path: keyof typeof LISTS) => {
  const [, table, hidden] = LISTS[path]
  const orgId = state.organizations.find((o) => o.apiKey === key)?.id
  return [...(state[table] as { orgId: string; createdAt: string; seq: number }[])]
    .filter((r) => r.orgId === orgId)
    .sort((a, b) =>
      a.createdAt === b.createdAt ? b.seq - a.seq : a.createdAt < b.createdAt ? 1 : -1,
    )
    .map((r) =>
      Object.fromEntries(
        Object.entries(r).filter(([k]) => !(hidden as readonly string[]).includes(k)),
      ),
    )
}

const checkLists = async (
  read: (key: string, path: string) => Promise<string>,
  state: MockState,
) => {
  for (const key of [ACME_KEY, GLOBEX_KEY]) {
    for (const path of Object.keys(LISTS) as (keyof typeof LISTS)[]) {
      const listed = JSON.parse(await read(key, path))[LISTS[path][0]]
      expect(listed, `${key} ${path}`).toEqual(rebuilt(state, key, path))
    }
  }
}

describe('cached lists in process', () => {
  let mock: MockCore
  beforeAll(async () => {
    mock = createMock()
    await mock.ready
  })
  const read = async (key: string, path: string) =>
    (await mock.handle({ method: 'GET', path, headers: bearer(key) })).text

  it(
    'show every write in the very next read, even when reads race the write',
    async () => {
      await fc.assert(
        fc.asyncProperty(writes, async (steps) => {
          await mock.reset()
          await checkLists(read, mock.exportState())
          for (const step of steps) {
            const request = writeFor(mock.exportState(), step)
            if (step.race) {
              await Promise.all([
                read(step.key, '/forms'),
                mock.handle(request),
                read(step.key, '/forms'),
                read(step.key, '/sessions'),
              ])
            } else await mock.handle(request)
            await checkLists(read, mock.exportState())
          }
        }),
        fuzzParameters(25),
      )
    },
    fuzzTimeout(25, 60),
  )

  it('show an imported or reset store at once', async () => {
    await mock.reset()
    await checkLists(read, mock.exportState())
    const empty = {
      ...mock.exportState(),
      forms: [],
      sessions: [],
      series: [],
      reports: [],
      responses: [],
    }
    expect(await mock.importState(empty)).toEqual({ ok: true })
    await checkLists(read, mock.exportState())
    expect(JSON.parse(await read(ACME_KEY, '/forms')).forms).toEqual([])
    await mock.reset()
    expect(JSON.parse(await read(ACME_KEY, '/forms')).forms.length).toBeGreaterThan(0)
    await checkLists(read, mock.exportState())
  })
})

describe('cached lists over HTTP', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0 })
  })
  afterAll(() => server.close())
  const read = async (key: string, path: string) =>
    (await send(server.url, { method: 'GET', path, headers: bearer(key) })).text

  it(
    'show every write in the very next read, with reads in flight during the write',
    async () => {
      await fc.assert(
        fc.asyncProperty(writes, async (steps) => {
          await send(
            server.url,
            { method: 'POST', path: '/__mock/reset', headers: {} },
            { fromOrigin: true },
          )
          for (const step of steps) {
            const request = writeFor(server.mock.exportState(), step)
            await Promise.all([
              read(step.key, '/forms'),
              send(server.url, request),
              read(step.key, '/sessions'),
            ])
            await checkLists(read, server.mock.exportState())
          }
        }),
        fuzzParameters(8),
      )
    },
    fuzzTimeout(8, 200),
  )
})

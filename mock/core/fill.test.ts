import { beforeAll, describe, expect, it } from 'vitest'
import { demoPlan } from '../../fixtures/demo.ts'
import { demoSnapshot } from '../../fixtures/demo-snapshot.ts'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/organizations.ts'
import { createMockCore } from '../create.ts'
import type { MockCore } from './mock.ts'
import type { DemoSnapshot } from './snapshot.ts'
import { NOT_LOADED } from './state.ts'
import { COLLECTIONS, type CollectionName, NotFilled, Store } from './store.ts'

const pinned = () => new Date('2026-11-20T09:00:00.000Z')

/** The demo snapshot with each part's loader recording when it runs; `fail` makes loads throw. */
const recorded = (fail: Set<CollectionName> = new Set()) => {
  const loaded: CollectionName[] = []
  const parts = Object.fromEntries(
    COLLECTIONS.map((name) => [
      name,
      async () => {
        loaded.push(name)
        if (fail.delete(name)) throw new Error(`could not load ${name}`)
        return demoSnapshot.parts[name]()
      },
    ]),
  ) as DemoSnapshot['parts']
  return { loaded, snapshot: { ...demoSnapshot, parts } satisfies DemoSnapshot }
}

const filledOf = (mock: MockCore) => COLLECTIONS.filter((name) => !mock.store.deferred(name))

const get = (mock: MockCore, path: string, key = ACME_KEY) =>
  mock.handle({ method: 'GET', path, headers: { authorization: `Bearer ${key}` } })
const post = (mock: MockCore, path: string, body: unknown, key = ACME_KEY) =>
  mock.handle({
    method: 'POST',
    path,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** The demo replayed through the operations: every collection stored at start. */
let replayed: MockCore
let replayedState: string
beforeAll(async () => {
  replayed = createMockCore({ seed: 1, plan: demoPlan(1), clock: pinned })
  await replayed.ready
  replayedState = JSON.stringify(replayed.exportState())
})
const newReplay = async () => {
  const mock = createMockCore({ seed: 1, plan: demoPlan(1), clock: pinned })
  await mock.ready
  return mock
}

describe('a demo snapshot filled per collection on first use', () => {
  it('answers the first listForms having loaded and stored the forms alone', async () => {
    const { loaded, snapshot } = recorded()
    const mock = createMockCore({ snapshot, loadOnFirstUse: true, clock: pinned })
    await mock.ready
    expect(loaded).toEqual([])
    expect(filledOf(mock)).toEqual([])
    const answer = await get(mock, '/forms')
    expect(answer.status).toBe(200)
    expect(answer.text).toBe((await get(replayed, '/forms')).text)
    expect(loaded).toEqual(['forms'])
    expect(filledOf(mock)).toEqual(['forms'])
    // Another organization's list needs nothing more.
    expect((await get(mock, '/forms', GLOBEX_KEY)).text).toBe(
      (await get(replayed, '/forms', GLOBEX_KEY)).text,
    )
    expect(loaded).toEqual(['forms'])
  })

  it('stores the forms before the responses that a form’s responses list needs', async () => {
    const { loaded, snapshot } = recorded()
    const mock = createMockCore({ snapshot, loadOnFirstUse: true, clock: pinned })
    const form = JSON.parse((await get(replayed, '/forms')).text).forms[0] as { id: string }
    const answer = await get(mock, `/forms/${form.id}/responses`)
    expect(answer.status).toBe(200)
    expect(answer.text).toBe((await get(replayed, `/forms/${form.id}/responses`)).text)
    expect(JSON.parse(answer.text).responses.length).toBeGreaterThan(0)
    expect(loaded).toEqual(['forms', 'responses'])
    expect(filledOf(mock)).toEqual(['forms', 'responses'])
  })

  it('fills every collection before a write: the answer and new ids are a complete store’s', async () => {
    const { loaded, snapshot } = recorded()
    const mock = createMockCore({ snapshot, loadOnFirstUse: true, clock: pinned })
    const reference = await newReplay()
    await get(mock, '/sessions')
    expect(loaded).toEqual(['sessions'])
    // A sponsor report rolls up forms, responses, sessions and series; its slug and id must not
    // repeat any collection's.
    const report = { title: 'Q3 for sponsors', brandLabel: 'Acme' }
    const written = await post(mock, '/sponsors', report)
    expect(written.status).toBe(201)
    expect(written.text).toBe((await post(reference, '/sponsors', report)).text)
    expect(filledOf(mock)).toEqual([...COLLECTIONS])
    expect([...loaded].sort()).toEqual([...COLLECTIONS].sort())
    const session = { title: 'Fresh session' }
    expect((await post(mock, '/sessions', session, GLOBEX_KEY)).text).toBe(
      (await post(reference, '/sessions', session, GLOBEX_KEY)).text,
    )
    expect(JSON.stringify(mock.exportState())).toBe(JSON.stringify(reference.exportState()))
  })

  it('loads a part once for reads that need it at the same time', async () => {
    const { loaded, snapshot } = recorded()
    const mock = createMockCore({ snapshot, loadOnFirstUse: true })
    const answers = await Promise.all([
      get(mock, '/forms'),
      get(mock, '/forms'),
      get(mock, '/series'),
    ])
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
    expect(answers[0]?.text).toBe(answers[1]?.text)
    expect([...loaded].sort()).toEqual(['forms', 'series'])
  })

  it('loads a part that failed to load again for the next answer that needs it', async () => {
    const { loaded, snapshot } = recorded(new Set(['forms']))
    const failures: unknown[] = []
    const mock = createMockCore({
      snapshot,
      loadOnFirstUse: true,
      onInternalError: (error) => failures.push(error),
    })
    expect((await get(mock, '/forms')).status).toBe(500)
    expect(String(failures[0])).toContain('could not load forms')
    const answer = await get(mock, '/forms')
    expect(answer.status).toBe(200)
    expect(answer.text).toBe((await get(replayed, '/forms')).text)
    expect(loaded).toEqual(['forms', 'forms'])
  })

  it('exports the same state before, while and after its collections are filled', async () => {
    const mock = createMockCore({ snapshot: demoSnapshot })
    await mock.ready
    expect(filledOf(mock)).toEqual([])
    expect(JSON.stringify(mock.exportState())).toBe(replayedState)
    await get(mock, '/sessions')
    expect(filledOf(mock)).toEqual(['sessions'])
    expect(JSON.stringify(mock.exportState())).toBe(replayedState)
    await mock.filled()
    expect(filledOf(mock)).toEqual([...COLLECTIONS])
    expect(JSON.stringify(mock.exportState())).toBe(replayedState)
  })

  it('refuses to export parts it has not loaded, rather than export them as empty', async () => {
    const { snapshot } = recorded()
    const mock = createMockCore({ snapshot, loadOnFirstUse: true })
    await get(mock, '/forms')
    expect(() => mock.exportState()).toThrow(NOT_LOADED)
    await mock.filled()
    expect(JSON.stringify(mock.exportState())).toBe(replayedState)
  })

  it('goes back to unfilled collections on reset, answering as before', async () => {
    const { loaded, snapshot } = recorded()
    const mock = createMockCore({ snapshot, loadOnFirstUse: true, clock: pinned })
    const first = await post(mock, '/forms', { title: 'Made before the reset' })
    expect(first.status).toBe(201)
    expect(filledOf(mock)).toEqual([...COLLECTIONS])
    await mock.reset()
    expect(filledOf(mock)).toEqual([])
    expect((await get(mock, '/forms')).text).toBe((await get(replayed, '/forms')).text)
    // Loaded parts are kept: a reset loads nothing again.
    expect(loaded.filter((name) => name === 'forms')).toEqual(['forms'])
    expect((await post(mock, '/forms', { title: 'Made before the reset' })).text).toBe(first.text)
  })
})

describe('Store with a deferred collection', () => {
  const deferredStore = () => {
    const store = new Store()
    let fills = 0
    store.defer('reports', {
      peek: () => undefined,
      fill: async () => {
        fills += 1
      },
    })
    return { store, fills: () => fills }
  }

  it('throws NotFilled when the collection or the identifier sets are used before the fill', async () => {
    const { store, fills } = deferredStore()
    expect(() => store.reports).toThrow(NotFilled)
    // Identifiers are unique across collections: none is handed out while one is missing.
    expect(() => store.reserve('id', 'frm_000000000000')).toThrow(NotFilled)
    expect(store.forms.count()).toBe(0)
    await store.fill(['reports'])
    expect(fills()).toBe(1)
    expect(store.reports.count()).toBe(0)
    expect(store.reserve('id', 'frm_000000000000')).toBe(true)
    await store.fillAll()
    expect(fills()).toBe(1)
  })
})

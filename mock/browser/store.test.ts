import { afterEach, describe, expect, it, vi } from 'vitest'
import { demoSnapshot } from '../../fixtures/demo-snapshot.ts'
import { ACME_KEY } from '../../fixtures/organizations.ts'
import { COLLECTIONS } from '../core/store.ts'
import { createMockCore } from '../create.ts'
import { type BrowserStore, persistMock, storeKey } from './store.ts'

const opened: BrowserStore[] = []
afterEach(() => {
  for (const stored of opened.splice(0)) stored.close()
  vi.restoreAllMocks()
})

describe('persistMock over a demo whose parts load on first use', () => {
  it('sends the other tabs the whole state after a write, parts it had not used included', async () => {
    // Node has BroadcastChannel but no IndexedDB: the tabs stay in step, nothing is saved.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const key = storeKey(1, `lazy-${process.pid}-${Date.now()}`)
    const tab = await persistMock(
      createMockCore({ snapshot: demoSnapshot, loadOnFirstUse: true }),
      key,
    )
    const other = await persistMock(createMockCore({ snapshot: demoSnapshot }), key)
    opened.push(tab, other)
    expect(warn).toHaveBeenCalled()
    const read = await tab.mock.handle({
      method: 'GET',
      path: '/forms',
      headers: { authorization: `Bearer ${ACME_KEY}` },
    })
    expect(read.status).toBe(200)
    expect(COLLECTIONS.filter((name) => !tab.mock.store.deferred(name))).toEqual(['forms'])
    const written = await tab.mock.handle({
      method: 'POST',
      path: '/forms',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Seen in the other tab' }),
    })
    expect(written.status).toBe(201)
    const expected = JSON.stringify(tab.mock.exportState())
    // Every collection of the demo, the ones the tab had not used before the write too.
    for (const name of COLLECTIONS) expect(tab.mock.exportState()[name].length).toBeGreaterThan(0)
    await vi.waitFor(() => expect(JSON.stringify(other.mock.exportState())).toBe(expected))
  })
})

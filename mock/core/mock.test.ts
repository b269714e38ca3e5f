import { describe, expect, it } from 'vitest'
import { ACME_KEY, organizationsOnly } from '../../fixtures/index.ts'
import { createMockCore } from '../create.ts'
import type { MockChange } from './changes.ts'
import { RequestJournal } from './request-journal.ts'

const headers = { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }
const createForm = {
  method: 'POST',
  path: '/forms',
  headers,
  body: JSON.stringify({
    title: 'Retro',
    fields: [{ kind: 'short_text', config: { label: 'Q' } }],
  }),
}

describe('the mock core (its parts assembled)', () => {
  it('answers only once seeded, and runs an import and a capture in the order asked', async () => {
    const mock = createMockCore({ plan: organizationsOnly() })
    // Asked before `ready`: answered from the seeded store (the key is known).
    const written = await mock.handle(createForm)
    expect(written.status).toBe(201)
    const [imported, exported] = await Promise.all([
      mock.importState({ ...mock.exportState(), forms: [] }),
      mock.capture((state) => state.forms),
    ])
    expect(imported).toEqual({ ok: true })
    expect(exported).toEqual([])
  })

  it('tells listeners a write before its answer, and the whole store after a reset', async () => {
    const journal = new RequestJournal()
    const mock = createMockCore({ plan: organizationsOnly(), journal })
    await mock.ready
    const told: MockChange['kind'][] = []
    mock.onChange((change) => told.push(change.kind))
    const written = await mock.handle(createForm)
    expect(written.status).toBe(201)
    expect(told).toEqual(['records'])
    expect(journal.entries).toHaveLength(1)
    await mock.reset()
    expect(told).toEqual(['records', 'state'])
    expect(journal.entries).toEqual([])
    expect(mock.exportState().forms).toEqual([])
  })

  it('gives the same identifiers after a reset as when it started', async () => {
    const mock = createMockCore({
      plan: organizationsOnly(),
      clock: () => new Date('2026-11-20T09:00:00.000Z'),
    })
    await mock.ready
    const first = await mock.handle(createForm)
    await mock.reset()
    const again = await mock.handle(createForm)
    expect(again.text).toBe(first.text)
  })
})

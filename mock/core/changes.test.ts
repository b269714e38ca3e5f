import { describe, expect, it } from 'vitest'
import { demoSnapshot } from '../../fixtures/demo-snapshot.ts'
import { ACME_KEY } from '../../fixtures/organizations.ts'
import { createMockCore } from '../create.ts'
import type { MockChange } from './changes.ts'
import type { MockCore } from './mock.ts'

const pinned = () => new Date('2026-11-20T09:00:00.000Z')
const newMock = async () => {
  const mock = createMockCore({ snapshot: demoSnapshot, loadOnFirstUse: true, clock: pinned })
  await mock.ready
  return mock
}
const send = (mock: MockCore, method: string, path: string, body?: unknown) =>
  mock.handle({
    method,
    path,
    headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const created = async (mock: MockCore, title: string) => {
  const answer = await send(mock, 'POST', '/forms', {
    title,
    fields: [{ kind: 'short_text', config: { label: 'Name' } }],
  })
  expect(answer.status).toBe(201)
  return (answer.body as { form: { id: string; fields: { id: string }[]; joinCode: string } }).form
}
/** Every change the mock tells, in order. */
const listen = (mock: MockCore) => {
  const told: MockChange[] = []
  mock.onChange((change) => told.push(change))
  return told
}

describe('change listeners', () => {
  it('are told each write as the whole records it stored or removed, before its answer', async () => {
    const mock = await newMock()
    const told = listen(mock)
    const form = await created(mock, 'Told')
    expect(told).toHaveLength(1)
    const [write] = told
    if (write?.kind !== 'records') throw new Error('expected a records change')
    expect(write.changes).toEqual([{ put: 'forms', record: expect.objectContaining(form) }])
    expect(write.seq).toBe(mock.store.seq)
    expect(write.draws).toBe(mock.idPosition().draws)

    expect((await send(mock, 'DELETE', `/forms/${form.id}`)).status).toBe(200)
    expect(told[1]).toMatchObject({ kind: 'records', changes: [{ delete: 'forms', id: form.id }] })
  })

  it('tell a deleted form with its responses as one write', async () => {
    const mock = await newMock()
    await mock.filled()
    const state = mock.exportState()
    const acme = state.organizations.find((org) => org.apiKey === ACME_KEY)
    const response = state.responses.find((r) => r.orgId === acme?.id)
    if (!response) throw new Error('the demo has responses')
    const told = listen(mock)
    expect((await send(mock, 'DELETE', `/forms/${response.formId}`)).status).toBe(200)
    expect(told).toHaveLength(1)
    const changes = told[0]?.kind === 'records' ? told[0].changes : []
    expect(changes).toContainEqual({ delete: 'responses', id: response.id })
    expect(changes.at(-1)).toEqual({ delete: 'forms', id: response.formId })
  })

  it('are told nothing of a refused write or a read', async () => {
    const mock = await newMock()
    const told = listen(mock)
    const empty = (await send(mock, 'POST', '/forms', { title: 'No fields' })).body as {
      form: { id: string }
    }
    told.length = 0
    expect((await send(mock, 'POST', `/forms/${empty.form.id}/publish`)).status).toBe(409)
    expect((await send(mock, 'GET', '/forms')).status).toBe(200)
    expect(told).toEqual([])
  })

  it('get the whole new store after a reset and after an import', async () => {
    const mock = await newMock()
    await created(mock, 'Gone after the reset')
    const told = listen(mock)
    await mock.reset()
    expect(told).toHaveLength(1)
    const [reset] = told
    if (reset?.kind !== 'state') throw new Error('expected a state change')
    expect(reset.state).toEqual(mock.exportState())
    expect({ seed: reset.seed, draws: reset.draws }).toEqual(mock.idPosition())

    expect(await mock.importState(reset.state)).toEqual({ ok: true })
    expect(told[1]).toMatchObject({ kind: 'state', state: reset.state })
    expect(await mock.importState({ format: 'nope' })).toMatchObject({ ok: false })
    expect(told).toHaveLength(2)
  })

  it('stop being told once unsubscribed', async () => {
    const mock = await newMock()
    const told: MockChange[] = []
    const stop = mock.onChange((change) => told.push(change))
    stop()
    await created(mock, 'Unheard')
    expect(told).toEqual([])
  })
})

describe('applyChanges', () => {
  it('gives a mock from the same start the same store, and the same next identifiers', async () => {
    const original = await newMock()
    const told = listen(original)
    const kept = await created(original, 'Kept')
    const deleted = await created(original, 'Deleted')
    expect((await send(original, 'DELETE', `/forms/${deleted.id}`)).status).toBe(200)
    await send(original, 'PATCH', `/forms/${kept.id}`, { title: 'Kept, renamed' })

    const restarted = await newMock()
    expect(await restarted.applyChanges(told)).toEqual({ ok: true })
    expect(restarted.exportState()).toEqual(original.exportState())
    expect(restarted.idPosition()).toEqual(original.idPosition())
    // Neither hands out the deleted form's identifiers again: both go on from the same draw.
    const next = await created(restarted, 'Next')
    expect(await created(original, 'Next')).toEqual(next)
    expect(next.id).not.toBe(deleted.id)
  })

  it('applied twice leaves the store as once (a journal replayed over a state holding it)', async () => {
    const original = await newMock()
    const told = listen(original)
    await created(original, 'One')
    const two = await created(original, 'Two')
    await send(original, 'DELETE', `/forms/${two.id}`)
    const restarted = await newMock()
    await restarted.applyChanges(told)
    expect(await restarted.applyChanges(told)).toEqual({ ok: true })
    expect(restarted.exportState()).toEqual(original.exportState())
  })

  it('replaces the whole store for a state change and puts the identifier source back', async () => {
    const original = await newMock()
    const told = listen(original)
    await created(original, 'Before the reset')
    await original.reset()
    await created(original, 'After the reset')
    const restarted = await newMock()
    await created(restarted, 'Only here, replaced by the reset')
    expect(await restarted.applyChanges(told)).toEqual({ ok: true })
    expect(restarted.exportState()).toEqual(original.exportState())
    expect(restarted.idPosition()).toEqual(original.idPosition())
  })

  it("puts a replayed record's public links on this mock's public URL (a journal written under another)", async () => {
    const original = await newMock()
    const told = listen(original)
    const form = await created(original, 'Moved')
    const moved = createMockCore({
      snapshot: demoSnapshot,
      loadOnFirstUse: true,
      clock: pinned,
      publicUrl: 'https://mock.example.com',
    })
    await moved.ready
    expect(await moved.applyChanges(told)).toEqual({ ok: true })
    const read = await send(moved, 'GET', `/forms/${form.id}`)
    expect(read.body).toMatchObject({
      form: { shareUrl: expect.stringMatching(/^https:\/\/mock\.example\.com\/f\//) },
    })
  })

  it('refuses a record its schema refuses, naming it, and one of an unknown organization', async () => {
    const mock = await newMock()
    const told = listen(mock)
    const form = await created(mock, 'Valid')
    const write = told[0]
    if (write?.kind !== 'records' || !('put' in write.changes[0]!)) throw new Error('a put')
    const record = write.changes[0].record as Record<string, unknown>
    const other = await newMock()
    const bad = { ...write, changes: [{ put: 'forms', record: { ...record, status: 7 } }] }
    expect(await other.applyChanges([bad as unknown as MockChange])).toEqual({
      ok: false,
      error: expect.stringMatching(new RegExp(`^forms ${form.id}: status: `)),
    })
    const stranger = {
      ...write,
      changes: [{ put: 'forms', record: { ...record, orgId: 'org_x' } }],
    }
    expect(await other.applyChanges([stranger as unknown as MockChange])).toEqual({
      ok: false,
      error: `${form.id} belongs to unknown organization org_x`,
    })
  })
})

import { describe, expect, expectTypeOf, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { createMock, type MockOptions } from '../create.ts'
import type { MockRequest } from './dispatch.ts'
import { JOURNAL_LIMIT, RequestJournal } from './request-journal.ts'

const auth = { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }
const send = (
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = auth,
): MockRequest => ({
  method,
  path,
  headers,
  ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
})

/** A mock keeping a journal, `journal` typed as present. */
const journaled = (options: MockOptions = {}) => {
  const journal = new RequestJournal()
  return Object.assign(createMock({ plan: false, ...options, journal }), { journal })
}

describe('the request journal', () => {
  it('keeps each request, in order, with its operation, parameters, body as sent and status', async () => {
    const mock = journaled()
    const created = await mock.handle(
      send('POST', '/forms', {
        title: 'Retro',
        fields: [{ kind: 'short_text', config: { label: 'What went well?' } }],
      }),
    )
    const { form } = JSON.parse(created.text) as { form: { id: string } }
    await mock.handle(send('POST', `/forms/${form.id}/publish`))
    await mock.handle(send('GET', '/forms'))

    expect(mock.journal.entries.map((e) => [e.operationId, e.method, e.status])).toEqual([
      ['createForm', 'POST', 201],
      ['publishForm', 'POST', 200],
      ['listForms', 'GET', 200],
    ])
    const [createForm] = mock.journal.of('createForm')
    // As sent: the field's `required` default (false) is not added.
    expect(createForm).toMatchObject({ valid: true, path: '/forms', params: {} })
    if (!createForm?.valid) throw new Error('the body fits createForm')
    expect(createForm.body).toEqual({
      title: 'Retro',
      fields: [{ kind: 'short_text', config: { label: 'What went well?' } }],
    })
    expect(mock.journal.of('publishForm')[0]?.params).toEqual({ id: form.id })
    expect(mock.journal.of('publishForm')[0]?.body).toBeUndefined()
  })

  it('types a body as its operation takes it', () => {
    const journal = new RequestJournal(true)
    const [entry] = journal.of('replaceFieldConfig')
    if (entry?.valid) {
      expectTypeOf(entry.params).toEqualTypeOf<{ id: string; fieldId: string }>()
      expectTypeOf(entry.method).toEqualTypeOf<'PATCH'>()
      expectTypeOf(entry.body).not.toBeUnknown()
    }
    const [form] = journal.of('createForm')
    if (form?.valid) expectTypeOf(form.body.title).toEqualTypeOf<string>()
    if (form && !form.valid) expectTypeOf(form.body).toBeUnknown()
    const [publish] = journal.of('publishForm')
    if (publish?.valid) expectTypeOf(publish.body).toEqualTypeOf<undefined>()
  })

  it('journals a refused body as invalid, with the issues the mock answered and what was sent', async () => {
    const mock = journaled()
    const refused = await mock.handle(send('POST', '/forms', { title: 42 }))
    const notJson = await mock.handle(send('POST', '/forms', '{"title":'))
    expect([refused.status, notJson.status]).toEqual([400, 400])
    const [wrongType, broken] = mock.journal.of('createForm')
    expect(wrongType).toMatchObject({ valid: false, body: { title: 42 }, status: 400 })
    expect(wrongType?.valid === false && wrongType.issues[0]?.path).toEqual(['title'])
    expect(broken).toMatchObject({ valid: false, body: '{"title":', status: 400 })
  })

  it('says whether the body fitted even when the mock refused the request for another reason', async () => {
    const mock = journaled()
    await mock.handle(
      send('POST', '/forms', { title: 'No key' }, { 'content-type': 'application/json' }),
    )
    expect(mock.journal.of('createForm')[0]).toMatchObject({
      valid: true,
      body: { title: 'No key' },
      status: 401,
    })
  })

  it('keeps a request that matches no operation of its release, apart from every operation', async () => {
    const mock = journaled({ release: '2026-07-12' })
    const answered = await mock.handle(send('POST', '/series', { title: 'League' }))
    expect(answered.status).toBe(404)
    expect(mock.journal.entries).toEqual([
      expect.objectContaining({ operationId: null, method: 'POST', path: '/series', status: 404 }),
    ])
    expect(mock.journal.of('createSeries')).toEqual([])
  })

  it('is emptied by a reset of the mock, not by loading another state', async () => {
    const mock = journaled()
    await mock.handle(send('GET', '/forms'))
    const loaded = await mock.importState(mock.exportState())
    expect(loaded.ok).toBe(true)
    expect(mock.journal.entries).toHaveLength(1)
    await mock.reset()
    expect(mock.journal.entries).toEqual([])
  })

  it('refuses to be read where it is off, rather than look empty', async () => {
    const journal = new RequestJournal(false)
    const mock = createMock({ plan: false, journal })
    await mock.handle(send('GET', '/forms'))
    expect(() => journal.of('listForms')).toThrow(/journal: false/)
    expect(createMock({ plan: false }).journal).toBeUndefined()
  })

  it(`keeps the last ${JOURNAL_LIMIT} requests`, () => {
    const journal = new RequestJournal(true)
    for (let i = 0; i < JOURNAL_LIMIT + 2; i++) {
      journal.keep({
        operationId: 'listForms',
        method: 'GET',
        path: `/forms?${i}`,
        params: {},
        valid: true,
        body: undefined,
        status: 200,
      })
    }
    expect(journal.entries).toHaveLength(JOURNAL_LIMIT)
    expect(journal.entries[0]?.path).toBe('/forms?2')
    expect(journal.dropped).toBe(2)
  })
})

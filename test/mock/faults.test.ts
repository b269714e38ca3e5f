import { describe, expect, it, vi } from 'vitest'
import { errorSchemas, FormSettingsInput } from '../../contract/index.ts'
import { ACME_KEY, organizationsOnly } from '../../fixtures/index.ts'
import type { Operations } from '../../mock/core/context.ts'
import { createMockCore } from '../../mock/create.ts'
import { expectSuccess, TRANSPORTS, useHarness } from './harness.ts'
import { makeForm } from './scenarios.ts'

const plan = organizationsOnly()
const auth = { authorization: `Bearer ${ACME_KEY}` }
const boom: Operations['listForms'] = () => {
  throw new Error('boom')
}

describe('faults in the core', () => {
  it('turns a throwing operation into 500 { error }, logs it once, and keeps serving', async () => {
    const onInternalError = vi.fn()
    const mock = createMockCore({ plan, operations: { listForms: boom }, onInternalError })
    const res = await mock.handle({ method: 'GET', path: '/forms', headers: auth })
    expect(res.status).toBe(500)
    expect(Object.keys(res.body as object)).toEqual(['error'])
    expect(onInternalError).toHaveBeenCalledTimes(1)
    expect(onInternalError.mock.calls[0]?.[0]).toMatchObject({ message: 'boom' })
    expect(onInternalError.mock.calls[0]?.[1]).toMatchObject({ method: 'GET', path: '/forms' })
    const next = await mock.handle({ method: 'GET', path: '/sessions', headers: auth })
    expect(expectSuccess('listSessions', next).sessions).toEqual([])
  })

  it('answers every request 503 in its route shape when the failure rate is 1', async () => {
    const mock = createMockCore({ plan, failRate: 1 })
    const res = await mock.handle({
      method: 'PATCH',
      path: '/forms/frm_zzzzzzzzzzzz',
      headers: auth,
    })
    expect(res.status).toBe(503)
    expect(errorSchemas.validation.profile.parse(res.body).error).toContain('fail')
  })
})

describe('contract drift detection', () => {
  it('answers 500 and names the drift when a success body breaks the schema', async () => {
    const onInternalError = vi.fn()
    const drifting = (() => ({
      status: 200,
      body: { form: { id: 'nope' } },
    })) as unknown as Operations['getForm']
    const mock = createMockCore({
      plan,
      validateResponses: true,
      operations: { getForm: drifting },
      onInternalError,
    })
    const res = await mock.handle({ method: 'GET', path: '/forms/frm_zzzzzzzzzzzz', headers: auth })
    expect(res.status).toBe(500)
    expect(onInternalError).toHaveBeenCalledTimes(1)
    expect(String(onInternalError.mock.calls[0]?.[0])).toMatch(
      /Contract drift: GET \/forms\/frm_zzzzzzzzzzzz/,
    )
  })

  it('treats a success with another status than the table declares as drift', async () => {
    const onInternalError = vi.fn()
    const settings = FormSettingsInput.parse({})
    const wrongStatus = (() => ({
      status: 200,
      body: { form: { id: 'frm_zzzzzzzzzzzz', settings } },
    })) as unknown as Operations['createForm']
    const mock = createMockCore({
      plan,
      validateResponses: true,
      operations: { createForm: wrongStatus },
      onInternalError,
    })
    const res = await mock.handle({
      method: 'POST',
      path: '/forms',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"title":"x"}',
    })
    expect(res.status).toBe(500)
    expect(String(onInternalError.mock.calls[0]?.[0])).toContain('Contract drift')
  })
})

describe.each(TRANSPORTS)('faults over HTTP (%s)', (transport) => {
  const onInternalError = vi.fn()
  const failingUpdate: Operations['updateForm'] = () => {
    throw new Error('update exploded')
  }
  const h = useHarness(transport, {
    operations: { listForms: boom, updateForm: failingUpdate },
    onInternalError,
  })

  it('answers 500 in the route shape and serves the next request normally', async () => {
    onInternalError.mockClear()
    const list = await h.acme.listForms()
    expect([list.status, Object.keys(list.body as object)]).toEqual([500, ['error']])
    const form = await makeForm(h)
    const update = await h.acme.updateForm({ params: { id: form.id }, body: { title: 'x' } })
    expect(update.status).toBe(500)
    expect(errorSchemas.validation.profile.parse(update.body).issues).toEqual([])
    expect(onInternalError).toHaveBeenCalledTimes(2)
    expectSuccess('listSessions', await h.acme.listSessions())
  })

  it('forces a status on demand with "Prefer: code=NNN", in the route shape', async () => {
    const res = await h.acme.listSessions({ headers: { prefer: 'code=503' } })
    expect(res.status).toBe(503)
    expect(errorSchemas.plain.profile.parse(res.body).error).toContain('Prefer')
    const form = await makeForm(h)
    const update = await h.acme.updateForm({
      params: { id: form.id },
      body: { title: 'x' },
      headers: { prefer: 'code=413' },
    })
    expect(update.status).toBe(413)
    errorSchemas.validation.profile.parse(update.body)
  })

  it('refuses a "Prefer: code=NNN" the operation does not document, naming those it does', async () => {
    for (const code of [409, 418, 599]) {
      const res = await h.acme.listForms({ headers: { prefer: `code=${code}` } })
      expect(res.status, `code=${code}`).toBe(400)
      expect(errorSchemas.plain.profile.parse(res.body).error).toBe(
        `"Prefer: code=${code}" names a status GET /forms does not document; it documents 400, 401, 500, 503.`,
      )
    }
    const form = await makeForm(h)
    const update = await h.acme.updateForm({
      params: { id: form.id },
      body: { title: 'x' },
      headers: { prefer: 'code=429' },
    })
    expect(update.status).toBe(400)
    expect(errorSchemas.validation.profile.parse(update.body)).toMatchObject({ issues: [] })
    const read = expectSuccess('getForm', await h.acme.getForm({ params: { id: form.id } }))
    expect(read.form.title).toBe(form.title)
  })
})

import { describe, expect, it } from 'vitest'
import { LIMITS } from '../../contract/index.ts'
import { expectError, TRANSPORTS, useHarness } from './harness.ts'
import { countForms, getForm, makeForm } from './scenarios.ts'

describe.each(TRANSPORTS)('HTTP-level errors (%s)', (transport) => {
  const h = useHarness(transport)

  it('answers 415 to a body that is not JSON, in the route shape, and creates nothing', async () => {
    const form = await makeForm(h)
    const headers = { 'content-type': 'text/plain' }
    const rawBody = JSON.stringify({ title: 'Plain text' })
    const create = await h.acme.raw({ method: 'POST', path: '/forms', rawBody, headers })
    expectError('createForm', create, 'unsupported_media_type')
    const update = await h.acme.raw({
      method: 'PATCH',
      path: `/forms/${form.id}`,
      rawBody,
      headers,
    })
    expectError('updateForm', update, 'unsupported_media_type')
    expect(await countForms(h)).toBe(1)
    expect((await getForm(h, form.id)).title).toBe(form.title)
  })

  it('answers 400 to malformed JSON, in the route shape', async () => {
    const form = await makeForm(h)
    const create = await h.acme.raw({ method: 'POST', path: '/forms', rawBody: '{"title": "x",' })
    expect(expectError('createForm', create, 'malformed_json').error).toMatch(/not valid JSON/)
    const update = await h.acme.raw({
      method: 'PATCH',
      path: `/forms/${form.id}`,
      rawBody: '{title:1}',
    })
    expect(expectError('updateForm', update, 'malformed_json').issues).toEqual([])
  })

  it('answers 400 to a body that fails the operation schema', async () => {
    const res = await h.acme.raw({
      method: 'POST',
      path: '/sessions',
      body: { title: 'x', mode: 'async' },
    })
    expect(expectError('createSession', res, 'invalid_body').error).toContain('mode')
    const form = await makeForm(h)
    const update = await h.acme.raw({ method: 'PATCH', path: `/forms/${form.id}`, body: {} })
    expect(expectError('updateForm', update, 'invalid_body').issues?.length).toBe(1)
  })

  it('answers 413 to a body over 1 MiB, in the route shape, and creates nothing', async () => {
    const form = await makeForm(h)
    const rawBody = JSON.stringify({ title: 'Big', description: 'a'.repeat(LIMITS.bodyBytes) })
    const create = await h.acme.raw({ method: 'POST', path: '/forms', rawBody })
    expectError('createForm', create, 'payload_too_large')
    const update = await h.acme.raw({ method: 'PATCH', path: `/forms/${form.id}`, rawBody })
    expectError('updateForm', update, 'payload_too_large')
    expect(await countForms(h)).toBe(1)
  })

  it('takes a body of exactly 1 MiB to the schema check; one byte more is 413', async () => {
    const sized = (bytes: number) => {
      const shell = JSON.stringify({ title: 'Big', description: '' })
      return JSON.stringify({ title: 'Big', description: 'a'.repeat(bytes - shell.length) })
    }
    const exact = await h.acme.raw({
      method: 'POST',
      path: '/forms',
      rawBody: sized(LIMITS.bodyBytes),
    })
    expect(expectError('createForm', exact, 'invalid_body').error).toContain('description')
    const over = await h.acme.raw({
      method: 'POST',
      path: '/forms',
      rawBody: sized(LIMITS.bodyBytes + 1),
    })
    expectError('createForm', over, 'payload_too_large')
  })

  it('keeps an encoded slash inside the id: the operation answers 404 for that id', async () => {
    const res = await h.acme.getForm({ params: { id: 'frm_a/publish' } })
    expect(expectError('getForm', res, 'not_found').error).toContain('frm_a/publish')
  })

  it('answers 405 with an Allow header to a known path with a wrong method', async () => {
    const res = await h.acme.raw({ method: 'PUT', path: '/forms' })
    expectError(undefined, res, 'method_not_allowed')
    expect(res.headers.get('allow')?.split(/,\s*/).sort()).toEqual(['GET', 'POST'])
    const publish = await h.acme.raw({ method: 'GET', path: '/forms/frm_zzzzzzzzzzzz/publish' })
    expectError(undefined, publish, 'method_not_allowed')
    expect(publish.headers.get('allow')).toBe('POST')
  })

  it('answers 404 in the plain shape to a path no operation has', async () => {
    for (const path of ['/nothing', '/forms/a/b/c/d', '/sessions/x']) {
      expectError(undefined, await h.acme.raw({ method: 'GET', path }), 'unknown_route')
    }
  })
})

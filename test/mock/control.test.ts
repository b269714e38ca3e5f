import { describe, expect, it, vi } from 'vitest'
import { API_PREFIX, buildOpenApiDocument, operationIds } from '../../contract/index.ts'
import { expectSuccess, type Harness, TRANSPORTS, useHarness } from './harness.ts'
import { listForms, makeForm } from './scenarios.ts'

const control = (h: Harness, method: string, path: string, body?: string) =>
  fetch(`${h.origin}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  })
const stateText = async (h: Harness) => {
  const res = await control(h, 'GET', '/__mock/state')
  expect(res.status).toBe(200)
  return res.text()
}

describe.each(TRANSPORTS)('control routes (%s)', (transport) => {
  const h = useHarness(transport, { demo: true })

  it('POST /__mock/reset restores the seeded state', async () => {
    const seeded = await stateText(h)
    const demoForm = (await listForms(h))[0]
    expectSuccess('deleteForm', await h.acme.deleteForm({ params: { id: demoForm?.id as string } }))
    await makeForm(h)
    expect(await stateText(h)).not.toBe(seeded)
    const res = await control(h, 'POST', '/__mock/reset')
    expect([res.status, await res.json()]).toEqual([200, { ok: true }])
    expect(await stateText(h)).toBe(seeded)
    expect((await listForms(h)).map((f) => f.id)).toContain(demoForm?.id)
  })

  it('GET /__mock/state → PUT /__mock/state → GET is identical, and the API serves the import', async () => {
    const form = await makeForm(h, { title: 'Made before the export' })
    const exported = await stateText(h)
    expect(JSON.parse(exported)).toMatchObject({ format: 'engagement-mock-state', version: 1 })
    await control(h, 'POST', '/__mock/reset')
    // A list read now is cached; the import must not serve it afterwards.
    expect((await listForms(h)).map((f) => f.id)).not.toContain(form.id)
    const res = await control(h, 'PUT', '/__mock/state', exported)
    expect([res.status, await res.json()]).toEqual([200, { ok: true }])
    expect(await stateText(h)).toBe(exported)
    expect((await listForms(h)).map((f) => f.id)).toContain(form.id)
  })

  it('a bad PUT /__mock/state answers 400 { error } and changes nothing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const before = await stateText(h)
    const state = JSON.parse(before) as { forms: Array<{ id: string }> }
    const twice = { ...state, forms: [...state.forms, state.forms[0]] }
    for (const [body, message] of [
      [JSON.stringify({ format: 'nope' }), /./],
      [JSON.stringify(twice), /appears twice/],
      ['{"format":', /./],
    ] as const) {
      const res = await control(h, 'PUT', '/__mock/state', body)
      expect(res.status).toBe(400)
      const answer = (await res.json()) as Record<string, unknown>
      expect(Object.keys(answer)).toEqual(['error'])
      expect(answer.error).toMatch(message)
    }
    expect(await stateText(h)).toBe(before)
    error.mockRestore()
  })
})

describe('express host extras', () => {
  const h = useHarness('express')

  it('GET /openapi.json is the contract document, served for this mock', async () => {
    const res = await control(h, 'GET', '/openapi.json')
    expect(res.status).toBe(200)
    const document = (await res.json()) as {
      paths: Record<string, Record<string, { operationId: string }>>
    }
    expect(document).toEqual(
      JSON.parse(
        JSON.stringify(buildOpenApiDocument({ serverUrl: h.mock.publicBase + API_PREFIX })),
      ),
    )
    const served = Object.values(document.paths).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    )
    expect(served.sort()).toEqual([...operationIds].sort())
  })

  it('answers a CORS preflight from another origin with 204 and the headers allowed', async () => {
    const res = await fetch(`${h.baseUrl}/forms`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    const allowed = res.headers.get('access-control-allow-headers')?.toLowerCase().split(/,\s*/)
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type']))
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH')
  })

  it('puts allow-origin on ordinary answers, successes and errors alike', async () => {
    const origin = { origin: 'http://localhost:5173' }
    const ok = await h.acme.listForms({ headers: origin })
    const refused = await h.client().listForms({ headers: origin })
    expect([ok.status, refused.status]).toEqual([200, 401])
    for (const res of [ok, refused])
      expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })
})

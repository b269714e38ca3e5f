import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createClient, Form } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { setupMockServer } from '../../mock/node/index.ts'

const BASE_URL = 'https://api.example.test/api/v1'

/** Application code as an app would write it: no mock, no client library, just fetch. */
async function loadForms() {
  const res = await fetch('https://api.example.test/api/v1/forms', {
    headers: { Authorization: 'Bearer acme-demo-key' },
  })
  return res.json()
}

describe('msw/node: the mock answers ordinary application code', () => {
  // Made before listen(), as a module-level API client of an app would be.
  const earlyClient = createClient({ baseUrl: BASE_URL, apiKey: ACME_KEY })
  const server = setupMockServer({ baseUrl: BASE_URL })
  beforeAll(async () => {
    await server.mock.ready
    server.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => server.close())

  it("loads Acme's demo forms through the global fetch", async () => {
    const body = (await loadForms()) as { forms: unknown[] }
    expect(body.forms.length).toBeGreaterThan(0)
    for (const form of body.forms) Form.parse(form)
    const direct = await server.mock.handle({
      method: 'GET',
      path: '/forms',
      headers: { authorization: `Bearer ${ACME_KEY}` },
    })
    expect(body).toEqual(JSON.parse(direct.text))
  })

  it('keeps what the application created for its next read', async () => {
    const api = createClient({ baseUrl: BASE_URL, apiKey: ACME_KEY })
    const created = await api.createForm({ body: { title: 'Made by the app' } })
    expect(created.status).toBe(201)
    const forms = (await loadForms()) as { forms: Array<{ title: string }> }
    expect(forms.forms[0]?.title).toBe('Made by the app')
  })

  it('lets nothing outside the API base through', async () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(fetch('https://elsewhere.example.test/api/v1/forms')).rejects.toThrow()
    expect(String(printed.mock.calls[0]?.[0])).toContain('without a matching request handler')
    printed.mockRestore()
  })

  // msw replaces globalThis.fetch in listen(): the client must look it up per request.
  it('serves a client created before listen()', async () => {
    const res = await earlyClient.listForms()
    expect(res.error).toBeUndefined()
    expect(res.status).toBe(200)
  })
})

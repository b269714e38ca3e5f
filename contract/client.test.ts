import { describe, expect, it } from 'vitest'
import { type ClientOptions, contract, createClient, operationIds } from './index.ts'

const BASE = 'http://api.test/api/v1'
type Respond = (url: string, init: RequestInit) => Response | Promise<Response>

/** A fetch that records every call and answers from `respond`. */
const fakeFetch = (respond: Respond = () => Response.json({ ok: true })) => {
  const calls: { url: string; init: RequestInit; headers: Headers }[] = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init, headers: new Headers(init.headers) })
    return respond(String(input), init)
  }
  return { fetch: fetch as typeof globalThis.fetch, calls }
}
const clientWith = (respond?: Respond, options: Partial<ClientOptions> = {}) => {
  const fake = fakeFetch(respond)
  const client = createClient({
    baseUrl: BASE,
    apiKey: 'acme-demo-key',
    fetch: fake.fetch,
    ...options,
  })
  const lastCall = () => {
    const call = fake.calls.at(-1)
    if (!call) throw new Error('fetch was not called')
    return call
  }
  return { client, calls: fake.calls, lastCall }
}
const json = (body: unknown, status: number) => Response.json(body, { status })

describe('createClient', () => {
  it('has one method per operation of the endpoint table', () => {
    const { client } = clientWith()
    for (const id of operationIds) expect(typeof client[id], id).toBe('function')
  })

  it('builds the URL from the base URL and the path, whatever trailing slash the base has', async () => {
    for (const baseUrl of [BASE, `${BASE}/`]) {
      const { client, lastCall } = clientWith(undefined, { baseUrl })
      await client.replaceFieldConfig({
        params: { id: 'frm_a1b2c3d4e5f6', fieldId: 'fld_a1b2c3d4e5f6' },
        body: { config: { label: 'Venue', max: 5 } },
      })
      expect(lastCall().url).toBe(`${BASE}/forms/frm_a1b2c3d4e5f6/fields/fld_a1b2c3d4e5f6`)
      expect(lastCall().init.method).toBe('PATCH')
    }
  })

  it('keeps an id with "/", "..", "?" or "#" inside its own path segment', async () => {
    const { client, lastCall } = clientWith()
    for (const id of ['a/b', '../forms', 'x/../../sessions', 'frm_1?admin=1', 'frm_1#top', '%2F']) {
      await client.getForm({ params: { id } })
      const url = new URL(lastCall().url)
      expect(url.pathname.split('/').slice(1), id).toEqual([
        'api',
        'v1',
        'forms',
        encodeURIComponent(id),
      ])
      expect(decodeURIComponent(url.pathname.split('/')[4] ?? '')).toBe(id)
      expect(url.search + url.hash).toBe('')
    }
  })

  // URL parsing resolves a dot segment even when encoded: `removeField` with fieldId '..' would
  // otherwise send DELETE /forms/{id}, a form delete.
  it('never lets a dot or empty id reach another operation', async () => {
    for (const fieldId of ['..', '.', '']) {
      const { client, calls } = clientWith()
      const response = await client.removeField({ params: { id: 'frm_a1b2c3d4e5f6', fieldId } })
      expect(calls, fieldId).toHaveLength(0)
      expect(response.status).toBe(0)
      expect(response.error).toMatch(/cannot be/)
    }
  })

  it('sends Authorization: Bearer with the API key, and JSON', async () => {
    const { client, lastCall } = clientWith()
    await client.listForms()
    expect(lastCall().headers.get('authorization')).toBe('Bearer acme-demo-key')
    expect(lastCall().headers.get('accept')).toBe('application/json')
    expect(lastCall().init.body).toBeUndefined()
    expect(lastCall().headers.has('content-type')).toBe(false)
  })

  it('sends a body as JSON with its content type', async () => {
    const { client, lastCall } = clientWith(() => json({ form: {} }, 201))
    const body = { title: 'Spring hackathon', template: 'hackathon' as const, publish: true }
    await client.createForm({ body })
    expect(lastCall().init.method).toBe('POST')
    expect(lastCall().headers.get('content-type')).toBe('application/json')
    expect(JSON.parse(String(lastCall().init.body))).toEqual(body)
  })

  it('returns the answer of an error status instead of throwing', async () => {
    const error = { error: 'Form frm_a1b2c3d4e5f6 was not found.' }
    const { client } = clientWith(() => json(error, 404))
    const res = await client.getForm({ params: { id: 'frm_a1b2c3d4e5f6' } })
    expect(res).toMatchObject({ ok: false, status: 404, body: error, text: JSON.stringify(error) })
    expect(res.request).toMatchObject({ method: 'GET', url: `${BASE}/forms/frm_a1b2c3d4e5f6` })
  })

  it('is ok only on the success status of the operation', async () => {
    const created = await clientWith(() => json({ form: {} }, 201)).client.createForm({
      body: { title: 'A' },
    })
    expect(created).toMatchObject({ ok: true, status: 201, body: { form: {} } })
    const plain = await clientWith(() => json({ form: {} }, 200)).client.createForm({
      body: { title: 'A' },
    })
    expect(plain.ok).toBe(false)
    expect(contract.createForm.success.status).toBe(201)
  })

  it('keeps the text and leaves body undefined when the answer is not JSON', async () => {
    const html = '<html><body>Bad gateway</body></html>'
    const { client } = clientWith(() => new Response(html, { status: 502 }))
    const res = await client.listSessions()
    expect(res).toMatchObject({ ok: false, status: 502, text: html })
    expect(res.body).toBeUndefined()
    expect(res.error).toBeUndefined()
  })

  it('resolves a network failure with status 0 and the reason', async () => {
    const { client } = clientWith(() => Promise.reject(new TypeError('fetch failed: ECONNREFUSED')))
    const res = await client.listSeries()
    expect(res).toMatchObject({ ok: false, status: 0, body: undefined, text: '' })
    expect(res.error).toContain('ECONNREFUSED')
  })

  it('resolves a request that outlives the time-out with status 0 and says so', async () => {
    const hang: Respond = (_, init) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason))
      })
    const { client } = clientWith(hang, { timeoutMs: 25 })
    const started = Date.now()
    const res = await client.listSponsorReports()
    expect(res).toMatchObject({ ok: false, status: 0 })
    expect(res.error).toMatch(/within 25 ms/)
    expect(Date.now() - started).toBeLessThan(2000)
  })

  describe('raw', () => {
    it('with auth: false sends no Authorization header', async () => {
      const { client, lastCall } = clientWith(() => json({ error: 'Missing API key.' }, 401))
      const res = await client.raw({ method: 'GET', path: '/forms', auth: false })
      expect(lastCall().headers.has('authorization')).toBe(false)
      expect(res).toMatchObject({ ok: false, status: 401, body: { error: 'Missing API key.' } })
    })

    it('with auth: a string sends that key instead', async () => {
      const { client, lastCall } = clientWith()
      await client.raw({ method: 'GET', path: '/forms', auth: 'globex-demo-key' })
      expect(lastCall().headers.get('authorization')).toBe('Bearer globex-demo-key')
    })

    it('sends a raw body as is, fills params and lets headers override', async () => {
      const { client, lastCall } = clientWith()
      await client.raw({
        method: 'POST',
        path: '/forms/{id}/fields',
        params: { id: 'frm_a1b2c3d4e5f6' },
        rawBody: '{"kind": ',
        headers: { 'content-type': 'text/plain' },
      })
      expect(lastCall().url).toBe(`${BASE}/forms/frm_a1b2c3d4e5f6/fields`)
      expect(lastCall().init.body).toBe('{"kind": ')
      expect(lastCall().headers.get('content-type')).toBe('text/plain')
    })

    it('is ok on any 2xx', async () => {
      const { client } = clientWith(() => json({ ok: true }, 200))
      expect((await client.raw({ method: 'DELETE', path: '/forms/x' })).ok).toBe(true)
    })
  })
})

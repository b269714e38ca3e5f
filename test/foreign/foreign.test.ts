import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type Call, client, expectOk, expectPlain, expectValidation } from './client.ts'
import { Form, Session } from './resources.ts'
import { FOREIGN_KEYS, startForeign } from './server.ts'

// What the reference decides about the whole API (§1, §5, §7, §9), held by the foreign deployment.

let foreign: Awaited<ReturnType<typeof startForeign>>
let call: Call
beforeAll(async () => {
  foreign = await startForeign()
  call = client(foreign.baseUrl)
})
afterAll(() => foreign.close())
beforeEach(() => foreign.reset())

const field = { kind: 'text', config: { question: 'Name?' } }
const newForm = async (title: string, key: string = FOREIGN_KEYS.main) =>
  expectOk(await call('POST', '/forms', { title, fields: [field] }, key), z.object({ form: Form }))
    .form

describe('the foreign deployment as a whole', () => {
  it('serves the API under /api/v1 only', async () => {
    expect(foreign.baseUrl).toBe(`${foreign.url}/api/v1`)
    expectOk(await call('GET', '/forms'), z.object({ forms: z.array(Form) }))
    const bare = client(foreign.url)
    expectPlain(await bare('GET', '/forms'), 404)
    expectPlain(await bare('GET', '/v1/forms'), 404)
  })

  it('refuses a request without a key or with an unknown key with 401', async () => {
    expectPlain(await call('GET', '/forms', undefined, null), 401)
    expectPlain(await call('GET', '/sessions', undefined, 'not-a-key'), 401)
    const withoutKey = await call('POST', '/forms', { title: 'x' }, null)
    expectPlain(withoutKey, 401)
    expect(withoutKey.headers.get('www-authenticate')).toBe('Bearer')
    // The five validation-shape operations answer even a 401 in that shape.
    expectValidation(await call('PATCH', '/forms/frm_000000000000', { title: 'x' }, null), 401)
    expect((await call('GET', '/forms')).status).toBe(200)
  })

  it('lists only the caller organization’s records, and treats another organization’s id as not found', async () => {
    const mine = await newForm('Mine')
    const theirs = await newForm('Theirs', FOREIGN_KEYS.otherOrg)
    const list = expectOk(await call('GET', '/forms'), z.object({ forms: z.array(Form) })).forms
    expect(list.map((f) => f.id)).toEqual([mine.id])
    expectPlain(await call('GET', `/forms/${theirs.id}`), 404)
    expectPlain(await call('POST', `/forms/${theirs.id}/publish`), 404)
    expectValidation(await call('PATCH', `/forms/${theirs.id}`, { title: 'Stolen' }), 404)
    const still = expectOk(
      await call('GET', `/forms/${theirs.id}`, undefined, FOREIGN_KEYS.otherOrg),
      z.object({ form: Form }),
    ).form
    expect(still).toMatchObject({ title: 'Theirs', status: 'draft' })
  })

  it('lists newest first', async () => {
    const ids = []
    for (const title of ['first', 'second', 'third']) ids.push((await newForm(title)).id)
    const forms = expectOk(await call('GET', '/forms'), z.object({ forms: z.array(Form) })).forms
    expect(forms.map((f) => f.id)).toEqual(ids.reverse())
    const created = forms.map((f) => f.createdAt)
    expect([...created].sort().reverse()).toEqual(created)

    for (const title of ['a', 'b']) await call('POST', '/sessions', { title })
    const sessions = expectOk(
      await call('GET', '/sessions'),
      z.object({ sessions: z.array(Session) }),
    )
    expect(sessions.sessions.map((s) => s.title)).toEqual(['b', 'a'])
  })

  it('answers unknown paths with 404 and other methods on a known path with 405, both plain', async () => {
    expectPlain(await call('GET', '/widgets'), 404)
    expectPlain(await call('GET', '/forms/x/y/z'), 404)
    const wrong = await call('PUT', '/forms', {})
    expectPlain(wrong, 405)
    expect(wrong.headers.get('allow')).toBe('POST, GET')
  })

  it('refuses malformed JSON with 400 in the operation’s error shape, and a body not sent as JSON with 415', async () => {
    const form = await newForm('Broken bodies')
    expectPlain(await call('POST', '/forms', '{"title": '), 400)
    expect(expectValidation(await call('PATCH', `/forms/${form.id}`, '{oops'), 400).issues).toEqual(
      [{ path: [], message: 'malformed JSON' }],
    )
    const res = await fetch(`${foreign.baseUrl}/forms`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FOREIGN_KEYS.main}`, 'content-type': 'text/plain' },
      body: JSON.stringify({ title: 'plain text' }),
    })
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ error: expect.any(String) })
    expect(
      expectOk(await call('GET', '/forms'), z.object({ forms: z.array(Form) })).forms,
    ).toHaveLength(1)
  })

  it('ignores a body sent to an operation that takes none', async () => {
    const form = await newForm('Bodyless')
    const res = await fetch(`${foreign.baseUrl}/forms/${form.id}/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FOREIGN_KEYS.main}`, 'content-type': 'text/plain' },
      body: 'not json',
    })
    expect(res.status).toBe(200)
    expect(Form.parse(((await res.json()) as { form: unknown }).form).status).toBe('live')
  })

  it('refuses a body over 512 KiB with 413 and creates nothing', async () => {
    const big = await call('POST', '/forms', { title: 'x', description: 'y'.repeat(512 * 1024) })
    expectPlain(big, 413)
    expect(expectOk(await call('GET', '/forms'), z.object({ forms: z.array(Form) })).forms).toEqual(
      [],
    )
  })

  it('reset() empties every organization', async () => {
    await newForm('gone')
    await newForm('gone too', FOREIGN_KEYS.otherOrg)
    foreign.reset()
    for (const key of [FOREIGN_KEYS.main, FOREIGN_KEYS.otherOrg])
      expect(
        expectOk(await call('GET', '/forms', undefined, key), z.object({ forms: z.array(Form) }))
          .forms,
      ).toEqual([])
  })

  it('takes its own keys and public base', async () => {
    const other = await startForeign({
      keys: { k1: { org: 'o1', entitlements: [] } },
      publicBase: 'https://forms.elsewhere.example/',
    })
    try {
      const call2 = client(other.baseUrl)
      expectPlain(await call2('GET', '/forms', undefined, FOREIGN_KEYS.main), 401)
      const { form } = expectOk(
        await call2('POST', '/forms', { title: 'Elsewhere' }, 'k1'),
        z.object({ form: Form }),
      )
      expect(form.shareUrl).toBe(`https://forms.elsewhere.example/f/${form.slug}`)
      expect(form.settings.redirectUrl).toBe('https://forms.elsewhere.example/thanks')
      expectPlain(await call2('POST', '/series', { title: 's' }, 'k1'), 402)
    } finally {
      await other.close()
    }
  })
})

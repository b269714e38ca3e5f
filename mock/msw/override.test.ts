import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { contract } from '../../contract/table.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { OverrideDriftError, override, setupMockServer } from '../node/index.ts'

const BASE = 'https://api.override.test/api/v1'
const server = setupMockServer({ baseUrl: BASE })
const headers = { authorization: `Bearer ${ACME_KEY}` }
const get = async (path: string) => {
  const response = await fetch(`${BASE}${path}`, { headers })
  return { status: response.status, body: (await response.json()) as unknown }
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

describe('override: typed, contract-checked msw handlers', () => {
  it('answers an operation with a body that fits its profile schema', async () => {
    server.use(override('listForms', () => ({ status: 200, body: { forms: [] } })))
    expect(await get('/forms')).toEqual({ status: 200, body: { forms: [] } })
    server.resetHandlers()
    const mocked = await get('/forms')
    expect((mocked.body as { forms: unknown[] }).forms.length).toBeGreaterThan(0)
  })

  it('answers 500 naming each path when a resolver drifts from the contract', async () => {
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args[0])
    try {
      // @ts-expect-error title must be a string: the type system catches this drift too
      server.use(override('listForms', () => ({ status: 200, body: { forms: [{ title: 3 }] } })))
      const answer = await get('/forms')
      expect(answer.status).toBe(500)
      const message = (answer.body as { message: string }).message
      expect(message).toContain("override('listForms')")
      expect(message).toContain('forms.0.title: Invalid input: expected string, received number')
      expect(message).toContain('forms.0.id')
      expect(errors.some((e) => e instanceof OverrideDriftError)).toBe(true)
    } finally {
      console.error = original
    }
  })

  it('refuses a fixed answer that drifts at once, before any request', () => {
    // @ts-expect-error listForms succeeds with 200, and 201 is no error status: a type error too
    expect(() => override('listForms', { status: 201, body: { forms: [] } })).toThrow()
    expect(() =>
      override('getForm', { status: 404, body: { error: 'gone', issues: [] } } as never),
    ).toThrow(/getForm's error shape \("plain", §7\):\n {2}- \(body\): Unrecognized key: "issues"/)
    expect(() => override('listForms', { status: 201, body: { forms: [] } } as never)).toThrow(
      /listForms succeeds with 200 and fails with 400–599/,
    )
  })

  it('checks errors against the validation shape where the operation uses it', () => {
    const validation = Object.entries(contract).find(([, r]) => r.errorShape === 'validation')
    expect(validation).toBeDefined()
    const id = validation?.[0] as keyof typeof contract
    expect(() => override(id, { status: 400, body: { error: 'bad' } } as never)).toThrow(
      /\(validation\)|"validation"/,
    )
    expect(() =>
      override(id, { status: 400, body: { error: 'bad', issues: [] } } as never),
    ).not.toThrow()
  })

  it('override.status answers in the operation’s error shape and leaves others to the mock', async () => {
    server.use(override.status('getForm', 503))
    const forced = await get('/forms/frm_anything')
    expect(forced).toEqual({
      status: 503,
      body: { error: "Forced by override.status('getForm', 503)." },
    })
    expect(contract.getForm.errorShape).toBe('plain')
    const listed = await get('/forms')
    expect(listed.status).toBe(200)
  })

  it('matches only its own operation, not a longer path under the same prefix', async () => {
    server.use(override.status('getForm', 418))
    const list = (await get('/forms')) as { body: { forms: { id: string }[] } }
    const id = list.body.forms[0]?.id ?? ''
    expect((await get(`/forms/${id}`)).status).toBe(418)
    // /forms/{id}/responses is another operation: the mock answers it.
    expect((await get(`/forms/${id}/responses`)).status).toBe(200)
  })

  it('override.delay lets the mock answer, later', async () => {
    server.use(override.delay('listForms', 250))
    const started = performance.now()
    const answer = await get('/forms')
    expect(performance.now() - started).toBeGreaterThanOrEqual(240)
    expect(answer.status).toBe(200)
    expect(() => override.delay('listForms', -1)).toThrow(RangeError)
  })

  it('falls through to the mock when a resolver returns nothing, and honours a base URL', async () => {
    server.use(
      override('listForms', ({ request }) =>
        new URL(request.url).searchParams.has('empty')
          ? { status: 200, body: { forms: [] } }
          : undefined,
      ),
      override.status('getForm', 500, 'elsewhere', { baseUrl: 'https://other.test/api/v1' }),
    )
    expect(await get('/forms?empty')).toEqual({ status: 200, body: { forms: [] } })
    expect(((await get('/forms')).body as { forms: unknown[] }).forms.length).toBeGreaterThan(0)
    expect((await get('/forms/frm_aaaaaaaaaaaa')).status).toBe(404)
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { setupMockServer } from '../../mock/node/index.ts'

const TOKEN = 'the-team-control-token-1'
const CONTROL = [
  ['POST', '/__mock/reset'],
  ['GET', '/__mock/state'],
  ['PUT', '/__mock/state'],
  ['GET', '/__mock/unknown'],
] as const

describe('control routes of a server given a control token', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0, controlToken: TOKEN })
  })
  afterAll(() => server.close())
  const call = (method: string, path: string, authorization?: string) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: authorization ? { authorization } : {},
      ...(method === 'PUT' ? { body: '{}' } : {}),
    })

  it('answer 401 in the plain error shape without the token, or with another', async () => {
    const before = await (await call('GET', '/__mock/state', `Bearer ${TOKEN}`)).text()
    for (const [method, path] of CONTROL) {
      for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${ACME_KEY}`, TOKEN]) {
        const res = await call(method, path, authorization)
        expect([method, path, authorization, res.status]).toEqual([
          method,
          path,
          authorization,
          401,
        ])
        expect(res.headers.get('www-authenticate')).toBe('Bearer realm="engagement-mock control"')
        const body = (await res.json()) as Record<string, unknown>
        expect(Object.keys(body)).toEqual(['error'])
        expect(body.error).toMatch(
          authorization?.startsWith('Bearer ') ? /not the control token/ : /need its control token/,
        )
      }
    }
    // Nothing was reset or replaced.
    expect(await (await call('GET', '/__mock/state', `Bearer ${TOKEN}`)).text()).toBe(before)
  })

  it('answer as usual with it', async () => {
    const state = await call('GET', '/__mock/state', `Bearer ${TOKEN}`)
    expect(state.status).toBe(200)
    expect(await state.json()).toMatchObject({ format: 'engagement-mock-state' })
    expect((await call('POST', '/__mock/reset', `bearer  ${TOKEN}`)).status).toBe(200)
    expect((await call('GET', '/__mock/unknown', `Bearer ${TOKEN}`)).status).toBe(404)
  })

  it('leave the API, the docs, the OpenAPI document and the preflight open', async () => {
    const api = await fetch(`${server.baseUrl}/forms`, {
      headers: { authorization: `Bearer ${ACME_KEY}` },
    })
    expect(api.status).toBe(200)
    expect((await fetch(`${server.url}/openapi.json`)).status).toBe(200)
    const preflight = await fetch(`${server.url}/__mock/state`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-headers': 'authorization',
      },
    })
    expect(preflight.status).toBe(204)
  })

  it('are said in the running server', () => {
    expect(server.control).toEqual({ token: TOKEN, generated: false })
  })
})

describe('control routes without a token', () => {
  it('stay open on loopback', async () => {
    const server = await startServer({ port: 0 })
    try {
      expect(server.control).toEqual({ generated: false })
      expect((await fetch(`${server.url}/__mock/state`)).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('stay open in-process (msw), where no other machine can reach them', async () => {
    const server = setupMockServer({ baseUrl: 'https://api.example.test/api/v1' })
    server.listen({ onUnhandledRequest: 'error' })
    try {
      expect((await fetch('https://api.example.test/__mock/state')).status).toBe(200)
    } finally {
      server.close()
    }
  })
})

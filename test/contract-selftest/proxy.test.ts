import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { API_PREFIX, LIMITS } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/organizations.ts'
import { startServer } from '../../mock/http/index.ts'
import { startProxy } from './proxy.ts'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

/** An upstream that drops a kept-alive connection when it is used again, as one closing idle does. */
const dropsReusedSockets = async () => {
  const served = new WeakMap<object, number>()
  const server: Server = createServer((req, res) => {
    const count = (served.get(req.socket) ?? 0) + 1
    served.set(req.socket, count)
    if (count > 1) {
      req.socket.destroy()
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"forms":[]}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${API_PREFIX}`
}

describe('the self-test proxy', () => {
  it('sends again on a new connection when the upstream closed the kept-alive one it reused', async () => {
    const proxy = await startProxy(await dropsReusedSockets())
    closers.unshift(proxy.close)
    for (let i = 0; i < 3; i += 1) {
      const answer = await fetch(`${proxy.baseUrl}/forms`)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ forms: [] })
    }
  })
})

/** Requests of every kind the self-test sends, and those the HTTP host answers before the mock. */
const REQUESTS: Array<{ path: string; init: RequestInit }> = [
  { path: '/forms?limit=2', init: { headers: { authorization: `Bearer ${ACME_KEY}` } } },
  { path: '/forms', init: {} },
  { path: '/forms', init: { headers: { authorization: 'Bearer nobody' } } },
  {
    path: '/forms',
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Through the proxy' }),
    },
  },
  {
    path: '/forms',
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
      body: '{"name":',
    },
  },
  {
    path: '/forms',
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'text/plain' },
      body: '{}',
    },
  },
  { path: '/forms', init: { method: 'POST', headers: { authorization: `Bearer ${ACME_KEY}` } } },
  {
    path: '/forms',
    init: { headers: { authorization: `Bearer ${ACME_KEY}`, prefer: 'code=503' } },
  },
  { path: '/forms', init: { method: 'PUT', headers: { authorization: `Bearer ${ACME_KEY}` } } },
  { path: '/nowhere', init: { headers: { authorization: `Bearer ${ACME_KEY}` } } },
  { path: '/forms', init: { method: 'OPTIONS' } },
  {
    path: '/forms',
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
      body: `"${'x'.repeat(LIMITS.bodyBytes)}"`,
    },
  },
]

/** What a client of the proxy reads of each answer of REQUESTS, sent in order. */
const answersThrough = async (baseUrl: string) => {
  const answers: Array<{ status: number; type: string | null; text: string }> = []
  for (const { path, init } of REQUESTS) {
    const answer = await fetch(baseUrl + path, init)
    answers.push({
      status: answer.status,
      type: answer.headers.get('content-type'),
      text: await answer.text(),
    })
  }
  return answers
}

describe('the self-test proxy in front of a mock of this process', () => {
  it('answers as over HTTP, calling the mock directly for the requests its host hands over as they are', async () => {
    const clock = () => new Date('2026-11-29T12:00:00.000Z')
    const overHttp = await startServer({ port: 0, clock })
    const local = await startServer({ port: 0, clock })
    closers.unshift(overHttp.close, local.close)
    const hopping = await startProxy(overHttp.baseUrl)
    const direct = await startProxy(local.baseUrl, local.mock)
    closers.unshift(hopping.close, direct.close)
    let reachedLocal = 0
    local.server.on('request', () => {
      reachedLocal += 1
    })

    const expected = await answersThrough(hopping.baseUrl)
    expect(await answersThrough(direct.baseUrl)).toEqual(expected)
    expect(expected.map((answer) => answer.status)).toEqual([
      200, 401, 401, 201, 400, 415, 400, 503, 405, 404, 204, 413,
    ])
    // Only the preflight and the oversize body crossed a second hop.
    expect(reachedLocal).toBe(2)
  })
})

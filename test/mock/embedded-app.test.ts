import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { createMock } from '../../mock/create.ts'
import { createApp } from '../../mock/http/index.ts'

/** `startServer` hands API requests to node:http directly; `createApp` must serve them on its own. */
let server: Server
let origin: string

beforeAll(async () => {
  const mock = createMock()
  await mock.ready
  const outer = express()
  outer.get('/health', (_req, res) => {
    res.send('ok')
  })
  outer.use(createApp(mock))
  server = await new Promise<Server>((resolve) => {
    const listening = outer.listen(0, '127.0.0.1', () => resolve(listening))
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const auth = { authorization: `Bearer ${ACME_KEY}` }

describe('createApp mounted in an express app of your own', () => {
  it('serves the API beside your own routes, writes included', async () => {
    expect(await (await fetch(`${origin}/health`)).text()).toBe('ok')
    const created = await fetch(`${origin}/api/v1/forms`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Embedded' }),
    })
    expect(created.status).toBe(201)
    const listed = (await (await fetch(`${origin}/api/v1/forms`, { headers: auth })).json()) as {
      forms: Array<{ title: string }>
    }
    expect(listed.forms[0]?.title).toBe('Embedded')
  })

  it('answers errors in the route’s shape and serves the control routes', async () => {
    const unauthorized = await fetch(`${origin}/api/v1/forms`)
    expect(unauthorized.status).toBe(401)
    expect(await unauthorized.json()).toEqual({ error: expect.any(String) })
    const state = await fetch(`${origin}/__mock/state`)
    expect(state.status).toBe(200)
    expect(((await state.json()) as { format: string }).format).toBe('engagement-mock-state')
  })
})

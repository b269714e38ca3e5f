import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createApiHandler } from './api-host.ts'
import type { MockRequest, MockResponse } from './core/dispatch.ts'
import type { MockCore } from './core/mock.ts'

// body-parser comes with express: a host that loads it here fails its request instead.
vi.mock('express', () => {
  throw new Error('express was loaded')
})

/** Answers each request with the body it was handed. */
let handled: MockRequest[] = []
const echo = {
  async handle(request: MockRequest): Promise<MockResponse> {
    handled.push(request)
    const text = JSON.stringify({ body: request.body ?? null })
    return { status: 200, body: {}, text, headers: {} }
  },
  reject: () => ({ status: 500, body: {}, text: '{"error":"refused"}', headers: {} }),
} as unknown as MockCore

let server: Server | undefined
const listen = async () => {
  const handle = createApiHandler(echo)
  server = createServer((req, res) => handle(req, res, '/forms'))
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}

afterEach(async () => {
  handled = []
  vi.restoreAllMocks()
  await new Promise((resolve) => server?.close(resolve))
})

describe('the API host reading a body', () => {
  it('reads an unencoded body itself: body-parser (with express) is not loaded for it', async () => {
    const url = await listen()
    const body = JSON.stringify({ title: 'Ünïcode body', fields: [] })
    const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'json' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ body })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })

  it('answers nothing for an upload cut off halfway, and keeps serving', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const url = await listen()
    const port = Number(new URL(url).port)
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('POST /api/v1/forms HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"a":')
        setTimeout(() => socket.destroy(), 50)
      })
      socket.on('close', () => resolve())
    })
    const res = await fetch(url, { method: 'POST', body: '{}' })
    expect(await res.json()).toEqual({ body: '{}' })
    // The cut-off upload never reached the mock, and nothing was logged as the host's fault.
    expect(handled.map((request) => request.body)).toEqual(['{}'])
    expect(error).not.toHaveBeenCalled()
  })
})

import type { IncomingMessage } from 'node:http'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { Secrets } from '../report-format/secrets.ts'
import { exchangeHead, flightOf, openFlight } from './flight.ts'

const KEY = 'sk_live_abcdef123456'

const request = (url: string, headers: Record<string, string> = {}) =>
  Object.assign(new PassThrough(), { url, method: 'POST', headers }) as unknown as IncomingMessage

describe("an exchange's bookkeeping", () => {
  it('numbers the exchange, places it under the API root and keeps it on its request', () => {
    const req = request('/api/v1/forms?limit=2')
    const flight = openFlight(req, 7, '/api/v1', 1024, new Secrets())
    expect(flight).toMatchObject({ index: 7, path: '/forms?limit=2', requestSent: false })
    expect(flightOf(req)).toBe(flight)
    expect(openFlight(request('/health'), 8, '/api/v1', 1024, new Secrets()).path).toBeUndefined()
  })

  it('taps a request body only when a header announces one, and marks it sent', () => {
    const bare = request('/api/v1/forms')
    openFlight(bare, 1, '/api/v1', 1024, new Secrets())
    expect(bare.listenerCount('data')).toBe(0)
    const posted = request('/api/v1/forms', { 'content-length': '12' })
    const flight = openFlight(posted, 2, '/api/v1', 1024, new Secrets())
    posted.emit('data', Buffer.from('{"title":"a"}'))
    expect(flight.requestSent).toBe(true)
    expect(flight.request.read().text).toBe('{"title":"a"}')
  })

  it('replaces the credential in the request headers, and wherever the head repeats it', () => {
    const secrets = new Secrets()
    const req = request(`/api/v1/forms?key=${KEY}`, { authorization: `Bearer ${KEY}` })
    const flight = openFlight(req, 3, '/api/v1', 1024, secrets)
    expect(flight.requestHeaders.authorization).not.toContain(KEY)
    const head = exchangeHead(req, flight, 201, { 'x-echo': KEY }, 'https://api.example', secrets)
    expect(head).toMatchObject({ method: 'POST', status: 201 })
    expect(JSON.stringify(head)).not.toContain(KEY)
    expect(head.url).toMatch(/^https:\/\/api\.example\/api\/v1\/forms\?key=\$/)
  })
})

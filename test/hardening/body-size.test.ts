import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LIMITS, PlainError, ValidationError } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import { createMock } from '../../mock/create.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { asAcme } from './acme.ts'
import { send, sendRaw, statusOfRaw } from './http.ts'
import { bearer, json } from './world.ts'

const auth = bearer(ACME_KEY)
let mock: MockCore
let server: RunningServer
let call: ReturnType<typeof asAcme>['call']
let created: ReturnType<typeof asAcme>['created']

beforeAll(async () => {
  mock = createMock({ plan: false })
  server = await startServer({ port: 0, mock })
  ;({ call, created } = asAcme(mock))
})
afterAll(() => server.close())

describe('bodies over 1 MiB', () => {
  it('are refused with 413 before anything else, counting bytes rather than characters', async () => {
    const notJson = `{${'x'.repeat(LIMITS.bodyBytes)}`
    expect((await call('POST', '/forms', notJson)).status).toBe(413)
    // Before authentication and routing too: a client learns the limit whatever else is wrong.
    const anonymous = await mock.handle({
      method: 'GET',
      path: '/nowhere',
      headers: {},
      body: notJson,
    })
    expect(anonymous.status).toBe(413)
    // 'é' is two bytes: fewer characters than the limit, more bytes.
    const wide = `{"title":"${'é'.repeat(LIMITS.bodyBytes / 2)}"}`
    expect(wide.length).toBeLessThan(LIMITS.bodyBytes)
    expect((await call('POST', '/forms', wide)).status).toBe(413)
    // Exactly at the limit is read (and refused for what it says, not for its size).
    const atLimit = `{"title":"${'x'.repeat(LIMITS.bodyBytes - 12)}"}`
    expect(Buffer.byteLength(atLimit)).toBe(LIMITS.bodyBytes)
    expect((await call('POST', '/forms', atLimit)).status).toBe(400)
  })

  it('are answered 413 over HTTP, before anything else, for any path under the API root', async () => {
    const big = `{"title":"${'x'.repeat(LIMITS.bodyBytes)}"}`
    for (const [method, path, headers] of [
      ['POST', '/forms', { ...auth, ...json }],
      ['POST', '/forms', {}],
      ['POST', '/nowhere', { ...auth, ...json }],
    ] as const) {
      const answer = await send(server.url, { method, path, headers, body: big })
      expect(answer.status).toBe(413)
      expect(PlainError.parse(JSON.parse(answer.text)).error).toMatch(/1 MiB/)
    }
  })

  it('are answered 413 over HTTP in the validation shape on the five operations that use it', async () => {
    const form = (await created('/forms', { title: 'Limits' })).form
    const answer = await send(server.url, {
      method: 'PATCH',
      path: `/forms/${form.id}`,
      headers: { ...auth, ...json },
      body: `{"title":"${'x'.repeat(LIMITS.bodyBytes)}"}`,
    })
    expect(answer.status).toBe(413)
    expect(ValidationError.safeParse(JSON.parse(answer.text)).success).toBe(true)
  })

  const head = (length: number, extra = '') =>
    `POST /api/v1/forms HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACME_KEY}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`

  it('are refused from the Content-Length alone, without waiting for the body', async () => {
    // The body never comes: only an answer from the headers alone can arrive.
    const { text } = await sendRaw(server.url, `${head(100_000_000)}{"title":`, 5_000, (received) =>
      received.includes('\r\n\r\n'),
    )
    expect(statusOfRaw(text)).toBe(413)
  })

  it('are read to the end after the 413, so a client still uploading is not reset and its connection serves on', async () => {
    const length = LIMITS.bodyBytes * 2
    const next = `GET /api/v1/forms HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACME_KEY}\r\n\r\n`
    const statuses = (text: string) =>
      [...text.matchAll(/^HTTP\/1\.1 (\d{3})/gm)].map((m) => Number(m[1]))
    const { text } = await sendRaw(
      server.url,
      head(length) + 'x'.repeat(length) + next,
      5_000,
      (received) => statuses(received).length === 2,
    )
    expect(statuses(text)).toEqual([413, 200])
  })

  it('cut off a client that stops sending after its 413', async () => {
    const { text, closed } = await sendRaw(server.url, `${head(100_000_000)}{"title":`, 10_000)
    expect(statusOfRaw(text)).toBe(413)
    expect(closed).toBe(true)
  })

  it('are answered 413 instead of 100 Continue to a client that waits before sending', async () => {
    const { text, closed } = await sendRaw(
      server.url,
      head(100_000_000, 'Expect: 100-continue\r\n'),
      5_000,
    )
    expect(text).not.toContain('100 Continue')
    expect(statusOfRaw(text)).toBe(413)
    // The body it holds back would otherwise be read as the next request.
    expect(closed).toBe(true)
    expect(text).toMatch(/^connection: close/im)
  })

  it('still get 100 Continue when they are within the limit', async () => {
    const body = '{"title":"Continued"}'
    const { text } = await sendRaw(
      server.url,
      head(Buffer.byteLength(body), 'Expect: 100-continue\r\n'),
      1_000,
      (received) => received.includes('\r\n\r\n'),
    )
    expect(statusOfRaw(text)).toBe(100)
  })
})

describe('header and URL sizes', () => {
  it('are limited by the HTTP host, which keeps serving afterwards', async () => {
    const headers = await sendRaw(
      server.url,
      `GET /api/v1/forms HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ACME_KEY}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    )
    expect(statusOfRaw(headers.text)).toBe(431)
    const url = await sendRaw(
      server.url,
      `GET /api/v1/forms/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    )
    expect([414, 431]).toContain(statusOfRaw(url.text))
    const after = await send(server.url, { method: 'GET', path: '/forms', headers: auth })
    expect(after.status).toBe(200)
  })
})

import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { answerNoUpstream, createForwarder, noAnswerWhy } from './forward.ts'

const servers: Server[] = []
const listen = async (handler: RequestListener) => {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A proxy in front of `upstream` that answers a missing upstream as the validating proxy does. */
const forwarding = async (upstream: URL) => {
  const { proxy, close } = createForwarder(upstream, 5_000, false)
  const url = await listen((req, res) => {
    const started = Date.now()
    proxy.web(req, res, {}, (error) => {
      const { why } = noAnswerWhy(error, Date.now() - started, 5_000, upstream.host)
      answerNoUpstream(res, 9, upstream.origin, why)
    })
  })
  return { url, close }
}

const failure = (code: string | undefined, message = 'boom') =>
  Object.assign(new Error(message), code ? { code } : {})

describe('the forwarding', () => {
  it("forwards the request unchanged to the upstream's origin, Host naming the upstream", async () => {
    const upstream = new URL(
      `${await listen((req, res) => res.end(`${req.method} ${req.url} ${req.headers.host}`))}/api/v1`,
    )
    const { url, close } = await forwarding(upstream)
    const answer = await fetch(`${url}/api/v1/forms?limit=2`)
    expect(await answer.text()).toBe(`GET /api/v1/forms?limit=2 ${upstream.host}`)
    close()
  })

  it('answers 502 saying why when the upstream is down', async () => {
    const gone = createServer()
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve))
    const upstream = new URL(`http://127.0.0.1:${(gone.address() as AddressInfo).port}`)
    await new Promise((resolve) => gone.close(resolve))
    const { url, close } = await forwarding(upstream)
    const answer = await fetch(`${url}/forms`)
    expect(answer.status).toBe(502)
    expect(answer.headers.get('x-contract-proxy')).toBe('upstream-error')
    expect(answer.headers.get('x-contract-exchange')).toBe('9')
    expect(await answer.json()).toEqual({
      error: `The proxy got no answer from ${upstream.origin}: connection refused (${upstream.host} is down or not listening).`,
    })
    close()
  })

  it('tells a slow upstream, a reset and any other failure apart', () => {
    expect(noAnswerWhy(failure('ECONNRESET'), 5_000, 5_000, 'h')).toEqual({
      why: 'no answer within 5000 ms',
      kind: 'too slow',
    })
    expect(noAnswerWhy(failure('ECONNRESET'), 10, 5_000, 'h')).toEqual({
      why: 'the upstream reset the connection',
      kind: 'ECONNRESET',
    })
    expect(noAnswerWhy(failure(undefined, 'bad certificate'), 10, 5_000, 'h')).toEqual({
      why: 'bad certificate',
      kind: 'error',
    })
  })
})

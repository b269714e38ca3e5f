import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { API_PREFIX } from '../../contract/index.ts'
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

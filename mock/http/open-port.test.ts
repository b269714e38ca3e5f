import { once } from 'node:events'
import { request as httpRequest } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { type OpenPort, openPort } from './open-port.ts'

let opened: OpenPort | undefined
afterEach(() => opened?.close())

/** A request whose answer is read in full; `sent` settles once the server has it. */
const ask = (port: number, path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ port, host: '127.0.0.1', path, headers }, (res) => {
      let body = ''
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on('error', reject)
    req.end()
  })

describe('a port opened before what answers on it', () => {
  it('holds the requests that came before `answer`, then answers them in order', async () => {
    opened = openPort(0, '127.0.0.1')
    const port = await opened.listening
    // A second listener sees each request reach the server; nothing answers it yet.
    let arrived = 0
    opened.server.on('request', () => arrived++)
    const first = ask(port, '/first')
    const second = ask(port, '/second')
    while (arrived < 2) await once(opened.server, 'request')
    const seen: string[] = []
    opened.answer(
      (req, res) => {
        seen.push(req.url ?? '')
        res.end(`answered ${req.url}`)
      },
      () => undefined,
    )
    expect(await first).toEqual({ status: 200, body: 'answered /first' })
    expect(await second).toEqual({ status: 200, body: 'answered /second' })
    // Later requests go straight to the listener.
    expect(await ask(port, '/later')).toEqual({ status: 200, body: 'answered /later' })
    expect(seen).toEqual(['/first', '/second', '/later'])
  })

  it("hands a held Expect: 100-continue request to the answer's own listener for it", async () => {
    opened = openPort(0, '127.0.0.1')
    const port = await opened.listening
    const reached = once(opened.server, 'checkContinue')
    const answer = ask(port, '/upload', { expect: '100-continue' })
    await reached
    opened.answer(
      (_req, res) => res.end('plain'),
      (_req, res) => res.writeHead(413).end('too large'),
    )
    expect(await answer).toEqual({ status: 413, body: 'too large' })
  })

  it('reports a port in use through `listening`, and closing drops held connections', async () => {
    opened = openPort(0, '127.0.0.1')
    const port = await opened.listening
    const taken = openPort(port, '127.0.0.1')
    await expect(taken.listening).rejects.toMatchObject({ code: 'EADDRINUSE' })
    const held = ask(port, '/never')
    await once(opened.server, 'request')
    opened.close()
    await expect(held).rejects.toThrow()
    opened = undefined
  })
})

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { startServer } from '../../mock/http/index.ts'

/** What a hostile deployment can do to an answer (content) or to the connection (transport). */
export type Fault =
  | 'deep'
  | 'huge'
  | 'invalid'
  | 'wrong-types'
  | 'reset'
  | 'drip'
  | 'silence'
  | 'none'

export const DEPTH = 100_000
/** `{"form":[[[…]]]}`, 100,000 levels: 200 KB that overflow any recursive reader. */
export const deepAnswer = (wrapper: string) =>
  `{"${wrapper}":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`

export interface HostileOptions {
  /** The fault of a request that does not name one in `x-fault` (check and --explore send none). */
  fault?: (method: string, path: string) => Fault
  /** Every answer carries the request's Authorization value, in a header and in its JSON body. */
  echo?: boolean
}

export interface Hostile {
  apiRoot: string
  close: () => Promise<void>
}

/** Headers fetch sets itself (or refuses), and the fault switch. */
const HOP = /^(host|connection|keep-alive|transfer-encoding|content-length|expect|upgrade|x-fault)$/

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * A deployment that misbehaves: our own mock behind a server that breaks its answers as told,
 * per request (`x-fault: deep`) or by `fault(method, path)`. Transport: resets, drips, silence.
 * Content: 100,000-deep JSON, 20 MB, invalid JSON, wrong types, and (`echo`) the caller's key
 * echoed back in a header and in the body.
 */
export const startHostile = async (options: HostileOptions = {}): Promise<Hostile> => {
  const mock = await startServer({ port: 0 })
  const hanging = new Set<ServerResponse>()
  const server = createServer(async (req, res) => {
    const path = (req.url ?? '/').replace(/^\/api\/v1/, '')
    const fault =
      (req.headers['x-fault'] as Fault | undefined) ??
      options.fault?.(req.method ?? 'GET', path) ??
      'none'
    const body = await readBody(req)
    if (fault === 'reset') {
      req.socket.destroy()
      return
    }
    if (fault === 'silence') {
      hanging.add(res)
      return
    }
    const answer = await fetch(`${mock.baseUrl}${path}`, {
      method: req.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(req.headers).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && !HOP.test(e[0]),
        ),
      ),
      ...(body === '' ? {} : { body }),
    })
    let text = await answer.text()
    const auth = req.headers.authorization ?? ''
    const wrapper = /^\{"(\w+)"/.exec(text)?.[1] ?? 'form'
    if (fault === 'deep') text = deepAnswer(wrapper)
    else if (fault === 'huge') text = `{"${wrapper}":"${'x'.repeat(20 * 1024 * 1024)}"}`
    else if (fault === 'invalid') text = `{"${wrapper}": [ not json`
    else if (fault === 'wrong-types') text = `{"${wrapper}":{"id":5,"title":[],"fields":"none"}}`
    else if (options.echo && text.startsWith('{')) {
      text = `{"debug":{"caller":${JSON.stringify(auth)}},${text.slice(1)}`
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (options.echo) headers['x-debug-authorization'] = auth
    const status = fault === 'none' ? answer.status : 200
    if (fault === 'drip') {
      res.writeHead(status, headers)
      const third = Math.ceil(text.length / 3)
      for (let i = 0; i < 3; i++) {
        res.write(text.slice(i * third, (i + 1) * third))
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      res.end()
      return
    }
    res.writeHead(status, headers)
    res.end(text)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    apiRoot: `http://127.0.0.1:${port}/api/v1`,
    close: async () => {
      for (const res of hanging) res.destroy()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await mock.close()
    },
  }
}

/** Every file under `dir` (reports, a HAR) with its text: what a run wrote. */
export const writtenFiles = (dir: string): { path: string; text: string }[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }))

/** The texts that contain `secret`, by where they are: empty when nothing leaked. */
export const leaks = (secret: string, texts: readonly { path: string; text: string }[]) =>
  texts.filter(({ text }) => text.includes(secret)).map(({ path }) => path)

import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

export interface ApiSite {
  url: string
  close: () => Promise<void>
}

const read = async (req: IncomingMessage) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * A page's own server as a frontend's dev server is: the built files at `/`, and `/api/…`
 * forwarded to a real deployment at `upstreamOrigin` (same origin for the page, so no CORS).
 */
export const serveWithApi = async (dir: string, upstreamOrigin: string): Promise<ApiSite> => {
  const files = new Map(readdirSync(dir).map((name) => [`/${name}`, readFileSync(join(dir, name))]))
  const server = createServer(async (req, res) => {
    const url = req.url ?? '/'
    if (url.startsWith('/api/')) {
      const body = await read(req)
      const headers: Record<string, string> = {}
      for (const name of ['authorization', 'content-type', 'accept']) {
        const value = req.headers[name]
        if (typeof value === 'string') headers[name] = value
      }
      const answer = await fetch(upstreamOrigin + url, {
        method: req.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body } : {}),
      })
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
      })
      res.end(Buffer.from(await answer.arrayBuffer()))
      return
    }
    const path = new URL(url, 'http://site').pathname
    const file = files.get(path === '/' ? '/index.html' : path)
    if (!file) {
      res.writeHead(404).end()
      return
    }
    const type = path.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8'
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(file)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
}

export interface StaticServer {
  url: string
  /** Every request it saw, `METHOD /path`: proof of what did (not) reach the network. */
  requests: string[]
  close: () => Promise<void>
}

/**
 * Serves the files of one folder as they are at start, and nothing else: no API, no fallback.
 * Any API answer a page gets must therefore come from its service worker.
 */
export const serveFolder = async (dir: string): Promise<StaticServer> => {
  const files = new Map<string, Buffer>(
    readdirSync(dir).map((name) => [`/${name}`, readFileSync(join(dir, name))] as const),
  )
  const requests: string[] = []
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://static').pathname
    requests.push(`${req.method} ${path}`)
    const body = files.get(path === '/' ? '/index.html' : path)
    if (body === undefined || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not one of the static files.')
      return
    }
    const type = TYPES[extname(path === '/' ? '/index.html' : path)] ?? 'application/octet-stream'
    res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

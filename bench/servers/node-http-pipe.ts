import { Agent, createServer, request } from 'node:http'
import { listenAndAnnounce } from './bare-http.ts'

/**
 * For information beside the forwarding floor (forward-floor.ts): node:http on both sides, a
 * keep-alive agent to the upstream, the request and the answer piped through as they came, with
 * none of a proxy library's handling. Shows what http-proxy-3 itself costs; judges nothing.
 * The upstream's origin is the argument.
 */
const [upstream] = process.argv.slice(2) as [string]
const { hostname, port } = new URL(upstream)
const agent = new Agent({ keepAlive: true, maxSockets: 256 })
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te'])

const server = createServer((req, res) => {
  const out = request(
    { agent, hostname, port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value)
      }
      res.statusCode = answer.statusCode ?? 502
      answer.pipe(res)
    },
  )
  out.on('error', () => res.destroy())
  req.pipe(out)
})
server.keepAliveTimeout = 65_000
listenAndAnnounce(server)

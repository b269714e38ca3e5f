import { Agent, createServer } from 'node:http'
import { createProxyServer } from 'http-proxy-3'
import { DEFAULT_TIMEOUT_MS } from '../../mock/proxy/proxy.ts'
import { listenAndAnnounce } from './bare-http.ts'

/**
 * The floor of our dependencies for the validating proxy, as the POST floor is for the mock:
 * http-proxy-3 forwarding the same traffic with the same settings as mock/proxy/proxy.ts (a
 * kept-alive agent without Nagle's delay, Host naming the upstream, the default 30 s time-out),
 * and no check, no body taps, no report. What our proxy costs beyond this is ours. The upstream's origin is the argument.
 */
const [upstream] = process.argv.slice(2) as [string]
const agent = new Agent({ keepAlive: true, maxSockets: 256, noDelay: true })
const proxy = createProxyServer({
  target: upstream,
  changeOrigin: true,
  agent,
  proxyTimeout: DEFAULT_TIMEOUT_MS,
})

const server = createServer((req, res) => {
  proxy.web(req, res, {}, () => {
    if (!res.headersSent) res.writeHead(502)
    res.end()
  })
})
server.keepAliveTimeout = 65_000
listenAndAnnounce(server)

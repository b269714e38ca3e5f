import { Agent, createServer, request as httpRequest, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { API_PREFIX } from '../../contract/index.ts'
import { bodyTooLarge, JSON_HEADERS } from '../../mock/core/dispatch.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import { apiPath } from '../../mock/http/api-host.ts'

/** A request as the proxy received it; `path` is relative to the API root and keeps its query. */
export interface ProxyRequest {
  method: string
  path: string
  headers: Record<string, string>
  body: string
}
export interface ProxyAnswer {
  status: number
  contentType: string
  text: string
}
export type Forward = (request: ProxyRequest) => Promise<ProxyAnswer>
/** One deviant behaviour: decide what the client gets, calling the real mock as often as needed. */
export type Handler = (request: ProxyRequest, forward: Forward) => Promise<ProxyAnswer>

const HOP_BY_HOP = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
])

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, prefer',
}

const readBody = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export interface RunningProxy {
  /** API root through the proxy. */
  baseUrl: string
  /** Every request from now on goes through `handler`; `undefined` passes everything through. */
  use: (handler: Handler | undefined) => void
  close: () => Promise<void>
}

/** Methods whose requests the HTTP host hands to `mock.handle` as they are (no preflight, no HEAD). */
const IN_PROCESS_METHODS = new Set(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'])

/**
 * `forward` straight to `mock.handle` for a request the HTTP host (mock/http/api-host.ts) would
 * hand to it unchanged: an API path, a body that is neither compressed nor over the limit. It
 * answers what the host would send: the status, the content type the host writes and the text.
 * Anything else (a preflight, a compressed or oversize body, a path outside the API) is
 * `undefined`: the caller sends it over HTTP, where the host's own code answers it.
 */
const inProcess =
  (mock: MockCore, upstreamPath: string) =>
  (request: ProxyRequest): Promise<ProxyAnswer> | undefined => {
    if (!IN_PROCESS_METHODS.has(request.method)) return undefined
    if (request.headers['content-encoding'] !== undefined) return undefined
    if (bodyTooLarge(request.body)) return undefined
    // The host reads the path as it arrived, the query dropped (apiPath).
    const path = apiPath(upstreamPath + request.path)
    if (path === undefined) return undefined
    const { method, headers, body } = request
    return mock
      .handle(body === '' ? { method, path, headers } : { method, path, headers, body })
      .then((response) => ({
        status: response.status,
        contentType: response.headers['content-type'] ?? JSON_HEADERS['content-type'],
        text: response.text,
      }))
  }

/**
 * A response-rewriting proxy in front of the mock: the deviant deployments of the self-test are
 * this proxy with one handler each, so the mock itself has no fault switch.
 * `local`: the mock `upstreamBaseUrl` serves, in this process. Its API requests are then answered
 * by calling it, not over a second HTTP hop: the hop (node:http client, then the host's server)
 * cost the self-test about as much CPU as the client's own requests, and judged nothing the
 * client's hop to this proxy does not already cross.
 */
export const startProxy = async (
  upstreamBaseUrl: string,
  local?: MockCore,
): Promise<RunningProxy> => {
  let handler: Handler | undefined
  // node:http with kept-alive sockets, not fetch: each exchange of the self-test crosses this hop,
  // and undici's fetch cost about as much CPU as the mock answering it.
  const upstream = new URL(upstreamBaseUrl)
  const agent = new Agent({ keepAlive: true })
  const send = (request: ProxyRequest, retried: boolean): Promise<ProxyAnswer> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...request.headers }
      if (request.body !== '') headers['content-length'] = String(Buffer.byteLength(request.body))
      const sent = httpRequest(
        {
          agent,
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: upstream.pathname + request.path,
          headers,
        },
        (answer) => {
          readBody(answer).then(
            (text) =>
              resolve({
                status: answer.statusCode ?? 502,
                contentType: answer.headers['content-type'] ?? 'application/json',
                text,
              }),
            reject,
          )
        },
      )
      // A kept-alive socket the server closed as it was reused: Node's documented case for sending
      // again (`request.reusedSocket`); under load it showed as a 502 of the self-test's own hop.
      sent.on('error', (error: NodeJS.ErrnoException) => {
        if (sent.reusedSocket && error.code === 'ECONNRESET' && !retried) {
          send(request, true).then(resolve, reject)
        } else reject(error)
      })
      sent.end(request.body === '' ? undefined : request.body)
    })
  const direct = local && inProcess(local, upstream.pathname)
  const forward: Forward = (request) => direct?.(request) ?? send(request, false)
  const server = createServer(async (req, res) => {
    try {
      const url = req.url ?? '/'
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) {
        if (!HOP_BY_HOP.has(name) && typeof value === 'string') headers[name] = value
      }
      const request: ProxyRequest = {
        method: req.method ?? 'GET',
        path: url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url,
        headers,
        body: await readBody(req),
      }
      const answer = await (handler ?? ((r, f) => f(r)))(request, forward)
      // Any origin, as the mock allows it: a page elsewhere may call a deviant deployment too.
      res.writeHead(answer.status, { 'content-type': answer.contentType, ...CORS }).end(answer.text)
    } catch (error) {
      res
        .writeHead(502, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: `Self-test proxy failed: ${String(error)}` }))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}${API_PREFIX}`,
    use: (next) => {
      handler = next
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
        agent.destroy()
      }),
  }
}

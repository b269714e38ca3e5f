import { Agent, request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { gzipSync } from 'node:zlib'
import { API_PREFIX } from '../../contract/index.ts'
import type { Answer, SentRequest } from './oracle.ts'

/**
 * HTTP exactly as written: node:http sends the path without normalising dot segments or
 * re-encoding escapes (fetch would), so path tricks reach the host as a broken client sends them.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 32 })

export interface WireOptions {
  /** `gzip`: the body compressed, as declared; `garbage`: declared gzip, but not gzip. */
  encoding?: 'gzip' | 'garbage' | undefined
  /** Send the body chunked, without a Content-Length. */
  chunked?: boolean
  /** Path relative to the origin instead of the API root. */
  fromOrigin?: boolean
  /** Another connection pool, e.g. one socket per request. */
  agent?: Agent
}

export const send = (origin: string, request: SentRequest, options: WireOptions = {}) =>
  new Promise<Answer>((resolve, reject) => {
    const url = new URL(origin)
    let payload: Buffer | undefined =
      request.body === undefined ? undefined : Buffer.from(request.body, 'utf8')
    const headers: Record<string, string | number> = { ...request.headers }
    if (payload && options.encoding === 'gzip') payload = gzipSync(payload)
    if (payload && options.encoding) headers['content-encoding'] = 'gzip'
    // node:http would send a GET or DELETE body without framing at all: say chunked explicitly.
    if (payload) {
      if (options.chunked) headers['transfer-encoding'] = 'chunked'
      else headers['content-length'] = payload.length
    }
    const req = httpRequest(
      {
        agent: options.agent ?? agent,
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: (options.fromOrigin ? '' : API_PREFIX) + request.path,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers as Record<string, string | undefined>,
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })

/**
 * Raw bytes on a fresh socket, for what node:http will not send (a Content-Length it does not
 * honour, oversized headers). Resolves with what came back within `waitMs` (or as soon as `until`
 * holds of it).
 */
export const sendRaw = (
  origin: string,
  bytes: string,
  waitMs = 1_000,
  until: (text: string) => boolean = () => false,
) =>
  new Promise<{ text: string; closed: boolean }>((resolve) => {
    const url = new URL(origin)
    let text = ''
    let settled = false
    const finish = (closed: boolean) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      socket.destroy()
      resolve({ text, closed })
    }
    const socket = connect(Number(url.port), url.hostname, () => socket.write(bytes))
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8')
      if (until(text)) finish(false)
    })
    socket.on('error', () => finish(true))
    socket.on('close', () => finish(true))
    const timer = setTimeout(() => finish(false), waitMs)
  })

export const statusOfRaw = (text: string) => Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)

export const stateOf = async (origin: string) =>
  (await send(origin, { method: 'GET', path: '/__mock/state', headers: {} }, { fromOrigin: true }))
    .text

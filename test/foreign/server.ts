import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  authenticate,
  DEFAULT_KEYS,
  type Entitlement,
  FOREIGN_KEYS,
  type KeyGrant,
} from './auth.ts'
import { type ErrorShape, type Failure, fail, type Outcome, render } from './errors.ts'
import type { Release } from './releases.ts'
import { matchRoute } from './routes.ts'
import { type Deployment, newDeployment } from './store.ts'

export { FOREIGN_KEYS }

export interface ForeignOptions {
  release?: Release
  /** API keys → organization and entitlements; defaults to FOREIGN_KEYS. */
  keys?: Record<string, { org: string; entitlements: Array<Entitlement> }>
  publicBase?: string
  /** Loopback port; 0 (the default) takes a free one. */
  port?: number
}

export const API_PREFIX = '/api/v1'
export const DEFAULT_PUBLIC_BASE = 'https://engage.foreign.example'
const MAX_BODY_BYTES = 512 * 1024

const send = (
  res: ServerResponse,
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
) => {
  if (body === undefined) {
    res.writeHead(status, headers).end()
    return
  }
  const text = JSON.stringify(body)
  res
    .writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      ...headers,
    })
    .end(text)
}

const sendFailure = (
  res: ServerResponse,
  failure: Failure,
  shape: ErrorShape,
  headers?: Record<string, string>,
) => send(res, failure.status, render(failure, shape), headers)

const readBody = async (req: IncomingMessage): Promise<Buffer | Failure> => {
  const chunks: Buffer[] = []
  let size = 0
  // Drain an oversized body rather than stop reading: leaving the loop would destroy the socket
  // before the 413 could be sent.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size <= MAX_BODY_BYTES) chunks.push(chunk)
  }
  return size > MAX_BODY_BYTES
    ? fail(413, 'the request body exceeds 512 KiB')
    : Buffer.concat(chunks)
}

/** An empty body is no body; a body must be JSON and say so. */
const parseBody = (req: IncomingMessage, raw: Buffer): { body: unknown } | Failure => {
  if (raw.length === 0) return { body: undefined }
  const type = req.headers['content-type'] ?? ''
  if (!/^application\/json\s*(;|$)/i.test(type))
    return fail(415, 'request bodies are JSON: send Content-Type: application/json')
  try {
    return { body: JSON.parse(raw.toString('utf8')) }
  } catch {
    return fail(400, 'the request body is not valid JSON', [
      { path: [], message: 'malformed JSON' },
    ])
  }
}

const handle = async (
  deployment: Deployment,
  keys: Record<string, KeyGrant>,
  req: IncomingMessage,
  res: ServerResponse,
) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost')
  const method = req.method ?? 'GET'
  const raw = await readBody(req)
  const relative = pathname.startsWith(`${API_PREFIX}/`)
    ? pathname.slice(API_PREFIX.length)
    : undefined
  const match =
    relative === undefined
      ? ({ type: 'unknown' } as const)
      : matchRoute(deployment.release, method, relative)
  if (match.type === 'unknown')
    return sendFailure(res, fail(404, `no such path: ${method} ${pathname}`), 'plain')
  if (match.type === 'method-not-allowed')
    return sendFailure(res, fail(405, `${method} is not allowed on ${pathname}`), 'plain', {
      allow: match.allow.join(', '),
    })
  const { route, params } = match
  const grant = authenticate(req.headers.authorization, keys)
  if (!grant)
    return sendFailure(
      res,
      fail(401, 'send Authorization: Bearer <API key> with a valid key'),
      route.shape,
      {
        'www-authenticate': 'Bearer',
      },
    )
  if (route.needs && !grant.entitlements.includes(route.needs))
    return sendFailure(res, fail(402, `this plan lacks the ${route.needs} entitlement`), 'plain')
  const records = deployment.store.of(grant.org)
  // Operations without a body ignore whatever was sent.
  if (!route.takesBody)
    return answer(
      res,
      () => route.run({ deployment, records, params, body: undefined }),
      route.shape,
    )
  if (!Buffer.isBuffer(raw)) return sendFailure(res, raw, route.shape)
  const parsed = parseBody(req, raw)
  if ('type' in parsed) return sendFailure(res, parsed, route.shape)
  return answer(
    res,
    () => route.run({ deployment, records, params, body: parsed.body }),
    route.shape,
  )
}

const answer = (res: ServerResponse, run: () => Outcome, shape: ErrorShape) => {
  let outcome: Outcome
  try {
    outcome = run()
  } catch (error) {
    outcome = fail(500, `internal error: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (outcome.type === 'failure') return sendFailure(res, outcome, shape)
  return send(res, outcome.status, outcome.body)
}

/** Starts the deployment on a free loopback port. */
export const startForeign = async (options: ForeignOptions = {}) => {
  const deployment = newDeployment(
    options.release ?? 'latest',
    (options.publicBase ?? DEFAULT_PUBLIC_BASE).replace(/\/+$/, ''),
  )
  const keys = options.keys ?? DEFAULT_KEYS
  const server = createServer((req, res) => {
    handle(deployment, keys, req, res).catch((error: unknown) => {
      if (!res.headersSent) sendFailure(res, fail(500, `internal error: ${String(error)}`), 'plain')
      else res.destroy()
    })
  })
  server.keepAliveTimeout = 1000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    baseUrl: `${url}${API_PREFIX}`,
    url,
    reset() {
      deployment.store.reset()
      deployment.codes.clear()
    },
    /**
     * The records `authorization` (a header's value) reaches, as an operation sees them; undefined
     * for no valid key. For tests that put a fault inside the deployment (the self-test's races).
     */
    records: (authorization: string | undefined) => {
      const grant = authenticate(authorization, keys)
      return grant ? deployment.store.of(grant.org) : undefined
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express'
import { API_PREFIX, buildOpenApiDocument, type ErrorCondition, LIMITS } from '../contract/index.ts'
import { tooLargeMessage } from './core/dispatch.ts'
import type { MockCore } from './core/mock.ts'
import { createMock, type MockOptions } from './create.ts'
import { announcedTooLarge, discardRest } from './oversize.ts'

/** Any origin may call the mock, Authorization included, so a dev server on another port works. */
const allowAnyOrigin = (req: IncomingMessage, res: ServerResponse): boolean => {
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-expose-headers', 'allow')
  if (req.method !== 'OPTIONS') return false
  res.setHeader('access-control-allow-methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS')
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'authorization, content-type, prefer',
  )
  res.setHeader('access-control-max-age', '600')
  res.writeHead(204).end()
  return true
}
const cors: RequestHandler = (req, res, next) => {
  if (!allowAnyOrigin(req, res)) next()
}

const sendJson = (
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(text)
}

const readBody = express.raw({ type: () => true, limit: LIMITS.bodyBytes })

/** The path below the API prefix, or undefined for a request outside the API. */
const apiPath = (url: string): string | undefined => {
  if (!url.startsWith(API_PREFIX)) return undefined
  const end = url.indexOf('?')
  const path = url.slice(API_PREFIX.length, end === -1 ? undefined : end)
  return path === '' || path.startsWith('/') ? path : undefined
}

type ApiHandler = (req: IncomingMessage, res: ServerResponse, path: string) => void

/**
 * The API over node:http: CORS, the announced size, the body (read by body-parser, which also
 * inflates gzip, deflate and br), then the mock. It needs no router, so `startServer` hands API
 * requests to it directly and express never sees them: the mock is never the slow part of a run.
 */
export const createApiHandler = (mock: MockCore): ApiHandler => {
  /** The route's own error shape for what the host meets before dispatch (size, encoding). */
  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    condition: ErrorCondition,
    message: string,
  ) => {
    const response = mock.reject(req.method ?? 'GET', path, condition, message)
    sendJson(res, response.status, response.text)
  }

  /**
   * Errors of reading the body: the client's fault (4xx) gets the route's error shape and no log;
   * anything else is the host's fault, logged once.
   */
  const unreadable = (
    error: { type?: string; status?: number },
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ) => {
    if (error.type === 'entity.too.large') {
      refuse(req, res, path, 'payload_too_large', tooLargeMessage)
    } else if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
      refuse(req, res, path, 'unsupported_media_type', 'Send the body as UTF-8 JSON.')
    } else if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      refuse(
        req,
        res,
        path,
        'malformed_json',
        'The body could not be read; if it is compressed, send a valid gzip, deflate or br stream.',
      )
    } else {
      console.error('[mock] request failed before dispatch:', error)
      refuse(req, res, path, 'internal', 'The mock could not read this request; it keeps serving.')
    }
  }

  const dispatch = async (
    req: IncomingMessage & { body?: unknown },
    res: ServerResponse,
    path: string,
  ) => {
    try {
      const response = await mock.handle({
        method: req.method ?? 'GET',
        path,
        headers: req.headers as Record<string, string | undefined>,
        ...(Buffer.isBuffer(req.body) ? { body: req.body.toString('utf8') } : {}),
      })
      sendJson(res, response.status, response.text, response.headers)
    } catch (error) {
      // mock.handle answers its own faults; this is the host failing to send. Never crash for it.
      console.error('[mock] could not answer a request:', error)
      if (!res.headersSent) {
        refuse(req, res, path, 'internal', 'The mock failed to answer; it keeps serving.')
      } else res.destroy()
    }
  }

  return (req, res, path) => {
    if (allowAnyOrigin(req, res)) return
    // A request without a body (most GETs) skips the body reader altogether.
    if (
      req.headers['content-length'] === undefined &&
      req.headers['transfer-encoding'] === undefined
    ) {
      void dispatch(req, res, path)
      return
    }
    if (announcedTooLarge(req)) {
      refuse(req, res, path, 'payload_too_large', tooLargeMessage)
      discardRest(req)
      return
    }
    readBody(req as express.Request, res as express.Response, (error?: unknown) => {
      if (error) unreadable(error as { type?: string; status?: number }, req, res, path)
      else void dispatch(req, res, path)
    })
  }
}

/**
 * The express host: the API under /api/v1, control routes under /__mock, the OpenAPI document,
 * and whatever `extend` mounts (docs, public pages). Lean on purpose (no ETag, no x-powered-by,
 * bytes written directly). Mountable in an app of your own; `startServer` also serves it.
 */
export const createApp = (mock: MockCore, extend?: ServerOptions['extend']): Express => {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  extend?.(app, mock)
  const api = createApiHandler(mock)
  app.use((req, res, next) => {
    const path = apiPath(req.url)
    if (path === undefined) next()
    else api(req, res, path)
  })

  app.use(cors)
  // Built on first request, not at start: generating it is a noticeable part of a cold start.
  let openapi: string | undefined
  app.get('/openapi.json', (_req, res) => {
    openapi ??= JSON.stringify(buildOpenApiDocument({ serverUrl: mock.publicBase + API_PREFIX }))
    sendJson(res, 200, openapi)
  })
  app.post('/__mock/reset', async (_req, res) => {
    await mock.reset()
    sendJson(res, 200, JSON.stringify({ ok: true }))
  })
  app.get('/__mock/state', (_req, res) => sendJson(res, 200, JSON.stringify(mock.exportState())))
  app.put('/__mock/state', express.json({ limit: '512mb', type: () => true }), async (req, res) => {
    const result = await mock.importState(req.body)
    sendJson(
      res,
      result.ok ? 200 : 400,
      JSON.stringify(result.ok ? { ok: true } : { error: result.error }),
    )
  })

  app.use((req, res) => {
    sendJson(
      res,
      404,
      JSON.stringify({
        error: `Nothing at ${req.method} ${req.path}; the API is under ${API_PREFIX}.`,
      }),
    )
  })
  /** Outside the API (control routes, pages): a client's unreadable body is 4xx and not logged. */
  const onError: ErrorRequestHandler = (
    error: { status?: number; message?: string },
    _req,
    res,
    _next,
  ) => {
    const clientFault = error.status !== undefined && error.status >= 400 && error.status < 500
    if (!clientFault) console.error('[mock] request failed:', error)
    sendJson(
      res,
      clientFault ? (error.status as number) : 500,
      JSON.stringify({
        error: clientFault
          ? `The request could not be read: ${error.message ?? 'unreadable body'}.`
          : 'The mock failed unexpectedly while handling this request; it keeps serving.',
      }),
    )
  }
  app.use(onError)
  return app
}

export interface ServerOptions extends MockOptions {
  /** 4010 by default; 0 picks a free port. */
  port?: number
  /** Loopback by default. */
  host?: string
  /** Serve an existing mock instead of creating one. */
  mock?: MockCore
  /** Extra routes outside the API (docs, public pages). */
  extend?: (app: Express, mock: MockCore) => void
}

export interface RunningServer {
  /** Origin, e.g. http://127.0.0.1:4010. */
  url: string
  /** API root, e.g. http://127.0.0.1:4010/api/v1. */
  baseUrl: string
  mock: MockCore
  server: Server
  close: () => Promise<void>
}

export const startServer = async (options: ServerOptions = {}): Promise<RunningServer> => {
  const { port = 4010, host = '127.0.0.1', mock: given, extend, ...mockOptions } = options
  const mock = given ?? createMock(mockOptions)
  await mock.ready
  const app = createApp(mock, extend)
  const api = createApiHandler(mock)
  // API requests skip express's router (a fifth of the CPU per request under load); the rest is express.
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = apiPath(req.url ?? '')
    if (path === undefined) app(req, res)
    else api(req, res, path)
  }
  const server = createServer(handle)
  // A client that waits for 100 Continue is told 413 instead, so it never sends the oversize body.
  server.on('checkContinue', (req, res) => {
    if (apiPath(req.url ?? '') === undefined || !announcedTooLarge(req)) res.writeContinue()
    handle(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`
  return {
    url,
    baseUrl: url + API_PREFIX,
    mock,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

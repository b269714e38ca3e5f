import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express'
import { API_PREFIX, buildOpenApiDocument, type ErrorCondition, LIMITS } from '../contract/index.ts'
import { tooLargeMessage } from './core/dispatch.ts'
import type { MockCore } from './core/mock.ts'
import { createMock, type MockOptions } from './create.ts'

/** Any origin may call the mock, Authorization included, so a dev server on another port works. */
const cors: RequestHandler = (req, res, next) => {
  res.setHeader('access-control-allow-origin', '*')
  res.setHeader('access-control-expose-headers', 'allow')
  if (req.method === 'OPTIONS') {
    res.setHeader('access-control-allow-methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS')
    res.setHeader(
      'access-control-allow-headers',
      req.headers['access-control-request-headers'] ?? 'authorization, content-type, prefer',
    )
    res.setHeader('access-control-max-age', '600')
    res.writeHead(204).end()
    return
  }
  next()
}

const sendJson = (
  res: express.Response,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(text)
}

/**
 * The express host: the API under /api/v1, control routes under /__mock, the OpenAPI document.
 * Lean on purpose (no ETag, no x-powered-by, bytes written directly): the mock must never be the
 * slow part of a test run.
 */
export const createApp = (mock: MockCore): Express => {
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  app.use(cors)

  const openapi = JSON.stringify(buildOpenApiDocument({ serverUrl: mock.publicBase + API_PREFIX }))
  app.get('/openapi.json', (_req, res) => sendJson(res, 200, openapi))
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

  /** The route's own error shape for what the host meets before dispatch (size, encoding). */
  const refuse = (
    req: express.Request,
    res: express.Response,
    condition: ErrorCondition,
    message: string,
    headers: Record<string, string> = {},
  ) => {
    // Here express has restored the full path: strip the prefix to find the route and its shape.
    const path = req.originalUrl.split('?')[0] ?? ''
    const relative = path.startsWith(`${API_PREFIX}/`) ? path.slice(API_PREFIX.length) : path
    const response = mock.reject(req.method, relative, condition, message)
    sendJson(res, response.status, response.text, headers)
  }

  /** An announced oversize body is refused before a byte of it is read; the connection closes. */
  const announcedTooLarge: RequestHandler = (req, res, next) => {
    if (Number(req.headers['content-length'] ?? 0) > LIMITS.bodyBytes) {
      refuse(req, res, 'payload_too_large', tooLargeMessage, { connection: 'close' })
      return
    }
    next()
  }

  app.use(
    API_PREFIX,
    announcedTooLarge,
    express.raw({ type: () => true, limit: LIMITS.bodyBytes }),
    async (req, res) => {
      const response = await mock.handle({
        method: req.method,
        path: req.path,
        headers: req.headers as Record<string, string | undefined>,
        ...(Buffer.isBuffer(req.body) ? { body: req.body.toString('utf8') } : {}),
      })
      sendJson(res, response.status, response.text, response.headers)
    },
  )

  app.use((req, res) => {
    sendJson(
      res,
      404,
      JSON.stringify({
        error: `Nothing at ${req.method} ${req.path}; the API is under ${API_PREFIX}.`,
      }),
    )
  })

  /**
   * Errors of reading the body: the client's fault (4xx) gets the route's error shape and no log;
   * anything else is the host's fault, logged once.
   */
  const onError: ErrorRequestHandler = (
    error: { type?: string; status?: number; message?: string },
    req,
    res,
    _next,
  ) => {
    if (error.type === 'entity.too.large') {
      refuse(req, res, 'payload_too_large', tooLargeMessage)
    } else if (error.type === 'encoding.unsupported' || error.type === 'charset.unsupported') {
      refuse(req, res, 'unsupported_media_type', 'Send the body as UTF-8 JSON.')
    } else if (error.status !== undefined && error.status >= 400 && error.status < 500) {
      refuse(
        req,
        res,
        'malformed_json',
        'The body could not be read; if it is compressed, send a valid gzip, deflate or br stream.',
      )
    } else {
      console.error('[mock] request failed before dispatch:', error)
      refuse(req, res, 'internal', 'The mock could not read this request; it keeps serving.')
    }
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
  /** Extra routes (docs, public pages) mounted before the API. */
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
  const app = express()
  app.disable('x-powered-by')
  app.set('etag', false)
  extend?.(app, mock)
  app.use(createApp(mock))
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(port, host, (error?: Error) =>
      error ? reject(error) : resolve(listening),
    )
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

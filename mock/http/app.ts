import express, { type ErrorRequestHandler, type Express } from 'express'
import { API_PREFIX } from '../../contract/common.ts'
import { buildOpenApiDocument } from '../../contract/openapi.ts'
import type { MockCore } from '../core/mock.ts'
import { apiPath, cors, createApiHandler, sendJson } from './api-host.ts'
import { requireControlToken } from './control-guard.ts'

/** What a host mounts beside the API (docs, public pages): `ServerOptions.extend`. */
export type Extend = (app: Express, mock: MockCore) => void

export interface AppOptions {
  /** Required by every control route as `Authorization: Bearer <token>`; open without one. */
  controlToken?: string
}

/**
 * The express host: the API under /api/v1, control routes under /__mock, the OpenAPI document,
 * and whatever `extend` mounts (docs, public pages). Lean on purpose (no ETag, no x-powered-by,
 * bytes written directly). Mountable in an app of your own; `startServer` also serves it.
 */
export const createApp = (mock: MockCore, extend?: Extend, options: AppOptions = {}): Express => {
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
  if (options.controlToken !== undefined) {
    app.use('/__mock', requireControlToken(options.controlToken))
  }
  // Built on first request, not at start: generating it is a noticeable part of a cold start.
  let openapi: string | undefined
  app.get('/openapi.json', (_req, res) => {
    openapi ??= JSON.stringify(
      buildOpenApiDocument({ serverUrl: mock.publicBase + API_PREFIX, release: mock.release }),
    )
    sendJson(res, 200, openapi)
  })
  app.post('/__mock/reset', async (_req, res) => {
    await mock.reset()
    sendJson(res, 200, JSON.stringify({ ok: true }))
  })
  app.get('/__mock/state', async (_req, res) => {
    await mock.filled() // a mock that loads its demo parts on first use (serve) has them all then
    sendJson(res, 200, JSON.stringify(mock.exportState()))
  })
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

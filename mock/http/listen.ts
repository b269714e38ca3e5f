import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Express } from 'express'
import { API_PREFIX } from '../../contract/common.ts'
import type { MockCore } from '../core/mock.ts'
import { createMock, type MockOptions } from '../create.ts'
import { apiPath, createApiHandler, sendJson } from './api-host.ts'
import type { Extend } from './app.ts'
import { type ControlAccess, controlAccess } from './control-access.ts'
import { type OpenPort, openPort } from './open-port.ts'
import { announcedTooLarge } from './oversize.ts'

export interface ServerOptions extends MockOptions {
  /** 4010 by default; 0 picks a free port. */
  port?: number
  /** Loopback by default. */
  host?: string
  /** Serve an existing mock instead of creating one. */
  mock?: MockCore
  /** Extra routes outside the API (docs, public pages). */
  extend?: Extend
  /** The same, loaded with the first request outside the API (the CLI's pages). */
  loadExtend?: () => Promise<Extend>
  /** A port opened earlier (`serve` opens it first): `port` and `host` are then not used. */
  opened?: OpenPort
  /**
   * Required by the control routes (`/__mock/*`) as `Authorization: Bearer <token>`. Without
   * one they are open on a loopback `host`; on any other a token is made for the run
   * (`RunningServer.control`).
   */
  controlToken?: string
}

export interface RunningServer {
  /** Origin, e.g. http://127.0.0.1:4010. */
  url: string
  /** API root, e.g. http://127.0.0.1:4010/api/v1. */
  baseUrl: string
  mock: MockCore
  server: Server
  /** How the control routes are secured: the token they require, if any. */
  control: ControlAccess
  close: () => Promise<void>
}

export const startServer = async (options: ServerOptions = {}): Promise<RunningServer> => {
  const {
    port = 4010,
    host = '127.0.0.1',
    mock: given,
    extend,
    loadExtend,
    opened = openPort(port, host),
    controlToken,
    ...mockOptions
  } = options
  const control = controlAccess(host, controlToken)
  // The port first: a client connecting while the mock is built waits instead of being refused.
  let mock: MockCore
  try {
    mock = given ?? createMock(mockOptions)
    await Promise.all([mock.ready, opened.listening])
  } catch (error) {
    opened.close()
    throw error
  }
  const api = createApiHandler(mock)
  // express (docs, pages, control routes) is loaded with the first request outside the API: a
  // start, and the API, never wait for it.
  let app: Promise<Express> | undefined
  const appOf = () =>
    (app ??= Promise.all([import('./app.ts'), loadExtend?.()]).then(([{ createApp }, loaded]) =>
      createApp(
        mock,
        loaded ?? extend,
        control.token === undefined ? {} : { controlToken: control.token },
      ),
    ))
  // API requests skip express's router (a fifth of the CPU per request under load); the rest is express.
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = apiPath(req.url ?? '')
    if (path !== undefined) api(req, res, path)
    else
      appOf().then(
        (express) => express(req, res),
        (error: unknown) => {
          console.error('[mock] could not load the express host:', error)
          sendJson(res, 500, JSON.stringify({ error: 'The mock could not load this page.' }))
        },
      )
  }
  // A client that waits for 100 Continue is told 413 instead, so it never sends the oversize body.
  opened.answer(handle, (req, res) => {
    if (apiPath(req.url ?? '') === undefined || !announcedTooLarge(req)) res.writeContinue()
    handle(req, res)
  })
  const { server } = opened
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${await opened.listening}`
  return {
    url,
    baseUrl: url + API_PREFIX,
    mock,
    server,
    control,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

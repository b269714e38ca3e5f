import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export { documentedForm } from './documented.ts'

export interface Upstream {
  /** API root, e.g. `http://127.0.0.1:1234/api/v1`. */
  apiRoot: string
  close: () => Promise<void>
}

/**
 * A deployment written for one test: `route` answers each request as it likes (or breaks the
 * connection). Paths are given under `/api/v1`.
 */
export const startUpstream = async (
  route: (req: IncomingMessage, res: ServerResponse, path: string) => void,
): Promise<Upstream> => {
  const server = createServer((req, res) =>
    route(req, res, (req.url ?? '/').replace(/^\/api\/v1/, '')),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    apiRoot: `http://127.0.0.1:${port}/api/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

import type { Server } from 'node:http'

/** The mock's headers on every answer (its CORS pair and JSON type), so bodies and headers match. */
export const BARE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'allow',
}

/** Listens on a free loopback port, prints the `READY {json}` line startChild waits for. */
export const listenAndAnnounce = (server: Server) => {
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    process.stdout.write(`READY ${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`)
  })
  process.on('SIGTERM', () => server.close(() => process.exit(0)))
}

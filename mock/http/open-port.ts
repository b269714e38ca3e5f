// Imports node:http alone: `serve` opens its port from here before it loads the mock (the
// contract's schemas, the store, the demo data), so this module must stay that small.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

export interface OpenPort {
  server: Server
  /** The port once bound (the one picked, for 0); rejects as `listen` failed (EADDRINUSE…). */
  listening: Promise<number>
  /**
   * From now on, requests go to these listeners: first every request held since the port opened,
   * in arrival order, then each as it comes. `checkContinue` is node:http's event of the same name.
   */
  answer: (request: Listener, checkContinue: Listener) => void
  /** Stops listening and drops every connection, held requests included (a start that failed). */
  close: () => void
}

/**
 * An HTTP server listening before what answers on it is ready. A client that connects meanwhile
 * is not refused (and left to retry later): its request waits, unread, until `answer` is called,
 * and is then answered like any other. The port is bound at once for an IP host (the kernel
 * queues connections from then on); a host name is looked up first.
 */
export const openPort = (port: number, host: string): OpenPort => {
  const held: { event: 'request' | 'checkContinue'; req: IncomingMessage; res: ServerResponse }[] =
    []
  let listeners: { request: Listener; checkContinue: Listener } | undefined
  const server = createServer((req, res) =>
    listeners ? listeners.request(req, res) : held.push({ event: 'request', req, res }),
  )
  server.on('checkContinue', (req, res) =>
    listeners ? listeners.checkContinue(req, res) : held.push({ event: 'checkContinue', req, res }),
  )
  const listening = new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
  // A failed listen is awaited later (once the mock is built); until then it is not unhandled.
  listening.catch(() => undefined)
  return {
    server,
    listening,
    answer: (request, checkContinue) => {
      listeners = { request, checkContinue }
      for (const { event, req, res } of held.splice(0)) listeners[event](req, res)
    },
    close: () => {
      server.close()
      server.closeAllConnections()
    },
  }
}

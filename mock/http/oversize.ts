import type { IncomingMessage } from 'node:http'
import { LIMITS } from '../../contract/common.ts'

/** A body announced over the limit is refused from its Content-Length, before a byte is read. */
export const announcedTooLarge = (req: IncomingMessage): boolean =>
  Number(req.headers['content-length'] ?? 0) > LIMITS.bodyBytes

/** How long a client may pause, and how long it may keep sending, once it has its 413. */
const LINGER = { idleMs: 2_000, totalMs: 30_000 }

/**
 * After an early answer the rest of the body is read and thrown away, as nginx's lingering close
 * does. Closing with bytes unread makes the kernel reset the connection, and a client still
 * uploading (curl) then fails with EPIPE, sometimes before it has read the 413. Once the body is
 * drained the connection is in a clean state, so it stays open; a client that stalls is cut off.
 */
export const discardRest = (req: IncomingMessage): void => {
  const cut = () => req.socket.destroy()
  const total = setTimeout(cut, LINGER.totalMs).unref()
  const idle = setTimeout(cut, LINGER.idleMs).unref()
  const stop = () => {
    clearTimeout(total)
    clearTimeout(idle)
  }
  req.on('data', () => idle.refresh())
  req.once('end', stop)
  req.once('close', stop)
  req.resume()
}

import type { IncomingMessage, ServerResponse } from 'node:http'

/** A header value a violation can go in: one line of ASCII, bounded. */
export const headerText = (text: string) =>
  text
    .replace(/§/g, 'S')
    .replace(/…/g, '...')
    .replace(/→/g, '->')
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/[^\x20-\x7e]/g, '?')
    .slice(0, 1500)

export const findingsHeader = (list: readonly { operationId: string | null; message: string }[]) =>
  headerText(`${list.length}; ${list.map((f) => `${f.operationId}: ${f.message}`).join(' | ')}`)

export const sendJson = (res: ServerResponse, status: number, body: unknown, extra = {}) => {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    ...extra,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  })
  res.end(text)
}

/** The upstream's status and headers on `res` (hop-by-hop ones left out); returns `res`. */
export const passThrough = (res: ServerResponse, proxyRes: IncomingMessage): ServerResponse => {
  if (!res.headersSent) {
    res.statusCode = proxyRes.statusCode ?? 502
    for (const [name, value] of Object.entries(proxyRes.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue
      res.setHeader(name, value)
    }
  }
  return res
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'proxy-connection',
  'upgrade',
  'te',
  'trailer',
])

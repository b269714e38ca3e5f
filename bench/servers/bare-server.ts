import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { BARE_HEADERS, listenAndAnnounce } from './bare-http.ts'

/**
 * The yardstick: a bare node:http server answering the mock's own bytes, either precomputed or
 * serialised per request (`JSON.stringify` of the parsed body, as a naive server would).
 * POST /forms parses the body and serialises a form with the sent title, as cheaply as possible.
 */
const [file, mode] = process.argv.slice(2) as [string, 'precomputed' | 'stringify']
const bodies = JSON.parse(readFileSync(file, 'utf8')) as {
  forms: string
  sessions: string
  unauthorized: string
  created: string
}
const objects = { forms: JSON.parse(bodies.forms), sessions: JSON.parse(bodies.sessions) }
const createdForm = JSON.parse(bodies.created).form

const list = (name: 'forms' | 'sessions') =>
  mode === 'precomputed' ? bodies[name] : JSON.stringify(objects[name])

const server = createServer((req, res) => {
  if (!req.headers.authorization) {
    res.writeHead(401, BARE_HEADERS).end(bodies.unauthorized)
    return
  }
  if (req.method === 'POST' && req.url === '/api/v1/forms') {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const sent = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      res
        .writeHead(201, BARE_HEADERS)
        .end(JSON.stringify({ form: { ...createdForm, title: sent.title } }))
    })
    return
  }
  if (req.url === '/api/v1/forms') res.writeHead(200, BARE_HEADERS).end(list('forms'))
  else if (req.url === '/api/v1/sessions') res.writeHead(200, BARE_HEADERS).end(list('sessions'))
  else res.writeHead(404, BARE_HEADERS).end('{"error":"Not found."}')
})
listenAndAnnounce(server)

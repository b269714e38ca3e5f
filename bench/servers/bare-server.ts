import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

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
const headers = {
  'content-type': 'application/json; charset=utf-8',
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'allow',
}

const list = (name: 'forms' | 'sessions') =>
  mode === 'precomputed' ? bodies[name] : JSON.stringify(objects[name])

const server = createServer((req, res) => {
  if (!req.headers.authorization) {
    res.writeHead(401, headers).end(bodies.unauthorized)
    return
  }
  if (req.method === 'POST' && req.url === '/api/v1/forms') {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const sent = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      res
        .writeHead(201, headers)
        .end(JSON.stringify({ form: { ...createdForm, title: sent.title } }))
    })
    return
  }
  if (req.url === '/api/v1/forms') res.writeHead(200, headers).end(list('forms'))
  else if (req.url === '/api/v1/sessions') res.writeHead(200, headers).end(list('sessions'))
  else res.writeHead(404, headers).end('{"error":"Not found."}')
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  process.stdout.write(`READY ${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))

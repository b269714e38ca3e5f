// msw 2 with @mswjs/data 0.16 (the design card's original store) served over node:http, as a
// team would put it behind a port: each request goes through msw's getResponse. Run by the bench
// with the peers folder: node msw-data.mjs <peers dir> <bodies.json>.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const [peers, file] = process.argv.slice(2)
const require = createRequire(join(peers, 'package.json'))
const { getResponse, http, HttpResponse } = require('msw')
const { factory, primaryKey, nullable } = require('@mswjs/data')

const bodies = JSON.parse(readFileSync(file, 'utf8'))
const forms = JSON.parse(bodies.forms).forms
const created = JSON.parse(bodies.created).form

/** The model follows the forms' own shape: nested objects stay objects, arrays are lists. */
const modelOf = (sample, top = false) =>
  Object.fromEntries(
    Object.entries(sample).map(([key, value]) => {
      if (top && key === 'id') return [key, primaryKey(String)]
      if (value === null) return [key, nullable(String)]
      if (Array.isArray(value)) return [key, () => []]
      if (typeof value === 'object') return [key, modelOf(value)]
      return [
        key,
        typeof value === 'number' ? Number : typeof value === 'boolean' ? Boolean : String,
      ]
    }),
  )
const db = factory({ form: modelOf(created, true) })
for (const form of forms) db.form.create(form)

const unauthorized = JSON.parse(bodies.unauthorized)
const base = 'http://127.0.0.1/api/v1'
let next = 0
const handlers = [
  http.get(`${base}/forms`, ({ request }) =>
    request.headers.get('authorization')
      ? HttpResponse.json({ forms: db.form.getAll() })
      : HttpResponse.json(unauthorized, { status: 401 }),
  ),
  http.post(`${base}/forms`, async ({ request }) => {
    if (!request.headers.get('authorization'))
      return HttpResponse.json(unauthorized, { status: 401 })
    const sent = await request.json()
    const form = db.form.create({
      ...created,
      id: `frm_peer${(next++).toString(36)}`,
      title: sent.title,
    })
    return HttpResponse.json({ form }, { status: 201 })
  }),
]

const server = createServer(async (req, res) => {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  const request = new Request(`http://127.0.0.1${req.url}`, {
    method: req.method,
    headers: req.headers,
    ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
  })
  const response = await getResponse(handlers, request)
  if (!response) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(Buffer.from(await response.arrayBuffer()))
})
server.listen(Number(process.argv[4] ?? 0), '127.0.0.1', () => {
  const { port } = server.address()
  process.stdout.write(`READY ${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))

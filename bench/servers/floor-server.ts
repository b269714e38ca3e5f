import { readFileSync } from 'node:fs'
import { createServer, type ServerResponse } from 'node:http'
import { nextTick } from 'node:process'
import { setImmediate } from 'node:timers'
import { CreateFormBody } from '../../contract/forms.ts'
import { StoredForm } from '../../mock/core/records/forms.ts'
import { newestFirst, Table } from '../../mock/core/table.ts'
import { formView } from '../../mock/core/views.ts'
import { BARE_HEADERS, listenAndAnnounce } from './bare-http.ts'

/**
 * The floor of POST /forms for any mock built on the client's choices: the bare server's body
 * reading, then only what every POST of such a mock must do — one zod check of the body
 * (the contract's CreateFormBody), the record stored through the mock's own Table (an @msw/data
 * `Collection.create`, which checks it against StoredForm) and its view stringified — answered a
 * turn of the event loop at a time, as the mock's host does (mock/http/api-host.ts). No key lookup,
 * routing, identifiers, slugs, error shapes or write queue: the mock cannot cost less than this.
 */
const [file] = process.argv.slice(2) as [string]
const bodies = JSON.parse(readFileSync(file, 'utf8')) as { created: string; unauthorized: string }
const created = JSON.parse(bodies.created).form
const forms = new Table(StoredForm, newestFirst)
let seq = 0
/** Unique and well formed (`frm_` and 12 of [a-z0-9]), without the mock's random draws. */
const idOf = (prefix: string, n: number) => `${prefix}_${n.toString(36).padStart(12, '0')}`

const outbox: (() => void)[] = []
const sendAll = () => {
  for (const send of outbox.splice(0)) send()
}
const answer = async (res: ServerResponse, text: string) => {
  const sent = CreateFormBody.safeParse(JSON.parse(text))
  if (!sent.success) {
    res.writeHead(400, BARE_HEADERS).end(JSON.stringify({ error: sent.error.message }))
    return
  }
  seq++
  const record = await forms.insert({
    ...created,
    id: idOf('frm', seq),
    title: sent.data.title,
    fields: sent.data.fields.map((field, order) => ({
      id: idOf('fld', seq * 64 + order),
      kind: field.kind,
      config: field.config,
      order,
    })),
    orgId: 'org_benchposts00',
    seq,
  })
  const body = JSON.stringify({ form: formView(record) })
  if (outbox.push(() => res.writeHead(201, BARE_HEADERS).end(body)) === 1) nextTick(sendAll)
}
const inbox: [ServerResponse, string][] = []
const answerAll = () => {
  for (const [res, text] of inbox.splice(0)) void answer(res, text)
}

const server = createServer((req, res) => {
  if (!req.headers.authorization) {
    res.writeHead(401, BARE_HEADERS).end(bodies.unauthorized)
    return
  }
  if (req.method !== 'POST' || req.url !== '/api/v1/forms') {
    res.writeHead(404, BARE_HEADERS).end('{"error":"Not found."}')
    return
  }
  const chunks: Buffer[] = []
  req.on('data', (chunk: Buffer) => chunks.push(chunk))
  req.on('end', () => {
    if (inbox.push([res, Buffer.concat(chunks).toString('utf8')]) === 1) setImmediate(answerAll)
  })
})
listenAndAnnounce(server)

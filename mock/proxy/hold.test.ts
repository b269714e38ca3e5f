import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { Secrets } from '../report-format/secrets.ts'
import type { ExchangeVerdict } from '../traffic/check-exchange.ts'
import type { TrafficFinding } from '../traffic/exchange.ts'
import { BodyTap } from './body-tap.ts'
import { exchangeHead, openFlight } from './flight.ts'
import { holdUntilChecked } from './hold.ts'
import { ExchangeTaps } from './taps.ts'

const finding = (kind: TrafficFinding['kind'], message: string): TrafficFinding => ({
  kind,
  operationId: 'listForms',
  method: 'GET',
  path: '/forms',
  status: 200,
  message,
})
const verdictWith = (violations: string[], requestIssues: string[] = []): ExchangeVerdict => ({
  operationId: 'listForms',
  violations: violations.map((message) => finding('violation', message)),
  requestIssues: requestIssues.map((message) => finding('request', message)),
  notes: [],
})

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A client's request through `holdUntilChecked`, the upstream's answer `chunks`, judged `verdict`. */
const heldAnswer = async (chunks: string[], verdict: ExchangeVerdict, limit = 1024) => {
  const secrets = new Secrets()
  const taps = new ExchangeTaps(secrets, () => verdict)
  const server = createServer((req, res) => {
    const flight = openFlight(req, 3, '/api/v1', limit, secrets)
    const upstream = Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {
      statusCode: 200,
      headers: { 'content-type': 'application/json', connection: 'keep-alive' },
    }) as unknown as IncomingMessage
    const head = exchangeHead(req, flight, 200, upstream.headers, 'http://upstream', secrets)
    holdUntilChecked(req, res, flight, upstream, head, new BodyTap(limit), limit, taps)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const answer = await fetch(
    `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/forms`,
  )
  return { answer, body: await answer.text() }
}

describe('an answer held until checked (--errors)', () => {
  it('reaches the client as a 502 listing its violations', async () => {
    const { answer, body } = await heldAnswer(['{"data":', '[]}'], verdictWith(['forms missing']))
    expect(answer.status).toBe(502)
    expect(answer.headers.get('x-contract-violations')).toBe('1; listForms: forms missing')
    expect(answer.headers.get('x-contract-exchange')).toBe('3')
    expect(JSON.parse(body)).toMatchObject({
      error: 'The answer of GET /forms (200) breaks the contract: forms missing',
      upstreamStatus: 200,
      violations: [{ message: 'forms missing' }],
    })
  })

  it('goes on as it came when it breaks nothing, naming the request issues', async () => {
    const { answer, body } = await heldAnswer(
      ['{"forms":', '[]}'],
      verdictWith([], ['title missing']),
    )
    expect(answer.status).toBe(200)
    expect(body).toBe('{"forms":[]}')
    expect(answer.headers.get('content-type')).toBe('application/json')
    expect(answer.headers.get('x-contract-request-issues')).toBe('1; listForms: title missing')
  })

  it('is not held past the limit: it goes on as it came, even when it breaks the contract', async () => {
    const { answer, body } = await heldAnswer(
      ['{"data":', '[1,2,3,4]}'],
      verdictWith(['forms missing']),
      10,
    )
    expect(answer.status).toBe(200)
    expect(body).toBe('{"data":[1,2,3,4]}')
    expect(answer.headers.get('x-contract-check')).toBe('held up to 10 bytes only')
  })
})

import type { IncomingMessage, ServerResponse } from 'node:http'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { Secrets } from '../report-format/secrets.ts'
import type { ExchangeVerdict } from '../traffic/check-exchange.ts'
import type { TrafficExchange } from '../traffic/exchange.ts'
import { TrafficLog } from '../traffic/log.ts'
import { BodyTap } from './body-tap.ts'
import type { Flight } from './flight.ts'
import { TrafficReport } from './report.ts'

const KEY = 'sk_live_abcdef123456'
const EXCHANGE: TrafficExchange = {
  method: 'GET',
  path: '/forms',
  url: 'https://api.example/api/v1/forms',
  requestHeaders: {},
  status: 200,
  responseHeaders: {},
  responseBody: '{}',
}
const VIOLATING: ExchangeVerdict = {
  operationId: 'listForms',
  violations: [
    {
      kind: 'violation',
      operationId: 'listForms',
      method: 'GET',
      path: '/forms',
      status: 200,
      message: 'forms missing',
    },
  ],
  requestIssues: [],
  notes: [],
}
const FLIGHT: Flight = {
  index: 4,
  started: Date.parse('2026-01-02T03:04:05.000Z'),
  path: '/forms',
  request: new BodyTap(1024),
  requestSent: false,
  requestHeaders: {},
}

describe("the proxy's report", () => {
  it('keeps a judged exchange in the log and hands its findings and timing to the listeners', () => {
    const log = new TrafficLog()
    const heard: string[] = []
    const report = new TrafficReport(log, new Secrets(), {
      onFinding: (finding) => heard.push(`finding #${finding.exchange}: ${finding.message}`),
      onExchange: (exchange, timing) => heard.push(`${exchange.path} ${timing.startedDateTime}`),
    })
    report.record(FLIGHT, EXCHANGE, VIOLATING)
    expect(heard).toEqual(['finding #4: forms missing', '/forms 2026-01-02T03:04:05.000Z'])
    expect(log.summary()).toMatchObject({ exchanges: 1, violationCount: 1, errorCount: 0 })
  })

  it("names a listener's failure as the proxy's own error in the log, and carries on", () => {
    const log = new TrafficLog()
    const report = new TrafficReport(log, new Secrets(), {
      onExchange: () => {
        throw new Error('disk full')
      },
    })
    expect(() => report.record(FLIGHT, EXCHANGE, VIOLATING)).not.toThrow()
    expect(log.summary().errors).toEqual(['the proxy failed to record an exchange (disk full)'])
  })

  it('notes an exchange with no answer and tells it without the credential', () => {
    const log = new TrafficLog()
    const secrets = new Secrets()
    secrets.variable(KEY)
    const lines: string[] = []
    const report = new TrafficReport(log, secrets, { onUpstreamError: (line) => lines.push(line) })
    report.noAnswer('ECONNREFUSED', `#1 GET /forms?key=${KEY} → 502: refused`)
    expect(lines).toEqual(['#1 GET /forms?key=$API_KEY_1 → 502: refused'])
    expect(log.summary().notes).toEqual({
      'no answer from the upstream (ECONNREFUSED): not checked': 1,
    })
  })

  describe('an answer the upstream broke off', () => {
    const watched = (clientGone: boolean) => {
      const log = new TrafficLog()
      const lines: string[] = []
      const report = new TrafficReport(log, new Secrets(), {
        onUpstreamError: (line) => lines.push(line),
      })
      const proxyRes = Object.assign(new PassThrough(), { statusCode: 200 })
      let destroyed = false
      const res = {
        destroyed: clientGone,
        destroy: () => {
          destroyed = true
        },
      } as unknown as ServerResponse
      const req = { method: 'GET', url: '/api/v1/forms' } as IncomingMessage
      report.watchCutOff(req, res, FLIGHT, proxyRes as unknown as IncomingMessage)
      return { log, lines, proxyRes, destroyed: () => destroyed }
    }

    it("breaks the client's answer off too, noted as not checked", async () => {
      const { log, lines, proxyRes, destroyed } = watched(false)
      proxyRes.destroy()
      await new Promise((resolve) => proxyRes.once('close', resolve))
      expect(destroyed()).toBe(true)
      expect(lines).toEqual(['#4 GET /api/v1/forms → 200: the upstream broke the answer off'])
      expect(log.summary().notes).toEqual({ 'answer cut off by the upstream: not checked': 1 })
    })

    it('is not blamed on the upstream when the client went first', async () => {
      const { log, lines, proxyRes } = watched(true)
      proxyRes.destroy()
      await new Promise((resolve) => proxyRes.once('close', resolve))
      expect(lines).toEqual([])
      expect(log.summary().notes).toEqual({
        'the client went away before the answer ended: not checked': 1,
      })
    })

    it('leaves a whole answer alone', async () => {
      const { log, lines, proxyRes, destroyed } = watched(false)
      proxyRes.resume()
      proxyRes.end('{}')
      await new Promise((resolve) => proxyRes.once('close', resolve))
      expect([destroyed(), lines, log.summary().notes]).toEqual([false, [], {}])
    })
  })
})

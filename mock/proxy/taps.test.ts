import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { Secrets } from '../report-format/secrets.ts'
import type { ExchangeVerdict } from '../traffic/check-exchange.ts'
import type { TrafficExchange } from '../traffic/exchange.ts'
import { BodyTap } from './body-tap.ts'
import type { ExchangeHead, Flight } from './flight.ts'
import { ExchangeTaps } from './taps.ts'

const KEY = 'sk_live_abcdef123456'
const VERDICT: ExchangeVerdict = { operationId: null, violations: [], requestIssues: [], notes: [] }
const HEAD: ExchangeHead = {
  method: 'POST',
  path: '/forms',
  url: 'https://api.example/api/v1/forms',
  requestHeaders: {},
  status: 201,
  responseHeaders: {},
}

const flightWith = (body: string | undefined, limit = 1024): Flight => {
  const request = new BodyTap(limit)
  if (body !== undefined) request.add(Buffer.from(body))
  const sent = body !== undefined
  return { index: 1, started: 0, path: '/forms', request, requestSent: sent, requestHeaders: {} }
}

const tapsJudging = (secrets = new Secrets()) => {
  const judged: TrafficExchange[] = []
  const taps = new ExchangeTaps(secrets, (_flight, exchange) => {
    judged.push(exchange)
    return VERDICT
  })
  return { taps, judged }
}

describe("an exchange's taps", () => {
  it('judge an uncompressed exchange at once, without a promise, bodies in full', () => {
    const { taps, judged } = tapsJudging()
    const answer = new BodyTap(1024)
    answer.add(Buffer.from('{"form":{}}'))
    expect(taps.finish(flightWith('{"title":"a"}'), HEAD, answer)).toBe(VERDICT)
    expect(judged).toEqual([{ ...HEAD, requestBody: '{"title":"a"}', responseBody: '{"form":{}}' }])
  })

  it('wait for a compressed answer to be decoded before judging it', async () => {
    const { taps, judged } = tapsJudging()
    const answer = new BodyTap(1024, 'gzip')
    answer.add(gzipSync('{"form":{}}'))
    const verdict = taps.finish(flightWith(undefined), HEAD, answer)
    expect(verdict).toBeInstanceOf(Promise)
    expect(judged).toEqual([])
    expect(await verdict).toBe(VERDICT)
    expect(judged).toEqual([{ ...HEAD, responseBody: '{"form":{}}' }])
  })

  it('say which body was cut, and replace a known credential in the request body', () => {
    const secrets = new Secrets()
    secrets.variable(KEY)
    const { taps, judged } = tapsJudging(secrets)
    const answer = new BodyTap(4)
    answer.add(Buffer.from('{"form":{}}'))
    taps.finish(flightWith(`{"key":"${KEY}"}`, 100), HEAD, answer)
    expect(judged[0]).toMatchObject({
      requestBody: '{"key":"$API_KEY_1"}',
      responseBody: '{"fo',
      responseBodyTruncated: true,
    })
    expect(judged[0]).not.toHaveProperty('requestBodyTruncated')
  })
})

import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { findingsHeader, headerText, passThrough } from './client-answer.ts'

const response = () => new ServerResponse(new IncomingMessage(new Socket()))

describe('what the proxy writes to its client', () => {
  it('names findings in one bounded line of ASCII a header can carry', () => {
    const header = findingsHeader([
      { operationId: 'getForm', message: 'status 200 → “form” missing (§3)' },
      { operationId: null, message: 'ligne\ncassée' },
    ])
    expect(header).toBe('2; getForm: status 200 -> "form" missing (S3) | null: ligne?cass?e')
    expect(headerText('é'.repeat(5000))).toMatch(/^\?{1500}$/)
  })

  it('passes the upstream status and end-to-end headers on, never the hop-by-hop ones', () => {
    const res = response()
    const upstream = {
      statusCode: 404,
      headers: {
        'content-type': 'application/json',
        connection: 'close',
        'transfer-encoding': 'chunked',
        te: 'trailers',
      },
    } as unknown as IncomingMessage
    expect(passThrough(res, upstream)).toBe(res)
    expect(res.statusCode).toBe(404)
    expect(res.getHeaders()).toEqual({ 'content-type': 'application/json' })
  })
})

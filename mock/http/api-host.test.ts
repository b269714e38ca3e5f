import type { IncomingMessage, ServerResponse } from 'node:http'
import { nextTick } from 'node:process'
import { setImmediate } from 'node:timers'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { MockRequest, MockResponse } from '../core/dispatch.ts'
import type { MockCore } from '../core/mock.ts'
import { createApiHandler } from './api-host.ts'

/** What the host did, in order: each mock.handle started and finished, each answer written. */
let events: string[] = []

/** A mock whose answers take a few microtask hops, as the real dispatcher's do. */
const fakeMock = {
  async handle(request: MockRequest): Promise<MockResponse> {
    events.push(`handle ${request.path}`)
    for (let hop = 0; hop < 5; hop++) await Promise.resolve()
    events.push(`handled ${request.path}`)
    return { status: 200, body: {}, text: '{}', headers: {} }
  },
  reject: () => ({ status: 500, body: {}, text: '{"error":"failed"}', headers: {} }),
} as unknown as MockCore

const request = (path: string) =>
  ({ method: 'GET', url: `/api/v1${path}`, headers: {} }) as unknown as IncomingMessage

/** A response that records what is written; `failures` writes throw first, as a broken socket might. */
const response = (path: string, failures = 0) => {
  let left = failures
  const res = {
    headersSent: false,
    setHeader: () => res,
    writeHead(status: number) {
      if (left-- > 0) throw new Error('socket gone')
      events.push(`send ${path} ${status}`)
      res.headersSent = true
      return res
    },
    end: () => res,
    destroy: () => events.push(`destroy ${path}`),
  }
  return res as unknown as ServerResponse
}

/** Lets the tick queue and the microtasks run dry, as node does between two sockets' callbacks. */
const betweenCallbacks = () => new Promise<void>((resolve) => nextTick(resolve))
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

afterEach(() => {
  events = []
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('the API host', () => {
  it('computes the answers to every request read in one turn of the event loop before it sends any', async () => {
    const handle = createApiHandler(fakeMock)
    handle(request('/forms'), response('/forms'), '/forms')
    await betweenCallbacks()
    handle(request('/sessions'), response('/sessions'), '/sessions')
    await nextTurn()
    await nextTurn()
    expect(events).toEqual([
      'handle /forms',
      'handle /sessions',
      'handled /forms',
      'handled /sessions',
      'send /forms 200',
      'send /sessions 200',
    ])
  })

  it('answers 500 for an answer it could not write, logs it, and still sends the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const handle = createApiHandler(fakeMock)
    handle(request('/forms'), response('/forms', 1), '/forms')
    handle(request('/sessions'), response('/sessions'), '/sessions')
    await nextTurn()
    await nextTurn()
    expect(events.filter((event) => event.startsWith('send'))).toEqual([
      'send /forms 500',
      'send /sessions 200',
    ])
    expect(error).toHaveBeenCalledTimes(1)
    expect(String(error.mock.calls[0]?.[0])).toContain('could not answer a request')
  })

  it("answers while a test's fake timers replace setImmediate", async () => {
    vi.useFakeTimers({ toFake: ['setImmediate', 'setTimeout'] })
    const handle = createApiHandler(fakeMock)
    handle(request('/forms'), response('/forms'), '/forms')
    await nextTurn()
    await nextTurn()
    expect(events).toContain('send /forms 200')
  })

  it('gives node every header of an answer in one object, allow-origin first, and sets none one by one', async () => {
    const written: unknown[] = []
    const setOneByOne = vi.fn()
    const res = {
      headersSent: false,
      setHeader: setOneByOne,
      writeHead(status: number, headers: unknown) {
        written.push(status, headers)
        return res
      },
      end: () => res,
    } as unknown as ServerResponse
    const refusing = {
      ...fakeMock,
      handle: async () => ({
        status: 405,
        body: {},
        text: '{}',
        headers: { 'content-type': 'application/json; charset=utf-8', allow: 'GET, POST' },
      }),
    } as unknown as MockCore
    createApiHandler(refusing)(request('/forms'), res, '/forms')
    await nextTurn()
    await nextTurn()
    expect(setOneByOne).not.toHaveBeenCalled()
    expect(written[0]).toBe(405)
    // Object.entries keeps the order node writes the header lines in.
    expect(Object.entries(written[1] as object)).toEqual([
      ['access-control-allow-origin', '*'],
      ['access-control-expose-headers', 'allow'],
      ['content-type', 'application/json; charset=utf-8'],
      ['allow', 'GET, POST'],
    ])
  })
})

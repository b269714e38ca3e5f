import { afterEach, describe, expect, it, vi } from 'vitest'
import { PlainError, ValidationError } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import type { Operations } from '../../mock/core/context.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import { createMock, type MockOptions } from '../../mock/create.ts'
import { startServer } from '../../mock/http/index.ts'
import { operations } from '../../mock/operations/index.ts'
import { send } from './http.ts'
import { bearer, json, snapshot } from './world.ts'

/** Faults a test switches on and off: each throws while `armed`, and otherwise does its job. */
const armed = { now: false }
const boom = () => {
  if (armed.now) throw new Error('injected fault')
}
const faulty: Partial<Operations> = {
  getForm: (ctx) => {
    boom()
    return operations.getForm(ctx)
  },
  updateForm: async (ctx) => {
    boom()
    return operations.updateForm(ctx)
  },
  // Writes first, then fails: the worst place for a fault.
  createSession: async (ctx) => {
    const result = await operations.createSession(ctx)
    boom()
    return result
  },
}

const auth = { ...bearer(ACME_KEY), ...json }
const make = async (options: MockOptions = {}) => {
  const mock = createMock({ operations: faulty, ...options })
  await mock.ready
  return mock
}
const call = (mock: MockCore, method: string, path: string, body?: unknown) =>
  mock.handle({
    method,
    path,
    headers: auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })

afterEach(() => {
  armed.now = false
})

describe('an exception inside an operation', () => {
  it('is answered 500 in the operation’s error shape, logged once, and the next request is served', async () => {
    const logged: unknown[] = []
    const mock = await make({ onInternalError: (error) => logged.push(error) })
    const formId = JSON.parse((await call(mock, 'GET', '/forms')).text).forms[0].id
    const before = snapshot(mock)
    armed.now = true
    const read = await call(mock, 'GET', `/forms/${formId}`)
    expect(read.status).toBe(500)
    expect(PlainError.safeParse(JSON.parse(read.text)).success).toBe(true)
    const write = await call(mock, 'PATCH', `/forms/${formId}`, { title: 'Never applied' })
    expect(write.status).toBe(500)
    expect(ValidationError.safeParse(JSON.parse(write.text)).success).toBe(true)
    expect(logged).toHaveLength(2)
    expect((logged[0] as Error).message).toBe('injected fault')
    expect(snapshot(mock)).toBe(before)
    armed.now = false
    expect((await call(mock, 'GET', `/forms/${formId}`)).status).toBe(200)
    // The write lock was released: later writes still run.
    expect((await call(mock, 'PATCH', `/forms/${formId}`, { title: 'Applied' })).status).toBe(200)
    expect((await call(mock, 'POST', '/forms', { title: 'After the fault' })).status).toBe(201)
    expect(logged).toHaveLength(2)
  })

  it('over HTTP: 500 JSON, logged once on the console, and the host keeps serving', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const server = await startServer({ port: 0, mock: await make() })
    try {
      const formId = JSON.parse(
        (await send(server.url, { method: 'GET', path: '/forms', headers: auth })).text,
      ).forms[0].id
      armed.now = true
      const failed = await send(server.url, {
        method: 'GET',
        path: `/forms/${formId}`,
        headers: auth,
      })
      armed.now = false
      expect(failed.status).toBe(500)
      expect(failed.headers['content-type']).toMatch(/^application\/json/)
      expect(PlainError.safeParse(JSON.parse(failed.text)).success).toBe(true)
      expect(log).toHaveBeenCalledTimes(1)
      const next = await send(server.url, {
        method: 'GET',
        path: `/forms/${formId}`,
        headers: auth,
      })
      expect(next.status).toBe(200)
      expect(log).toHaveBeenCalledTimes(1)
    } finally {
      log.mockRestore()
      await server.close()
    }
  })

  it('after a partial write, the next list read still shows the store as it is', async () => {
    const mock = await make({ onInternalError: () => {} })
    const listed = async () =>
      JSON.parse((await call(mock, 'GET', '/sessions')).text).sessions.length
    const count = await listed()
    armed.now = true
    expect((await call(mock, 'POST', '/sessions', { title: 'Half applied' })).status).toBe(500)
    armed.now = false
    const stored = mock.exportState().sessions.filter((s) => s.orgId === 'org_acme00000000').length
    expect(await listed()).toBe(stored)
    expect(stored).toBe(count + 1)
  })
})

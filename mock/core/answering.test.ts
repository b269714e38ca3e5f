import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_PUBLIC_BASE, LIMITS } from '../../contract/common.ts'
import { answerer } from './answering.ts'
import type { Operations } from './context.ts'
import { createDispatcher, type DispatchEnv, type MockRequest } from './dispatch.ts'
import { IdSource } from './ids.ts'
import { Store } from './store.ts'

/** An answerer over a real dispatcher of an empty store, its `handle` watched. */
const answering = () => {
  const env: DispatchEnv = {
    store: new Store(),
    ids: new IdSource(1, () => true),
    clock: () => '2026-11-20T09:00:00.000Z',
    publicBase: DEFAULT_PUBLIC_BASE,
    operations: {} as Operations,
    validateResponses: false,
    onInternalError: () => undefined,
    exclusive: (task) => task(),
  }
  const dispatcher = createDispatcher(env)
  const handle = vi.spyOn(dispatcher, 'handle')
  const answered = vi.fn()
  return { answer: answerer({}, dispatcher, env, answered), dispatcher, handle, answered }
}
const request = (method: string, path: string, extra: Partial<MockRequest> = {}): MockRequest => ({
  method,
  path,
  headers: {},
  ...extra,
})
const errorOf = (text: string) => (JSON.parse(text) as { error: string }).error

describe('answering a request', () => {
  it('hands it to the dispatcher, with its reading, then says it was answered', async () => {
    const { answer, dispatcher, handle, answered } = answering()
    const sent = request('GET', '/forms')
    const reading = dispatcher.read(sent)
    const response = await answer(sent, reading)
    expect(response.status).toBe(401)
    expect(handle).toHaveBeenCalledWith(sent, undefined, reading)
    expect(answered).toHaveBeenCalledTimes(1)
  })

  it('refuses a body over the limit before anything else, in the route shape', async () => {
    const { answer, handle, answered } = answering()
    const body = JSON.stringify({ title: 'x'.repeat(LIMITS.bodyBytes) })
    const response = await answer(request('PATCH', '/forms/frm_1', { body }))
    expect(response.status).toBe(413)
    expect(response.body).toMatchObject({ issues: [] })
    expect(handle).not.toHaveBeenCalled()
    expect(answered).not.toHaveBeenCalled()
  })

  it('forces a documented status asked for with "Prefer: code=NNN", without dispatching', async () => {
    const { answer, handle } = answering()
    const response = await answer(request('GET', '/forms', { headers: { prefer: 'code=503' } }))
    expect(response.status).toBe(503)
    expect(errorOf(response.text)).toBe('Forced by "Prefer: code=503".')
    expect(handle).not.toHaveBeenCalled()
  })

  it('refuses a forced status the operation does not document, and forces any on an unknown path', async () => {
    const { answer } = answering()
    const refused = await answer(request('GET', '/forms', { headers: { prefer: 'code=418' } }))
    expect(refused.status).toBe(400)
    expect(errorOf(refused.text)).toContain('"Prefer: code=418" names a status GET /forms')
    const unknown = await answer(request('GET', '/nowhere', { headers: { prefer: 'code=418' } }))
    expect(unknown.status).toBe(418)
  })
})

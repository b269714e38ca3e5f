import { ACME_KEY } from '../../fixtures/index.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import { bearer, json } from './world.ts'

/** Requests as Acme, in process: raw text bodies pass through, anything else is JSON-encoded. */
export const asAcme = (mock: MockCore) => {
  const call = (method: string, path: string, body?: unknown) =>
    mock.handle({
      method,
      path,
      headers: { ...bearer(ACME_KEY), ...json },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
  const created = async (path: string, body: unknown) =>
    JSON.parse((await call('POST', path, body)).text)
  return { call, created }
}

export const yesNo = (i: number) => ({ kind: 'yes_no', config: { label: `Question ${i}` } })
export const poll = { kind: 'poll', question: 'Best talk?', options: ['A', 'B'] }

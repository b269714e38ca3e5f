import { describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import { createMock } from '../../mock/create.ts'
import { expectSuccess, TRANSPORTS, useHarness } from './harness.ts'
import { makeForm } from './scenarios.ts'

const auth = { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }
const ready = async (seed: number) => {
  const mock = createMock({ seed })
  await mock.ready
  return mock
}
const get = (mock: MockCore, path: string) => mock.handle({ method: 'GET', path, headers: auth })
const createForm = async (mock: MockCore) => {
  const res = await mock.handle({
    method: 'POST',
    path: '/forms',
    headers: auth,
    body: JSON.stringify({
      title: 'Same request',
      fields: [{ kind: 'yes_no', config: { label: 'Ok?' } }],
    }),
  })
  return expectSuccess('createForm', res).form
}

describe('determinism', () => {
  it('seeds byte-identical state and answers from the same seed', async () => {
    const [a, b] = await Promise.all([ready(7), ready(7)])
    expect(JSON.stringify(a.exportState())).toBe(JSON.stringify(b.exportState()))
    const [formsA, formsB] = [await get(a, '/forms'), await get(b, '/forms')]
    expect(formsA.status).toBe(200)
    expect(formsA.text).toBe(formsB.text)
    expect((await get(a, '/sessions')).text).toBe((await get(b, '/sessions')).text)
  })

  it('seeds other data from another seed', async () => {
    const [a, b] = await Promise.all([ready(7), ready(8)])
    expect(JSON.stringify(a.exportState())).not.toBe(JSON.stringify(b.exportState()))
    expect((await get(a, '/forms')).text).not.toBe((await get(b, '/forms')).text)
  })

  it('after reset() gives the same request the same ids as a fresh mock', async () => {
    const used = await ready(7)
    const first = await createForm(used)
    await createForm(used)
    await used.reset()
    const again = await createForm(used)
    const fresh = await createForm(await ready(7))
    expect([again.id, again.fields[0]?.id, again.joinCode, again.slug]).toEqual([
      fresh.id,
      fresh.fields[0]?.id,
      fresh.joinCode,
      fresh.slug,
    ])
    expect(again.id).toBe(first.id)
  })
})

describe.each(TRANSPORTS)('determinism over HTTP (%s)', (transport) => {
  const h = useHarness(transport, { demo: true, seed: 11 })

  it('POST /__mock/reset makes the next create repeat its ids', async () => {
    const first = await makeForm(h, { fields: 2 })
    const reset = await fetch(`${h.origin}/__mock/reset`, { method: 'POST' })
    expect(reset.status).toBe(200)
    const second = await makeForm(h, { fields: 2 })
    expect(second.id).toBe(first.id)
    expect(second.fields.map((f) => f.id)).toEqual(first.fields.map((f) => f.id))
  })
})

import fc from 'fast-check'
import { beforeAll, it } from 'vitest'
import type { Form, Session } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import { createMock } from '../../mock/create.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'
import { bearer, json } from './world.ts'

/**
 * Positive properties: every profile-valid body the contract can generate is accepted, and what a
 * read returns afterwards is what was sent (as the profile schema reads it: trimmed, defaulted).
 * One mock per test file, reset before every generated case.
 */
export const roundTripSuite = () => {
  let mock: MockCore
  beforeAll(async () => {
    mock = createMock({ plan: false })
    await mock.ready
  })

  const accepted = async (status: number, method: string, path: string, body?: unknown) => {
    const answer = await mock.handle({
      method,
      path,
      headers: { ...bearer(ACME_KEY), ...json },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (answer.status !== status) throw new Error(`${method} ${path} → ${answer.text}`)
    return JSON.parse(answer.text)
  }

  const roundTrips = <T>(
    name: string,
    body: fc.Arbitrary<T>,
    check: (body: T) => Promise<void>,
    runs = 100,
  ) =>
    it(
      name,
      async () => {
        await fc.assert(
          fc.asyncProperty(body.map(overTheWire), async (value) => {
            await mock.reset()
            await check(value)
          }),
          fuzzParameters(runs),
        )
      },
      fuzzTimeout(runs, 10),
    )

  return {
    accepted,
    roundTrips,
    getForm: async (id: string): Promise<Form> => (await accepted(200, 'GET', `/forms/${id}`)).form,
    sessions: async (): Promise<Session[]> => (await accepted(200, 'GET', '/sessions')).sessions,
  }
}

/** What the mock receives: the value after JSON (-0 becomes 0, undefined keys vanish). */
export const overTheWire = <T>(value: T): T => JSON.parse(JSON.stringify(value))

/** A field or an activity as the request describes it, without what the mock adds (id, order). */
export const asInput = (f: { kind: string; config: unknown }) => ({
  kind: f.kind,
  config: f.config,
})
export const activityAsInput = (a: { kind: string; config: object }) => ({
  kind: a.kind,
  ...a.config,
})

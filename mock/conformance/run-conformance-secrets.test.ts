import { describe, expect, it } from 'vitest'
import { createMock } from '../create.ts'
import { DEMO_KEYS } from './engine/env.ts'
import { mockFetch } from './explore/oracle.ts'
import { runConformance } from './run-conformance.ts'

/** Our mock, but a form read by id shows the caller's credential as its title. */
const echoingDeployment = async (): Promise<typeof fetch> => {
  const mock = createMock()
  await mock.ready
  const inner = mockFetch(mock)
  return async (input, init) => {
    const answer = await inner(input, init)
    const path = new URL(String(input)).pathname
    if ((init?.method ?? 'GET') !== 'GET' || !/\/forms\/[^/]+$/.test(path) || !answer.ok) {
      return answer
    }
    const body = (await answer.json()) as { form: Record<string, unknown> }
    const credential = new Headers(init?.headers).get('authorization') ?? ''
    return Response.json({ form: { ...body.form, title: credential } })
  }
}

describe('runConformance: the result it hands back', () => {
  it("carries no key, even where exploration quotes a deployment's answer echoing one", async () => {
    const result = await runConformance({
      baseUrl: 'http://deployment.test/api/v1',
      key: DEMO_KEYS.main,
      filter: () => false,
      explore: { runs: 20, seed: 1 },
      fetch: await echoingDeployment(),
    })
    const [divergence] = result.exploration?.divergences ?? []
    expect(divergence?.deployment).toContain('$CONTRACT_API_KEY')
    expect(JSON.stringify(result)).not.toContain(DEMO_KEYS.main)
  })
})

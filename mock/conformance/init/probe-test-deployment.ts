import { createClient } from '../../../contract/client.ts'
import { ACME_KEY } from '../../../fixtures/index.ts'
import { createMock, type MockOptions } from '../../create.ts'
import { mockFetch } from '../explore/oracle.ts'

/**
 * For the probe's unit tests: a client of a mock in this process, whose answers `refuse` may
 * replace (a deployment that refuses what the profile spells).
 */
export const probedMock = (
  options: MockOptions = {},
  refuse: (method: string, path: string) => boolean = () => false,
) => {
  const answer = mockFetch(createMock(options))
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const path = new URL(String(input)).pathname
    if (refuse(init?.method ?? 'GET', path)) {
      return Response.json({ error: 'Not on this deployment' }, { status: 400 })
    }
    return answer(input, init)
  }
  return createClient({ baseUrl: 'http://deployment.test/api/v1', apiKey: ACME_KEY, fetch })
}

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ValidationError } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { createMock } from '../../mock/create.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { asAcme } from './acme.ts'
import { send } from './http.ts'
import { bearer, json } from './world.ts'

/** Pinpoint tests of host gaps the properties once found, kept so they stay closed. */
const auth = bearer(ACME_KEY)
let server: RunningServer
let created: ReturnType<typeof asAcme>['created']

beforeAll(async () => {
  const mock = createMock({ plan: false })
  server = await startServer({ port: 0, mock })
  created = asAcme(mock).created
})
afterAll(() => server.close())

describe('gaps the host once had', () => {
  it('a body that does not decompress gets the operation’s error shape', async () => {
    const form = (await created('/forms', { title: 'Gzip' })).form
    const log = vi.spyOn(console, 'error')
    const answer = await send(
      server.url,
      {
        method: 'PATCH',
        path: `/forms/${form.id}`,
        headers: { ...auth, ...json },
        body: '{"title":"x"}',
      },
      { encoding: 'garbage' },
    )
    expect(answer.status).toBe(400)
    expect(ValidationError.safeParse(JSON.parse(answer.text)).success).toBe(true)
    // A client's mistake is not the mock's fault: nothing is logged.
    expect(log).not.toHaveBeenCalled()
    log.mockRestore()
  })
})

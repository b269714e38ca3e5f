import { describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY, organizationsOnly } from '../../fixtures/index.ts'
import { createMockCore } from '../create.ts'

describe('the dispatcher', () => {
  it('reads each Authorization header on its own, whatever header came just before', async () => {
    // The key of the last header is kept: a header that differs, by as little as a space or the
    // case of a letter, must still get its own answer.
    const mock = createMockCore({
      plan: organizationsOnly(),
    })
    await mock.ready
    const statusWith = async (authorization: string) => {
      const answer = await mock.handle({
        method: 'GET',
        path: '/forms',
        headers: { authorization },
      })
      return `${answer.status} ${answer.status === 200 ? '' : JSON.parse(answer.text).error}`
    }
    const ok = '200 '
    const malformed = '401 Malformed Authorization header; expected "Bearer <API key>".'
    const unknown = '401 Unknown API key.'
    expect(await statusWith(`Bearer ${ACME_KEY}`)).toBe(ok)
    expect(await statusWith(`Bearer ${ACME_KEY} extra`)).toBe(malformed)
    expect(await statusWith(`Bearer ${ACME_KEY}`)).toBe(ok)
    expect(await statusWith(`bearer   ${ACME_KEY}  `)).toBe(ok)
    expect(await statusWith(`Bearer ${ACME_KEY}x`)).toBe(unknown)
    expect(await statusWith(`Basic ${ACME_KEY}`)).toBe(malformed)
    expect(await statusWith(`Bearer ${GLOBEX_KEY}`)).toBe(ok)
    expect(await statusWith('Bearer')).toBe(malformed)
  })
})

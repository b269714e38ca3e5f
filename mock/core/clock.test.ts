import { describe, expect, it } from 'vitest'
import { ACME_KEY, organizationsOnly } from '../../fixtures/index.ts'
import { createMockCore } from '../create.ts'
import { isoClock } from './clock.ts'

/** A Date that counts how often its text is written. */
let written = 0
class CountingDate extends Date {
  override toISOString(): string {
    written++
    return super.toISOString()
  }
}

describe('the mock clock', () => {
  it('writes the text of a millisecond once, however many requests read it', async () => {
    written = 0
    const at = Date.parse('2026-03-04T05:06:07.089Z')
    const mock = createMockCore({
      clock: () => new CountingDate(at),
      plan: organizationsOnly(),
    })
    await mock.ready
    const created: string[] = []
    for (let i = 0; i < 3; i++) {
      const answer = await mock.handle({
        method: 'POST',
        path: '/forms',
        headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Same millisecond ${i}` }),
      })
      expect(answer.status).toBe(201)
      created.push(JSON.parse(answer.text).form.createdAt)
    }
    expect(created).toEqual(Array(3).fill('2026-03-04T05:06:07.089Z'))
    expect(written).toBe(1)
  })

  it('follows the clock to every other millisecond, backwards too', () => {
    const times = [
      '2026-03-04T05:06:07.089Z',
      '2026-03-04T05:06:07.090Z',
      '2026-03-04T05:06:07.089Z',
    ]
    let at = 0
    const now = isoClock(() => new Date(times[at++ % times.length] as string))
    expect([now(), now(), now()]).toEqual(times)
  })

  it('throws for an invalid date, as toISOString does, every time it is read', () => {
    const now = isoClock(() => new Date(Number.NaN))
    expect(now).toThrow(RangeError)
    expect(now).toThrow(RangeError)
  })
})

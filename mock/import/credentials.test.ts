import { describe, expect, it } from 'vitest'
import type { MockState } from '../core/state.ts'
import { KEY_PLACEHOLDER, withoutCredentials } from './credentials.ts'

const KEY = 'sk_live/abc+def"ghi'

describe('withoutCredentials', () => {
  it('replaces a key an answer echoed raw, JSON-escaped or URL-encoded, and counts each', () => {
    const state = {
      forms: [
        { title: `Key ${KEY}`, shareUrl: `https://x.test/f/a?k=${encodeURIComponent(KEY)}` },
        { title: 'nothing here' },
      ],
    } as unknown as MockState
    const { state: cleaned, replaced } = withoutCredentials(state, [KEY])
    const text = JSON.stringify(cleaned)
    expect(text).not.toContain('sk_live')
    expect(text).not.toContain(encodeURIComponent(KEY))
    expect(replaced).toBe(2)
    expect(JSON.stringify(cleaned).split(KEY_PLACEHOLDER).length - 1).toBe(2)
  })

  it('leaves a state without the key, and tokens shorter than 8 characters, as they were', () => {
    const state = { forms: [{ title: 'short abc1234 word' }] } as unknown as MockState
    expect(withoutCredentials(state, ['abc1234'])).toEqual({ state, replaced: 0 })
    expect(withoutCredentials(state, [KEY])).toEqual({ state, replaced: 0 })
  })
})

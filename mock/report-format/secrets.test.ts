import { describe, expect, it } from 'vitest'
import { redactHeaders } from '../traffic/exchange.ts'
import { Secrets } from './secrets.ts'

describe('secrets', () => {
  it('give each key its own stable variable, and keep the names of keys with a role', () => {
    const secrets = new Secrets([['given-main-key', 'CONTRACT_API_KEY']])
    expect(secrets.variable('sk_first_key')).toBe('API_KEY_1')
    expect(secrets.variable('sk_second_key')).toBe('API_KEY_2')
    expect(secrets.variable('sk_first_key')).toBe('API_KEY_1')
    expect(secrets.variable('given-main-key')).toBe('CONTRACT_API_KEY')
    expect(secrets.variable('sess=abcdef', 'COOKIE')).toBe('COOKIE_1')
    // A placeholder already (a recording of ours) keeps its name and its number.
    expect(secrets.variable('$API_KEY_7')).toBe('API_KEY_7')
    expect(secrets.variable('sk_third_key')).toBe('API_KEY_3')
  })

  it('replace a key wherever it is written: raw, JSON-escaped, URL-encoded, and cut at a limit', () => {
    const secrets = new Secrets()
    secrets.variable('sk_live_a"b/c?d')
    secrets.variable('sk_live_a"b')
    const text = `{"echo":"sk_live_a\\"b/c?d","short":"sk_live_a\\"b"} ?k=${encodeURIComponent('sk_live_a"b/c?d')} raw sk_live_a"b/c?d`
    const clean = secrets.scrub(text)
    expect(clean).toBe('{"echo":"$API_KEY_1","short":"$API_KEY_2"} ?k=$API_KEY_1 raw $API_KEY_1')
    expect(JSON.parse(clean.split(' ?')[0] ?? '')).toEqual({
      echo: '$API_KEY_1',
      short: '$API_KEY_2',
    })
    const cut = new Secrets()
    cut.variable('sk_live_0123456789')
    expect(cut.scrub('the body stops in sk_live_0123', true)).toBe('the body stops in $API_KEY_1')
    expect(cut.scrub('the body stops in sk_live_0123')).toBe('the body stops in sk_live_0123')
    expect(secrets.scrub('nothing here')).toBe('nothing here')
  })

  it('number the credentials of headers, and replace an echo in another header of the message', () => {
    const secrets = new Secrets()
    const request = redactHeaders(
      [
        ['X-Debug', 'caller sk_live_12345'],
        ['Authorization', 'Bearer sk_live_12345'],
        ['x-api-key', 'other_key_999'],
      ],
      secrets,
    )
    expect(request).toEqual({
      authorization: 'Bearer $API_KEY_1',
      'x-api-key': '$API_KEY_2',
      'x-debug': 'caller $API_KEY_1',
    })
    expect(redactHeaders([['x-echo', 'other_key_999']], secrets)).toEqual({
      'x-echo': '$API_KEY_2',
    })
  })

  it('stop remembering new keys past a bound, still redacting their headers', () => {
    const secrets = new Secrets()
    for (let i = 0; i < 1024; i++) secrets.variable(`key_number_${i}`)
    expect(secrets.variable('one_too_many')).toBe('API_KEY_MORE')
    expect(secrets.scrub('key_number_1023 key_number_7')).toBe('$API_KEY_1024 $API_KEY_8')
  })
})

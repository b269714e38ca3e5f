import { describe, expect, it } from 'vitest'
import { boundedBytes, redactHeaders, underRoot } from './exchange.ts'
import {
  apiRootsSeen,
  detectApiRoot,
  HarError,
  harEntry,
  harExchanges,
  parseHar,
  startsAsHar,
} from './har.ts'
import { completeListPrefix } from './json-prefix.ts'

const entry = (url: string, extra: Record<string, unknown> = {}) => ({
  startedDateTime: '2026-07-01T00:00:00.000Z',
  request: {
    method: 'get',
    url,
    headers: [
      { name: ':authority', value: 'api.example.com' },
      { name: 'Authorization', value: 'Bearer sk_live_secret' },
    ],
  },
  response: { status: 200, headers: [], content: { text: '{"forms":[]}' } },
  ...extra,
})

describe('HAR files', () => {
  it('are refused with the first problem and where it is', () => {
    expect(() => parseHar({ log: {} }, 'x.har')).toThrow(HarError)
    expect(() => parseHar({ log: { entries: [{ request: { method: 'GET' } }] } }, 'x.har')).toThrow(
      'x.har is not a HAR 1.2 file: log.entries.0.request.url: Invalid input: expected string, received undefined (2 problems)',
    )
  })

  it('give their API root: the prefix under which most URLs are paths of operations', () => {
    expect(
      detectApiRoot([
        'https://app.example.com/index.html',
        'https://api.example.com/api/v1/forms',
        'https://api.example.com/api/v1/forms/frm_1/publish',
        'https://other.example.com/v1/sessions',
      ]),
    ).toBe('https://api.example.com/api/v1')
    expect(detectApiRoot(['https://app.example.com/', 'not a url'])).toBeUndefined()
  })

  it('become exchanges: under the root only, answered only, decoded, secrets replaced', () => {
    const har = parseHar(
      {
        log: {
          entries: [
            entry('https://api.example.com/api/v1/forms?x=1'),
            entry('https://api.example.com/other/forms'),
            entry('https://cdn.example.com/api/v1/forms'),
            entry('https://api.example.com/api/v1/sessions', {
              response: { status: 0, headers: [], content: {} },
            }),
            entry('https://api.example.com/api/v1/series', {
              response: {
                status: 200,
                headers: [],
                content: { text: btoa('{"series":[]}'), encoding: 'base64' },
              },
            }),
            entry('https://api.example.com/api/v1/sponsors', {
              response: { status: 200, headers: [], content: { size: 10 } },
            }),
          ],
        },
      },
      'x.har',
    )
    const exchanges = harExchanges(har, 'https://api.example.com/api/v1', 1000)
    expect(exchanges.map((e) => `${e.method} ${e.path} ${e.responseBody}`)).toEqual([
      'GET /forms?x=1 {"forms":[]}',
      'GET /series {"series":[]}',
      'GET /sponsors ',
    ])
    expect(exchanges[0]?.requestHeaders).toEqual({ authorization: 'Bearer $API_KEY' })
    expect(exchanges[2]?.responseBodyUnread).toBe('not in the HAR file')
    expect(JSON.stringify(exchanges)).not.toContain('sk_live_secret')
  })

  it('are written from exchanges and read back as the same exchanges', () => {
    const [read] = harExchanges(
      parseHar({ log: { entries: [entry('https://api.example.com/api/v1/forms')] } }, 'x'),
      'https://api.example.com/api/v1',
      1000,
    )
    if (!read) throw new Error('no exchange')
    const written = harEntry(read, { startedDateTime: '2026-07-01T00:00:00.000Z', time: 3 })
    const [again] = harExchanges(
      parseHar({ log: { version: '1.2', entries: [written] } }, 'y'),
      'https://api.example.com/api/v1',
      1000,
    )
    expect(again).toEqual(read)
  })
})

describe('exchange helpers', () => {
  it('replace every secret by the variable a curl would use, keeping the scheme', () => {
    expect(
      redactHeaders([
        ['Authorization', 'Bearer abc'],
        ['Cookie', 'a=1; b=2'],
        ['X-Api-Key', 'k'],
        ['Accept', ['a', 'b']],
        ['Empty', undefined],
      ]),
    ).toEqual({
      authorization: 'Bearer $API_KEY',
      cookie: '$COOKIE',
      'x-api-key': '$API_KEY',
      accept: 'a, b',
    })
  })

  it('place a path under the API root, or outside it', () => {
    expect(underRoot('/api/v1/forms?x=1', '/api/v1')).toBe('/forms?x=1')
    expect(underRoot('/api/v1', '/api/v1/')).toBe('/')
    expect(underRoot('/api/v10/forms', '/api/v1')).toBeUndefined()
    expect(underRoot('/docs', '/api/v1')).toBeUndefined()
    expect(underRoot('/forms', '')).toBe('/forms')
  })

  it('complete a list cut mid-item with its whole items only', () => {
    expect(completeListPrefix('{"forms":[{"a":"}"},{"b":[1,2]},{"c":"x')).toEqual({
      forms: [{ a: '}' }, { b: [1, 2] }],
    })
    expect(completeListPrefix('{"meta":[1],"forms":[')).toEqual({ meta: [1], forms: [] })
    expect(completeListPrefix('{"form":{"id":"x"')).toBeUndefined()
    expect(completeListPrefix('[{"id":1},')).toBeUndefined()
  })

  it('are bounded in bytes of UTF-8, the unit of the proxy, cut at a character', () => {
    // "é" is 2 bytes, "€" 3: 10 characters, 24 bytes.
    const text = 'éééé€€€€€a'
    expect(boundedBytes(text, 24)).toEqual({ text, truncated: false })
    expect(boundedBytes(text, 23)).toEqual({ text: 'éééé€€€€€', truncated: true })
    // 12 bytes end inside the second "€": cut before it.
    expect(boundedBytes(text, 12)).toEqual({ text: 'éééé€', truncated: true })
    expect(boundedBytes(text, 10)).toEqual({ text: 'éééé', truncated: true })
    const [exchange] = harExchanges(
      parseHar(
        {
          log: {
            version: '1.2',
            entries: [
              entry('https://api.example.com/api/v1/forms', {
                response: { status: 200, headers: [], content: { text: '{"forms":[],"x":"ééé"}' } },
              }),
            ],
          },
        },
        'x.har',
      ),
      'https://api.example.com/api/v1',
      20,
    )
    expect(exchange?.responseBody).toBe('{"forms":[],"x":"é')
    expect(exchange?.responseBodyTruncated).toBe(true)
  })
})

describe('telling a HAR apart', () => {
  it('lists every API root the entries address, most entries first', () => {
    expect(
      apiRootsSeen([
        'https://a.example.com/api/v1/forms',
        'https://b.example.com/v2/sessions',
        'https://b.example.com/v2/forms/frm_1',
        'https://cdn.example.com/app.js',
      ]),
    ).toEqual(['https://b.example.com/v2', 'https://a.example.com/api/v1'])
  })

  it('knows a HAR by its first characters, and a state as not one', () => {
    expect(startsAsHar('{"log":{"version":"1.2"')).toBe(true)
    expect(startsAsHar('\uFEFF{\n  "log": {\n    "version": "1.2"')).toBe(true)
    expect(startsAsHar('{"format":"engagement-mock-state","version":1')).toBe(false)
    expect(startsAsHar('{"run":{},"log":[]}')).toBe(false)
  })
})

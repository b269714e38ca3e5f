import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NotStreamable, type Span, StateStream, splitState } from './state-text.ts'

const KEYS = new Set(['forms', 'responses'])

/** A text as a file's UTF-8 bytes, and how a span of them reads back. */
const encoded = (text: string) => {
  const bytes = new TextEncoder().encode(text)
  const decoder = new TextDecoder()
  return {
    bytes,
    textOf: (start: number, end: number) => decoder.decode(bytes.subarray(start, end)),
  }
}
const splitText = (text: string) => {
  const { bytes, textOf } = encoded(text)
  const got = splitState(bytes, KEYS, textOf)
  return got && { frame: got.frame, textOf }
}

type Texts = (start: number, end: number) => string

/** What JSON.parse would give, from the split: each split array's spans read and parsed. */
const rejoin = ({ frame, textOf }: { frame: Record<string, unknown>; textOf: Texts }) =>
  Object.fromEntries(
    Object.entries(frame).map(([key, value]) => [
      key,
      KEYS.has(key) && Array.isArray(value)
        ? value.map((span: Span) => JSON.parse(textOf(span.start, span.end)))
        : value,
    ]),
  )
const split = (text: string) => {
  const got = splitText(text)
  if (!got) throw new Error(`expected ${text.slice(0, 80)} to split`)
  return got
}

describe('splitState', () => {
  it('gives the texts of the records under the given keys, and the rest parsed', () => {
    const text =
      ' {\n "format" : "x", "forms": [ {"a": "}{\\"]["}, [1, {"b": []}], "s\\\\", -1.5e3, null ],' +
      '\t"responses":[],"other":[{"kept":true}],"seq":3}\r\n'
    const got = split(text)
    const texts = (got.frame.forms as Span[]).map(({ start, end }) => got.textOf(start, end))
    expect(texts).toEqual(['{"a": "}{\\"]["}', '[1, {"b": []}]', '"s\\\\"', '-1.5e3', 'null'])
    expect(got.frame.responses).toEqual([])
    expect(got.frame.other).toEqual([{ kept: true }])
    expect(rejoin(got)).toEqual(JSON.parse(text))
  })

  it('gives what JSON.parse gives for any JSON object, pretty-printed or not, in any script', () => {
    // Strings of any code point (é, ✓, emoji...): in UTF-8 bytes, each is 2 to 4 bytes.
    const json = fc.jsonValue({ stringUnit: 'binary' })
    const value = fc.record(
      { forms: fc.array(json), responses: fc.array(json), other: json },
      { requiredKeys: [] },
    )
    fc.assert(
      fc.property(value, fc.constantFrom(undefined, 2, '\t'), (state, indent) => {
        const text = JSON.stringify(state, null, indent)
        expect(rejoin(split(text))).toEqual(JSON.parse(text))
      }),
    )
  })

  it('keeps the last value of a key given twice, as JSON.parse does', () => {
    const text = '{"forms":[1],"forms":[2,3]}'
    expect(rejoin(split(text))).toEqual(JSON.parse(text))
  })

  it('answers undefined for what it does not expect, so the caller parses the whole text', () => {
    for (const text of [
      '\uFEFF{"forms":[]}', // a byte-order mark
      '[{"forms":[]}]', // not an object
      '{"forms":[1 2]}', // no comma between records
      '{"forms":[1,]}', // a trailing comma
      '{"forms":[1]', // cut short
      '{"forms":["open]}', // a string never closed
      '{"forms":[]} {}', // something after the state
      '{"forms":[],"__proto__":{"x":1}}', // a key an assignment would not keep
      '{forms:[]}', // a key without quotes
      '{"seq":01}', // a value JSON.parse refuses
      '',
    ]) {
      expect(splitText(text), text).toBeUndefined()
    }
  })

  it('never passes off a text that is not JSON: some part of it fails to parse', () => {
    const text = JSON.stringify({
      format: 'engagement-mock-state',
      seq: 2,
      forms: [{ id: 'a', title: 'Say "hi" {to} [all]\\', fields: [{ n: 1 }, { n: -2.5 }] }, {}],
      responses: [[], 'x', true],
    })
    // Each text with one character removed or doubled: most are not JSON, a few still are.
    for (let at = 0; at < text.length; at++) {
      for (const broken of [
        text.slice(0, at) + text.slice(at + 1),
        text.slice(0, at + 1) + text.slice(at),
      ]) {
        let whole: unknown
        try {
          whole = JSON.parse(broken)
        } catch {
          whole = undefined
        }
        const got = splitText(broken)
        let parts: unknown
        try {
          parts = got && rejoin(got)
        } catch {
          parts = undefined
        }
        // Either both refuse it, or both give the same value.
        expect(parts, broken).toEqual(whole)
      }
    }
  })
})

const COLLECTIONS = ['forms', 'responses']

/** A text read through a StateStream in chunks of `chunk` bytes: its head and records, or why not. */
const streamed = (text: string, chunk: number) => {
  const bytes = new TextEncoder().encode(text)
  const decoder = new TextDecoder()
  let offset = 0
  const stream = new StateStream<Uint8Array>({
    allocate: (size) => new Uint8Array(size),
    read: (into, at) => {
      const read = Math.min(into.length - at, bytes.length - offset)
      into.set(bytes.subarray(offset, offset + read), at)
      offset += read
      return read
    },
    text: (buffer, start, end) => decoder.decode(buffer.subarray(start, end)),
    collections: COLLECTIONS,
    chunk,
  })
  const state: Record<string, unknown> = stream.head()
  for (const name of COLLECTIONS) state[name] = [...stream.records(name)]
  stream.end()
  return state
}
const refusedWhenStreamed = (text: string, chunk: number) => {
  try {
    streamed(text, chunk)
    return false
  } catch (error) {
    if (error instanceof NotStreamable) return true
    throw error
  }
}

describe('StateStream', () => {
  it('gives what JSON.parse gives for a state laid out as saved, whatever the chunk size', () => {
    const json = fc.jsonValue({ stringUnit: 'binary' })
    const state = fc.record({
      format: fc.string(),
      seq: fc.nat(),
      organizations: fc.array(json),
      forms: fc.array(json),
      responses: fc.array(json),
    })
    fc.assert(
      fc.property(
        state,
        fc.constantFrom(undefined, 2, '\t'),
        fc.integer({ min: 2, max: 64 }),
        (value, indent, chunk) => {
          const text = JSON.stringify(value, null, indent)
          expect(streamed(text, chunk)).toEqual(JSON.parse(text))
        },
      ),
    )
  })

  it('reads a record far larger than its buffer, and its bytes across chunk ends', () => {
    const big = { id: 'x'.repeat(5000), nested: [{ text: 'é✓"\\'.repeat(300) }] }
    const text = JSON.stringify({ seq: 1, forms: [big, 1, big], responses: [] })
    for (const chunk of [4, 7, 1000]) expect(streamed(text, chunk)).toEqual(JSON.parse(text))
  })

  it('refuses any other layout, so the caller reads the whole text', () => {
    for (const text of [
      '{"forms":[],"seq":1,"responses":[]}', // a head key after a collection
      '{"responses":[],"forms":[]}', // collections in another order
      '{"seq":1,"seq":2,"forms":[],"responses":[]}', // a head key twice
      '{"forms":[],"responses":[],"forms":[]}', // a collection twice
      '{"forms":[]}', // a collection missing
      '{"forms":[1 2],"responses":[]}', // no comma between records
      '{"forms":[1,],"responses":[]}', // a trailing comma
      '{"forms":[{"a":1],"responses":[]}', // a record JSON.parse refuses
      '{"forms":[1],"responses":[2]', // cut short
      '{"forms":[],"responses":[]} {}', // something after the state
      '{"__proto__":{},"forms":[],"responses":[]}',
      '\uFEFF{"forms":[],"responses":[]}',
      '',
    ]) {
      expect(refusedWhenStreamed(text, 5), text).toBe(true)
    }
    expect(refusedWhenStreamed('{"forms":[],"responses":[]}', 5)).toBe(false)
  })
})

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { splitState } from './state-text.ts'

const KEYS = new Set(['forms', 'responses'])

/** What JSON.parse would give, from the split: each split array's texts parsed. */
const rejoin = (frame: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(frame).map(([key, value]) => [
      key,
      KEYS.has(key) && Array.isArray(value) ? value.map((text) => JSON.parse(text)) : value,
    ]),
  )

const split = (text: string) => {
  const got = splitState(text, KEYS)
  if (!got) throw new Error(`expected ${text.slice(0, 80)} to split`)
  return got.frame
}

describe('splitState', () => {
  it('gives the texts of the records under the given keys, and the rest parsed', () => {
    const text =
      ' {\n "format" : "x", "forms": [ {"a": "}{\\"]["}, [1, {"b": []}], "s\\\\", -1.5e3, null ],' +
      '\t"responses":[],"other":[{"kept":true}],"seq":3}\r\n'
    const frame = split(text)
    expect(frame.forms).toEqual(['{"a": "}{\\"]["}', '[1, {"b": []}]', '"s\\\\"', '-1.5e3', 'null'])
    expect(frame.responses).toEqual([])
    expect(frame.other).toEqual([{ kept: true }])
    expect(rejoin(frame)).toEqual(JSON.parse(text))
  })

  it('gives what JSON.parse gives for any JSON object, pretty-printed or not', () => {
    const value = fc.record(
      {
        forms: fc.array(fc.jsonValue()),
        responses: fc.array(fc.jsonValue()),
        other: fc.jsonValue(),
      },
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
      expect(splitState(text, KEYS), text).toBeUndefined()
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
        const frame = splitState(broken, KEYS)?.frame
        let parts: unknown
        try {
          parts = frame && rejoin(frame)
        } catch {
          parts = undefined
        }
        // Either both refuse it, or both give the same value.
        expect(parts, broken).toEqual(whole)
      }
    }
  })
})

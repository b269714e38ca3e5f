import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { NotStreamable, StateStream } from './state-stream.ts'

const COLLECTIONS = ['forms', 'responses']

/** A StateStream over a text, read in chunks of `chunk` bytes. */
const streamOf = (text: string, chunk: number) => {
  const bytes = new TextEncoder().encode(text)
  const decoder = new TextDecoder()
  let offset = 0
  return new StateStream<Uint8Array>({
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
}

/** A text read through a StateStream in chunks of `chunk` bytes: its head and records, or why not. */
const streamed = (text: string, chunk: number) => {
  const stream = streamOf(text, chunk)
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

  it('gives the records before one JSON.parse refuses, then refuses it', () => {
    const text = '{"forms":[1,{"a":[2]},"three",{"a":}, 5],"responses":[]}'
    for (const chunk of [4, 1000]) {
      const stream = streamOf(text, chunk)
      stream.head()
      const given: unknown[] = []
      expect(() => {
        for (const record of stream.records('forms')) given.push(record)
      }).toThrow(NotStreamable)
      expect(given).toEqual([1, { a: [2] }, 'three'])
    }
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

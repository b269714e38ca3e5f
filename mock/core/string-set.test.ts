import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fnv1a, StringSet } from './string-set.ts'

/** Adds every string to a StringSet and to a Set; both must answer alike at each step. */
const agreesWithSet = (values: string[], set: StringSet, reference = new Set<string>()) => {
  for (const value of values) {
    const fresh = !reference.has(value)
    reference.add(value)
    expect(set.add(value)).toBe(fresh)
    expect(set.size).toBe(reference.size)
  }
  for (const value of values) expect(set.has(value)).toBe(true)
  for (const value of values) expect(set.add(value)).toBe(false)
  return reference
}

describe('StringSet', () => {
  it('answers add and has as a Set does, over any strings and repeats', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 300 }),
        fc.nat(400),
        (values, expected) => {
          const set = new StringSet(expected)
          const reference = agreesWithSet(values, set)
          for (const other of ['', 'x', 'frm_000000000000', ...values.map((v) => `${v}!`)]) {
            expect(set.has(other)).toBe(reference.has(other))
          }
        },
      ),
    )
  })

  it('keeps identifiers apart through many doublings of its table', () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `fld_${i.toString(36).padStart(12, '0')}`)
    const set = new StringSet()
    agreesWithSet([...ids, ...ids.slice(0, 1000)], set)
    expect(set.size).toBe(50_000)
    expect(set.has('fld_zzzzzzzzzzzz')).toBe(false)
    expect(set.has('fld_00000000001')).toBe(false)
  })

  it('stays exact when every string has the same hash (they overflow to a Set)', () => {
    const values = Array.from({ length: 500 }, (_, i) => `v${i}`)
    const set = new StringSet(0, () => 7)
    agreesWithSet([...values, ...values.toReversed()], set)
    expect(set.size).toBe(500)
    expect(set.has('v500')).toBe(false)
  })

  it('stays exact when hashes crowd a few slots and the table grows under them', () => {
    const values = Array.from({ length: 3_000 }, (_, i) => `s${i}`)
    // Eight hashes for all: clusters longer than a probe's reach, re-placed at every growth.
    const set = new StringSet(0, (value) => fnv1a(value) & 0x7)
    const reference = agreesWithSet(values, set)
    const more = Array.from({ length: 3_000 }, (_, i) => `t${i}`)
    agreesWithSet([...more, ...values], set, reference)
    expect(set.size).toBe(6_000)
  })

  it('stays exact over any strings when hashes are few, through growth and overflow', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 4 }), { minLength: 50, maxLength: 400 }),
        fc.integer({ min: 1, max: 127 }),
        (values, bits) => {
          const set = new StringSet(0, (value) => fnv1a(value) & bits)
          agreesWithSet([...values, ...values.map((v) => `${v}~`)], set)
        },
      ),
    )
  })

  it('finds strings that wrapped around the table end after it grows', () => {
    // 128 slots: 32 strings of hash 127 fill slots 127 and 0-30 (wrapping), one of hash 128 takes
    // slot 31; at 64 strings the table doubles and every string is placed again, unwrapped.
    const hashes = new Map<string, number>()
    for (let i = 0; i < 32; i++) hashes.set(`wrap${i}`, 127)
    hashes.set('next', 128)
    for (let i = 0; i < 40; i++) hashes.set(`other${i}`, 40 + i)
    const set = new StringSet(40, (value) => hashes.get(value) ?? 0)
    agreesWithSet([...hashes.keys()], set)
    expect(set.size).toBe(73)
  })

  it('hashes as FNV-1a over UTF-16 units', () => {
    expect(fnv1a('')).toBe(0x811c9dc5 | 0)
    expect(fnv1a('a') >>> 0).toBe(0xe40c292c)
    expect(fnv1a('foobar') >>> 0).toBe(0xbf9cf968)
  })
})

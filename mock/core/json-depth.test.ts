import { describe, expect, it } from 'vitest'
import { nestsDeeperThan } from './json-depth.ts'

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth)

describe('nestsDeeperThan', () => {
  it('counts arrays and objects alike, and allows exactly the maximum', () => {
    expect(nestsDeeperThan(nested(3), 3)).toBe(false)
    expect(nestsDeeperThan(nested(4), 3)).toBe(true)
    expect(nestsDeeperThan('{"a":{"b":[{"c":1}]}}', 4)).toBe(false)
    expect(nestsDeeperThan('{"a":{"b":[{"c":{}}]}}', 4)).toBe(true)
  })

  it('measures depth, not how many containers a body has', () => {
    expect(nestsDeeperThan(`[${Array(1000).fill('[1]').join(',')}]`, 2)).toBe(false)
  })

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(`{"title":"${nested(100)}"}`, 1)).toBe(false)
    expect(nestsDeeperThan(`{"title":"say \\"[[[[\\" and \\\\"}`, 1)).toBe(false)
    expect(nestsDeeperThan(`["\\\\",[[1]]]`, 2)).toBe(true)
  })

  it('leaves an unterminated string to JSON.parse, counting only what came before it', () => {
    expect(nestsDeeperThan('{"a":"[[[[[[', 1)).toBe(false)
    expect(nestsDeeperThan('[[["a', 2)).toBe(true)
  })

  it('agrees with JSON.parse on what the depth of a valid body is', () => {
    const body = { a: [{ b: { c: [[1, '[{'], { d: '}]' }] } }] }
    const text = JSON.stringify(body)
    // Body, a's array, its object, b's object, c's array, then the innermost array and object: 6.
    expect(nestsDeeperThan(text, 6)).toBe(false)
    expect(nestsDeeperThan(text, 5)).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import { GONE, hasGone, resolveKept } from './plan-refs.ts'

const named = new Map<string, unknown>([
  ['form', { form: { id: 'f1', fields: [{ id: 'fd1' }, null] } }],
  ['skipped', GONE],
])

describe('resolveKept', () => {
  it("resolves a Ref to the string the named step's answer holds, deep in a body", () => {
    expect(resolveKept({ ids: [{ ref: 'form', path: 'form.fields.0.id' }] }, named)).toEqual({
      ids: ['fd1'],
    })
  })

  it('resolves a Ref to a skipped step, or one ending at a left-out (null) position, to GONE', () => {
    expect(resolveKept({ ref: 'skipped', path: 'form.id' }, named)).toBe(GONE)
    expect(resolveKept({ ref: 'form', path: 'form.fields.1' }, named)).toBe(GONE)
  })

  it('refuses a Ref to an unknown step or to what is not a string', () => {
    expect(() => resolveKept({ ref: 'nope', path: 'id' }, named)).toThrow(/unknown step "nope"/)
    expect(() => resolveKept({ ref: 'form', path: 'form.fields' }, named)).toThrow(
      /form:form\.fields is not a string/,
    )
  })
})

describe('hasGone', () => {
  it('finds GONE at any depth, and nothing in a plain body', () => {
    expect(hasGone({ a: [{ b: GONE }] })).toBe(true)
    expect(hasGone({ a: [{ b: 'x' }], c: null })).toBe(false)
  })
})

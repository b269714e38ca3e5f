import { describe, expect, it } from 'vitest'
import { FormFields } from './form-fields.ts'

describe('FormFields', () => {
  it("reorders by the plan's order of the fields the form has here, then the others", () => {
    const book = new FormFields()
    book.setFields('f', ['a', 'b', 'c', 'extra'])
    expect(book.reorder('f', ['c', 'gone', 'a', 'b'])).toEqual(['c', 'a', 'b', 'extra'])
    expect(book.fieldsOf('f')).toEqual(['c', 'a', 'b', 'extra'])
  })

  it("keeps the plan's order for a form it knows nothing of", () => {
    expect(new FormFields().reorder('f', ['x', 'y'])).toEqual(['x', 'y'])
  })

  it('follows fields added and removed', () => {
    const book = new FormFields()
    book.added('f', 'a')
    book.added('f', 'b')
    book.removed('f', 'a')
    book.removed('other', 'b')
    expect(book.fieldsOf('f')).toEqual(['b'])
    expect(book.fieldsOf('other')).toBeUndefined()
  })

  it('remembers the profile kind a deployment field stands for', () => {
    const book = new FormFields()
    book.setKind('fd1', 'rating')
    expect(book.kindOf('fd1')).toBe('rating')
    expect(book.kindOf('fd2')).toBeUndefined()
  })
})

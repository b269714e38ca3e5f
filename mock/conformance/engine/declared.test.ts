import { describe, expect, it } from 'vitest'
import { declaredAnswer } from './declared.ts'

const expect_ = {
  states: { formPublished: 'live' },
  statuses: { createForm: 200 },
  errors: { not_found: 410 },
}

describe('declaredAnswer', () => {
  it('answers a state question from expect.states', () => {
    expect(declaredAnswer(expect_, 'Status of a published form (§3: name not shown)')).toBe('live')
  })

  it("answers an operation's success status only for that operation's question", () => {
    expect(declaredAnswer(expect_, 'Success status of POST /forms', 'createForm')).toBe(200)
    expect(declaredAnswer(expect_, 'Success status of POST /forms', 'getForm')).toBeUndefined()
  })

  it("answers a condition's status from expect.errors by the condition the question names", () => {
    expect(declaredAnswer(expect_, 'Status for not_found: an unknown id')).toBe(410)
    expect(declaredAnswer(expect_, 'Status for unauthorized: no key')).toBeUndefined()
  })

  it('says nothing without an expect section or for a question it does not know', () => {
    expect(declaredAnswer(undefined, 'Status for not_found: an unknown id')).toBeUndefined()
    expect(declaredAnswer(expect_, 'Which page size is the default?')).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import type { Probe } from './prober.ts'
import { note } from './starter-notes.ts'

const probe = (more: Partial<Probe>): Probe => ({
  key: 'forms.create',
  request: 'POST /forms',
  status: 201,
  accepted: true,
  answer: 'accepted',
  ...more,
})
const FILL = 'Write how this deployment names it.'

describe("note (a starter file's // comment of one probe key)", () => {
  it('says a key was not probed, and what to write', () => {
    expect(note([], 'forms.create', FILL)).toBe(`Not probed (an earlier step was refused). ${FILL}`)
  })

  it('says nothing is to change where the spelling was accepted', () => {
    expect(note([probe({})], 'forms.create', FILL)).toBe(
      "POST /forms with the profile's spelling: 201, accepted. Nothing to change.",
    )
  })

  it('quotes a refusal and says what to write', () => {
    const refused = probe({ status: 400, accepted: false, answer: 'title is required' })
    expect(note([refused], 'forms.create', FILL)).toBe(
      `POST /forms with the profile's spelling was REFUSED: 400 "title is required". ${FILL}`,
    )
  })

  it('calls an unreadable success neither accepted nor refused', () => {
    const unread = probe({ unread: 'nested too deep' })
    expect(note([unread], 'forms.create', FILL)).toMatch(
      /^POST \/forms with the profile's spelling: 201, NOT READABLE \(nested too deep\): neither accepted nor refused\./,
    )
  })

  it("joins every answer to the key and ignores other keys'", () => {
    const other = probe({ key: 'sessions.create', status: 500, accepted: false })
    const text = note([probe({}), other, probe({ status: 200 })], 'forms.create', FILL)
    expect(text).toBe(
      "POST /forms with the profile's spelling: 201, accepted. Nothing to change. POST /forms with the profile's spelling: 200, accepted. Nothing to change.",
    )
  })
})

import { describe, expect, it } from 'vitest'
import type { ApiStep } from '../../contract/plan.ts'
import { type LeftOut, leftOutOf, offeredActivities } from './seed-left-out.ts'

const step = (body: unknown, name?: string): ApiStep => ({
  type: 'api',
  apiKey: 'acme',
  at: '2026-01-01T00:00:00.000Z',
  operation: 'createSession',
  body,
  ...(name === undefined ? {} : { name }),
})

describe('leftOutOf', () => {
  it("names the record by its title, else the step's name, else the operation", () => {
    expect(leftOutOf(step({ title: 'Kickoff' }, 's1'), 'a poll activity', 'k').record).toBe(
      'Kickoff',
    )
    expect(leftOutOf(step({}, 's1'), 'a poll activity', 'k').record).toBe('s1')
    expect(leftOutOf(step({}), 'a poll activity', 'k').record).toBe('createSession')
  })
})

describe('offeredActivities', () => {
  it('leaves out the kinds the deployment file sets to null, saying which key', () => {
    const left: LeftOut[] = []
    const s = step({ title: 'Kickoff' })
    const body = { title: 'Kickoff', activities: [{ kind: 'poll' }, { kind: 'slides' }] }
    const kept = offeredActivities(
      { sessions: { activities: { slides: null } } },
      s,
      body,
      (st, what, key) => left.push(leftOutOf(st, what, key)),
    )
    expect(kept).toEqual({ title: 'Kickoff', activities: [{ kind: 'poll' }] })
    expect(left).toEqual([
      { record: 'Kickoff', what: 'a slides activity', key: 'sessions.activities.slides' },
    ])
  })

  it('passes a body without activities as it is', () => {
    const body = { title: 'x' }
    expect(offeredActivities({}, step(body), body, () => {})).toBe(body)
  })
})

import { describe, expect, it } from 'vitest'
import { GUARDS, guardNotes, judge } from './targets.ts'

describe('a guard against regressions', () => {
  it('is met on its bound and missed just past it, on its own side', () => {
    expect(judge(GUARDS.post, 0.8).met).toBe(true)
    expect(judge(GUARDS.post, 0.79)).toEqual({ met: false, by: '1 % short' })
    expect(judge(GUARDS.postP99, 1.5).met).toBe(true)
    expect(judge(GUARDS.postP99, 1.65)).toEqual({ met: false, by: '10 % over' })
  })

  it('holds the bounds issue 45 set against each floor', () => {
    expect(
      Object.fromEntries(Object.entries(GUARDS).map(([id, g]) => [id, `${g.side} ${g.bound}`])),
    ).toEqual({
      post: 'least 0.8',
      postP99: 'most 1.5',
      import: 'most 1.3',
      firstRender: 'most 1.2',
      proxyThroughput: 'least 0.55',
      proxyLatency: 'most 2',
    })
  })

  it('prints each bound with its reason', () => {
    const notes = guardNotes([['Import', GUARDS.import, '× the floor’s time']])
    expect(notes).toContain(`- Import ≤ 1.3× the floor’s time: ${GUARDS.import.reason}`)
  })
})

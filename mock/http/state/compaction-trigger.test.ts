import { describe, expect, it } from 'vitest'
import { CompactionTrigger } from './compaction-trigger.ts'

/** A trigger on a clock the test moves. */
const trigger = (at = { minBytes: 1000, stateRatio: 2 }, stateBytes = 800, entries = 0) => {
  const clock = { now: 0 }
  return { clock, trigger: new CompactionTrigger(at, stateBytes, entries, () => clock.now) }
}

describe('the compaction trigger', () => {
  it('is due once the journal reaches both its floor and its share of the state file', () => {
    const { trigger: small } = trigger({ minBytes: 1000, stateRatio: 2 }, 100)
    expect(small.due(999)).toBe(false)
    expect(small.due(1000)).toBe(true)
    const { trigger: large } = trigger({ minBytes: 1000, stateRatio: 2 }, 800)
    expect(large.due(1599)).toBe(false)
    expect(large.due(1600)).toBe(true)
    large.stateWritten(2000)
    expect(large.due(1600)).toBe(false)
  })

  it('waits after a failed compaction, longer each time, and the least again after one works', () => {
    const { clock, trigger: t } = trigger()
    const waits: number[] = []
    for (let i = 0; i < 6; i++) {
      const from = clock.now
      t.failed()
      clock.now += 1
      while (!t.due(5000)) clock.now += 1000
      waits.push(Math.round((clock.now - from) / 1000))
    }
    expect(waits).toEqual([5, 10, 20, 40, 60, 60])
    t.succeeded()
    const from = clock.now
    t.failed()
    clock.now = from + 4999
    expect(t.due(5000)).toBe(false)
    clock.now = from + 5000
    expect(t.due(5000)).toBe(true)
  })

  it('counts the entries the state file does not hold', () => {
    const { trigger: t } = trigger(undefined, 800, 3)
    expect(t.since).toBe(3)
    t.wrote(2)
    expect(t.since).toBe(5)
    t.restarted(0)
    expect(t.since).toBe(0)
  })
})

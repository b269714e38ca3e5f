import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { APPEND_RETRY_MS, EntryBatch } from './journal-batch.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})
const ids = { seed: 1, draws: 2 }

describe('the journal batch', () => {
  it('numbers entries in order from where the journal stands', () => {
    const batch = new EntryBatch(7, 50, () => undefined)
    batch.add({ ids }, false)
    batch.add({ closed: true }, false)
    expect(batch.next).toBe(9)
    expect(batch.take()).toEqual([
      { n: 7, ids },
      { n: 8, closed: true },
    ])
    expect(batch.pending).toBe(0)
  })

  it('gathers told entries for its time, then asks for one write', () => {
    const flush = vi.fn()
    const batch = new EntryBatch(0, 50, flush)
    batch.add({ ids }, true)
    vi.advanceTimersByTime(30)
    batch.add({ ids }, true)
    expect(flush).not.toHaveBeenCalled()
    vi.advanceTimersByTime(20)
    expect(flush).toHaveBeenCalledTimes(1)
    expect(batch.pending).toBe(2)
  })

  it('does not time an entry written at once', () => {
    const flush = vi.fn()
    new EntryBatch(0, 50, flush).add({ closed: true }, false)
    vi.runAllTimers()
    expect(flush).not.toHaveBeenCalled()
  })

  it('puts a failed batch back in front and tries again, waiting longer each time', () => {
    const flush = vi.fn()
    const batch = new EntryBatch(0, 50, flush)
    batch.add({ ids }, false)
    const failed = batch.take()
    batch.add({ closed: true }, false)
    batch.failed(failed)
    expect(batch.take()).toEqual([
      { n: 0, ids },
      { n: 1, closed: true },
    ])
    vi.advanceTimersToNextTimer()
    expect(flush).toHaveBeenCalledTimes(1)
    const waits: number[] = [250]
    for (let i = 0; i < 6; i++) {
      const before = Date.now()
      batch.failed([])
      vi.advanceTimersToNextTimer()
      waits.push(Date.now() - before)
    }
    expect(waits).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000])
    expect(APPEND_RETRY_MS).toEqual({ first: 250, last: 5000 })
    batch.written()
    const before = Date.now()
    batch.failed([])
    vi.advanceTimersToNextTimer()
    expect(Date.now() - before).toBe(250)
  })

  it('times nothing more once closed', () => {
    const flush = vi.fn()
    const batch = new EntryBatch(0, 50, flush)
    batch.add({ ids }, true)
    batch.close()
    batch.add({ ids }, true)
    batch.failed([])
    vi.runAllTimers()
    expect(flush).not.toHaveBeenCalled()
    expect(batch.pending).toBe(2)
  })
})

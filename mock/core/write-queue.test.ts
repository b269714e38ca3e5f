import { afterEach, describe, expect, it, vi } from 'vitest'
import { exclusiveWrites, type Serial, serialQueue, warmUpWrites } from './write-queue.ts'

/** A promise and the function that settles it. */
const gate = () => {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the write queue', () => {
  it('runs one task at a time, in the order given', async () => {
    const enqueue = serialQueue()
    const seen: string[] = []
    const first = gate()
    const a = enqueue(async () => {
      seen.push('a starts')
      await first.opened
      seen.push('a ends')
      return 'a'
    })
    const b = enqueue(async () => {
      seen.push('b starts')
      return 'b'
    })
    await Promise.resolve()
    expect(seen).toEqual(['a starts'])
    first.open()
    expect(await Promise.all([a, b])).toEqual(['a', 'b'])
    expect(seen).toEqual(['a starts', 'a ends', 'b starts'])
  })

  it('gives a failed task its own rejection and runs the next', async () => {
    const enqueue = serialQueue()
    const failed = enqueue(async () => {
      throw new Error('no')
    })
    const next = enqueue(async () => 'next')
    await expect(failed).rejects.toThrow('no')
    expect(await next).toBe('next')
  })
})

describe('exclusive writes', () => {
  const quiet = { quiet: true, recorded: vi.fn() }

  it('queue a write as it is once faker is loaded and no one listens', async () => {
    const queued: unknown[] = []
    const queue = serialQueue()
    const enqueue: Serial = (task) => {
      queued.push(task)
      return queue(task)
    }
    const task = async () => 'written'
    const exclusive = exclusiveWrites(enqueue, { loaded: true }, quiet, vi.fn())
    expect(await exclusive(task)).toBe('written')
    expect(queued).toEqual([task])
  })

  it('load what writes need before the first write', async () => {
    const ids = { loaded: false }
    const seen: string[] = []
    const load = vi.fn(async () => {
      seen.push('loaded')
      ids.loaded = true
    })
    const exclusive = exclusiveWrites(serialQueue(), ids, quiet, load)
    await exclusive(async () => seen.push('written'))
    await exclusive(async () => seen.push('written again'))
    expect(seen).toEqual(['loaded', 'written', 'written again'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('record a write when someone listens', async () => {
    let recordings = 0
    const recorded: Serial = (task) => {
      recordings += 1
      return task()
    }
    const exclusive = exclusiveWrites(
      serialQueue(),
      { loaded: true },
      { quiet: false, recorded },
      vi.fn(),
    )
    expect(await exclusive(async () => 'written')).toBe('written')
    expect(recordings).toBe(1)
  })
})

describe('the writes warm-up', () => {
  it('loads once, after the first answer, when the event loop is free', async () => {
    vi.useFakeTimers()
    const load = vi.fn(async () => undefined)
    const warm = warmUpWrites(load)
    expect(load).not.toHaveBeenCalled()
    warm()
    warm()
    expect(load).not.toHaveBeenCalled()
    await vi.runAllTimersAsync()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('waits for what it is told to wait for, and swallows a failed load', async () => {
    vi.useFakeTimers()
    const load = vi.fn(async () => {
      throw new Error('offline')
    })
    const after = gate()
    const warm = warmUpWrites(load, after.opened)
    warm()
    await vi.runAllTimersAsync()
    expect(load).not.toHaveBeenCalled()
    after.open()
    await vi.runAllTimersAsync()
    expect(load).toHaveBeenCalledTimes(1)
  })
})

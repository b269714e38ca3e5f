import { describe, expect, it } from 'vitest'
import { loadOnce } from './load-once.ts'

describe('loadOnce', () => {
  it('runs the load once and gives every caller the same promise', async () => {
    let runs = 0
    const load = loadOnce(async () => ++runs)
    const first = load()
    expect(load()).toBe(first)
    expect(await first).toBe(1)
    expect(await load()).toBe(1)
    expect(runs).toBe(1)
  })

  it('runs a load that failed again on the next call, and keeps it once it succeeds', async () => {
    let runs = 0
    const load = loadOnce(async () => {
      runs++
      if (runs === 1) throw new Error('chunk not downloaded')
      return 'loaded'
    })
    await expect(load()).rejects.toThrow('chunk not downloaded')
    expect(await load()).toBe('loaded')
    expect(await load()).toBe('loaded')
    expect(runs).toBe(2)
  })
})

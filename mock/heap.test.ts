import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * In a fresh Node process (the test runner's own heap has grown already): the young generation's
 * size before, right after a task that keeps a million objects alive, and after the same again.
 */
const youngGeneration = (env: NodeJS.ProcessEnv = {}) => {
  const heap = new URL('./heap.ts', import.meta.url).href
  const script = `
    import { getHeapSpaceStatistics } from 'node:v8'
    import { withoutYoungGenerationGrowth } from '${heap}'
    const size = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size
    const kept = []
    const allocate = () => { for (let i = 0; i < 1e6; i++) kept.push({ i }) }
    const before = size()
    const value = await withoutYoungGenerationGrowth(async () => (allocate(), 'done'))
    const held = size()
    allocate()
    console.log(JSON.stringify({ before, held, after: size(), value }))`
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    { cwd: fileURLToPath(new URL('..', import.meta.url)), env: { ...process.env, ...env } },
  )
  return JSON.parse(out.toString()) as {
    before: number
    held: number
    after: number
    value: string
  }
}

// Each test starts a Node process with tsx: seconds on a busy machine.
describe('heap tuning for loading a state', { timeout: 30_000 }, () => {
  it('keeps the young generation at its size during the task, and lets it grow again after', () => {
    const { before, held, after, value } = youngGeneration()
    expect(value).toBe('done')
    // Not grown. V8 may still shrink it during the task (seen: 4 MiB before, 2 MiB held), which
    // the flag does not forbid; without the hold a million kept objects grow it past `before`.
    expect(held).toBeLessThanOrEqual(before)
    expect(after).toBeGreaterThan(held)
  })

  it('leaves the young generation alone when the user sized it', () => {
    const { before, held } = youngGeneration({ NODE_OPTIONS: '--max-semi-space-size=16' })
    expect(held).toBeGreaterThan(before)
  })

  it('collectGarbage gives back what is no longer reachable, without --expose-gc', () => {
    const heap = new URL('./heap.ts', import.meta.url).href
    const script = `
      import { collectGarbage } from '${heap}'
      let garbage = Array.from({ length: 1e6 }, (_, i) => ({ i }))
      const before = process.memoryUsage().heapUsed
      garbage = undefined
      collectGarbage()
      console.log(JSON.stringify({ before, after: process.memoryUsage().heapUsed, gc: typeof gc }))`
    const out = execFileSync(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
    ])
    const { before, after, gc } = JSON.parse(out.toString())
    expect(gc).toBe('undefined')
    // A million small objects are ~30 MB; most of it must be gone.
    expect(before - after).toBeGreaterThan(20_000_000)
  })
})

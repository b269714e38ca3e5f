import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { onceInFolder } from './packed.ts'

const scratch = mkdtempSync(join(tmpdir(), 'engagement-mock-once-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const folder = (name: string) => mkdtempSync(join(scratch, `${name}-`))

describe('onceInFolder (the package packed once for every package test)', () => {
  it('makes the value once, and every caller sharing the folder gets it', async () => {
    const shared = folder('shared')
    let made = 0
    const make = async () => {
      made += 1
      await sleep(300)
      return { tarball: 'engagement-mock-0.1.0.tgz', files: ['dist/index.js'] }
    }
    const got = await Promise.all([1, 2, 3].map(() => onceInFolder(shared, make)))
    expect(made).toBe(1)
    expect(got).toEqual(
      Array(3).fill({ tarball: 'engagement-mock-0.1.0.tgz', files: ['dist/index.js'] }),
    )
    // A caller arriving after the value was made gets it too, without making it again.
    expect(await onceInFolder(shared, make)).toEqual(got[0])
    expect(made).toBe(1)
  })

  it("gives the maker's error to the maker and to every caller that waited", async () => {
    const shared = folder('failing')
    const make = async (): Promise<string> => {
      await sleep(300)
      throw new Error('npm pack exited 1: prepack failed')
    }
    const [first, waiting] = await Promise.allSettled([
      onceInFolder(shared, make),
      onceInFolder(shared, make),
    ])
    expect(first).toMatchObject({
      status: 'rejected',
      reason: { message: 'npm pack exited 1: prepack failed' },
    })
    expect(waiting).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringContaining('prepack failed') },
    })
  })

  it('throws at once when the folder does not exist, instead of waiting for nobody', async () => {
    await expect(onceInFolder(join(scratch, 'missing'), () => 1)).rejects.toThrow(/ENOENT/)
  })
})

import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { inject } from 'vitest'

/** The repository as `npm pack` wrote it: the tarball and the paths it holds. */
export interface Packed {
  tarball: string
  files: string[]
}

const root = fileURLToPath(new URL('../..', import.meta.url))
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/**
 * What `make` gives, made once for every caller sharing `folder`, in this process or another: the
 * first caller takes the lock folder and makes it; the others wait for its result (as JSON) or its
 * error, which each of them then throws.
 */
export const onceInFolder = async <T>(folder: string, make: () => T | Promise<T>): Promise<T> => {
  const done = join(folder, 'done.json')
  const failed = join(folder, 'failed.txt')
  let first = true
  try {
    mkdirSync(join(folder, 'lock'))
  } catch (error) {
    // Any other failure (no such folder) would leave every caller waiting for nobody.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    first = false
  }
  if (first) {
    try {
      const value = await make()
      // Written whole, then renamed: a waiting caller never reads half of it.
      writeFileSync(`${done}.part`, JSON.stringify(value))
      renameSync(`${done}.part`, done)
      return value
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? error.message : String(error))
      throw error
    }
  }
  for (;;) {
    if (existsSync(done)) return JSON.parse(readFileSync(done, 'utf8')) as T
    if (existsSync(failed))
      throw new Error(`failed in another file: ${readFileSync(failed, 'utf8')}`)
    await sleep(250)
  }
}

/** `npm pack` of the repository; prepack builds dist/ first, so the tarball is what `npm publish` would send. */
const pack = (into: string): Packed => {
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', into], {
      cwd: root,
      stdio: 'pipe',
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'error' },
    }).replace(/^[^[]*/s, ''),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>
  const filename = packed[0]?.filename
  if (!filename || !existsSync(join(into, filename))) {
    throw new Error(`npm pack wrote no tarball into ${into}`)
  }
  return { tarball: join(into, filename), files: packed[0]?.files.map((file) => file.path) ?? [] }
}

/**
 * The package packed once per run for every file of test/package, in the run's folder
 * (global-setup.ts): the build takes ~20 s of a core, and a second pack would empty dist/ while the
 * first one builds it.
 */
export const packedPackage = (): Promise<Packed> => {
  const scratch = inject('packageScratch')
  if (!scratch) throw new Error('test/package/global-setup.ts did not run: no folder to pack into')
  return onceInFolder(scratch, () => pack(scratch))
}

import { execFileSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
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

/** The packed package installed into a project of its own (`installedPackage`). */
export interface Installed extends Packed {
  /** The project the package is installed in: its `package.json` and `node_modules`. */
  project: string
}

/**
 * The packed package installed once per run, with the vitest of this repository's version as a
 * consumer's `npm install -D vitest` gives it, into a project in the run's folder: `npm install`
 * took ~8 s of a core, and test/package installed the same tarball twice. pack.test.ts works in
 * `project` itself (its Vite build reports the install's own paths); any other file works in a
 * folder of its own that links to it (`projectFor`).
 */
export const installedPackage = async (): Promise<Installed> => {
  const packed = await packedPackage()
  const folder = join(inject('packageScratch'), 'installed')
  mkdirSync(folder, { recursive: true })
  return onceInFolder(folder, () => {
    const project = join(folder, 'project')
    mkdirSync(project)
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    )
    const vitest = JSON.parse(
      readFileSync(join(root, 'node_modules', 'vitest', 'package.json'), 'utf8'),
    ) as { version: string }
    execFileSync(
      npm,
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        packed.tarball,
        `vitest@${vitest.version}`,
      ],
      { cwd: project, stdio: 'pipe', env: { ...process.env, npm_config_loglevel: 'error' } },
    )
    return { ...packed, project }
  })
}

/**
 * A project named `name` in `parent` whose `node_modules` is the shared install's (a link): what
 * one test file writes into its project (files, reports, a vitest run of its folder) never meets
 * another's, and the install is still made once.
 */
export const projectFor = (installed: Installed, parent: string, name: string): string => {
  const project = join(parent, name)
  mkdirSync(project)
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name, private: true, type: 'module' }),
  )
  symlinkSync(join(installed.project, 'node_modules'), join(project, 'node_modules'), 'dir')
  return project
}

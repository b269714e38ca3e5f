import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT } from './child.ts'

/**
 * The package as `npm install` lays it out, from the build already in dist/: package.json and
 * the files it ships (package.json `files`), beside the clone's node_modules as its dependencies.
 * Its launcher (mock/cli/bin.cjs) finds no TypeScript sources there, so it runs the build, as an
 * installed package does. Returns the folder.
 */
export const installedCopy = (): string => {
  const folder = mkdtempSync(join(tmpdir(), 'engagement-bench-installed-'))
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    files: string[]
  }
  cpSync(join(ROOT, 'package.json'), join(folder, 'package.json'))
  for (const entry of manifest.files) {
    if (entry.startsWith('!') || !existsSync(join(ROOT, entry))) continue
    cpSync(join(ROOT, entry), join(folder, entry), {
      recursive: true,
      // What `files` leaves out with "!…": a code cache of the build is not shipped.
      filter: (source) => !source.endsWith('.cache'),
    })
  }
  symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir')
  return folder
}

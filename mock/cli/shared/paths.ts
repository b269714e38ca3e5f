import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const PACKAGE_NAME = 'engagement-mock'

/**
 * The package's own folder, whether this file runs from the TS source (`mock/cli/`) or from the
 * build (`dist/mock/cli/`): the nearest folder up whose package.json is ours.
 */
export const packageRoot = (from: string = fileURLToPath(import.meta.url)): string => {
  let dir = dirname(from)
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }
      if (name === PACKAGE_NAME) return dir
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`No ${PACKAGE_NAME} package.json above ${from}`)
    dir = parent
  }
}

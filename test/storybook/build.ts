import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  copyWorker,
  docsFiles,
  EXAMPLE_SRC,
  ROOT,
  repoFile,
  runNode,
  writeFiles,
} from '../frontend/example.ts'

export interface BuiltStorybook {
  /** The static Storybook (`storybook build`'s output). */
  outDir: string
  remove: () => void
}

/**
 * docs/usage.md's Storybook 10 project (main.ts, preview.ts, a stories file) with the component
 * and the stories of test/storybook/example/src, built once with `storybook build`.
 */
export const buildStorybook = async (): Promise<BuiltStorybook> => {
  const parent = join(ROOT, '.scratch')
  mkdirSync(parent, { recursive: true })
  const root = mkdtempSync(join(parent, 'storybook-'))
  const own = Object.fromEntries(
    readdirSync(EXAMPLE_SRC).map((name) => [`src/${name}`, repoFile(join(EXAMPLE_SRC, name))]),
  )
  writeFiles(root, { ...own, ...docsFiles('storybook') })
  copyWorker(join(root, 'public'))
  const outDir = join(root, 'out')
  const built = await runNode(
    'storybook/dist/bin/dispatcher.js',
    [
      'build',
      '--config-dir',
      '.storybook',
      '--output-dir',
      outDir,
      '--quiet',
      '--disable-telemetry',
    ],
    root,
    { STORYBOOK_DISABLE_TELEMETRY: '1', CI: '1' },
  )
  if (built.status !== 0) throw new Error(`storybook build failed:\n${built.output}`)
  return { outDir, remove: () => rmSync(root, { recursive: true, force: true }) }
}

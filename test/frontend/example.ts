import { spawn } from 'node:child_process'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readSnippets, sourceEntries, toSource } from '../cli/snippets.ts'

/**
 * The frontend examples (issue 47): docs/usage.md's Storybook and Playwright snippets, as written,
 * beside the files of test/storybook/example/src (the component they drive, and stories of our own),
 * in a throw-away folder under .scratch/ where `engagement-mock` resolves to the sources.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
export const EXAMPLE_SRC = join(ROOT, 'test', 'storybook', 'example', 'src')
export const MSW_WORKER = join(ROOT, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js')

/** A snippet group of docs/usage.md as files, `engagement-mock/…` imports pointed at the sources. */
export const docsFiles = (group: string): Record<string, string> => {
  const markdown = readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8')
  const entries = sourceEntries(ROOT)
  const files = readSnippets(markdown).filter((s) => s.group === group)
  if (files.length === 0) throw new Error(`docs/usage.md has no "${group}" snippets`)
  return Object.fromEntries(files.map((s) => [s.file, toSource(s.code, entries)]))
}

/**
 * A file of the repository, copied elsewhere: it imports the package's sources relatively (so
 * that `tsc -p .` checks it where it lives); here those imports become absolute paths or, with
 * `asPackage`, the package's own names (`engagement-mock/mock/storybook`), as a consumer writes them.
 */
export const repoFile = (path: string, { asPackage = false } = {}): string => {
  const names = new Map([...sourceEntries(ROOT)].map(([name, source]) => [source, name]))
  return readFileSync(path, 'utf8').replace(/from '(\.\.\/[^']+)'/g, (_whole, target: string) => {
    const absolute = resolve(dirname(path), target)
    return `from '${(asPackage && names.get(absolute)) || absolute}'`
  })
}

export const writeFiles = (root: string, files: Record<string, string>): void => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}

export const copyWorker = (publicDir: string): void => {
  mkdirSync(publicDir, { recursive: true })
  copyFileSync(MSW_WORKER, join(publicDir, 'mockServiceWorker.js'))
}

/** Runs a Node CLI of node_modules; resolves with its output, rejects with it on a failure. */
export const runNode = (
  script: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ status: number | null; output: string }> =>
  new Promise((done, fail) => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, NO_COLOR: '1', FORCE_COLOR: '0' }
    // vitest's NODE_ENV=test would make Vite (inside Storybook) build a non-production bundle.
    delete childEnv.NODE_ENV
    const child = spawn(process.execPath, [join(ROOT, 'node_modules', script), ...args], {
      cwd,
      env: childEnv,
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', fail)
    child.on('close', (status) => done({ status, output }))
  })

import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { ROOT } from './chromium.ts'

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]))
const isBuiltin = (path: string) => path.startsWith('node:') || NODE_BUILTINS.has(path)

/** The shortest import chain from the entry to each module that imports a Node built-in. */
const nodeImportChains = (meta: Metafile, entry: string): string[] => {
  const found: string[] = []
  const seen = new Map<string, string[]>([[entry, [entry]]])
  const queue = [entry]
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const chain = seen.get(file) ?? [file]
    for (const imported of meta.inputs[file]?.imports ?? []) {
      if (imported.external && isBuiltin(imported.path)) {
        found.push(`${chain.join(' → ')} → ${imported.path}`)
      } else if (!imported.external && !seen.has(imported.path)) {
        seen.set(imported.path, [...chain, imported.path])
        queue.push(imported.path)
      }
    }
  }
  return found
}

/**
 * What a browser build of `entry` would pull from Node: one line per import chain, empty when the
 * entry is browser-clean. Built-ins are left external so the build gets far enough to tell.
 */
export const nodeImportsOf = async (entry: string): Promise<string[]> => {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: [...NODE_BUILTINS],
  })
  return nodeImportChains(result.metafile, relative(ROOT, resolve(ROOT, entry)))
}

export interface BuiltPage {
  dir: string
  remove: () => void
}

/**
 * A throw-away folder a static server can serve: `index.html` loading the bundled `entry` as
 * `/app.js`, and msw's `mockServiceWorker.js`. A bundle that needs Node fails with the import chain.
 */
export const buildPage = async (entry: string): Promise<BuiltPage> => {
  const dir = mkdtempSync(join(tmpdir(), 'engagement-browser-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  try {
    await build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      outfile: join(dir, 'app.js'),
      logLevel: 'silent',
    })
  } catch (error) {
    remove()
    const chains = await nodeImportsOf(entry).catch(() => [])
    if (chains.length > 0) {
      throw new Error(`The browser bundle pulls Node built-ins:\n  ${chains.join('\n  ')}`)
    }
    throw error
  }
  copyFileSync(
    join(ROOT, 'node_modules/msw/lib/mockServiceWorker.js'),
    join(dir, 'mockServiceWorker.js'),
  )
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>App on the mock</title></head>\n<body><script type="module" src="/app.js"></script></body></html>\n',
  )
  return { dir, remove }
}

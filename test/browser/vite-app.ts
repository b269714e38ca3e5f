import { spawn } from 'node:child_process'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import type { Connect, Plugin, PreviewServer } from 'vite'
import { sourceEntries } from '../cli/snippets.ts'
import { docsBrowserSnippet } from './app/sources.ts'

// Not from chromium.ts: this harness is also used outside vitest (bench/bundles.ts).
const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const VITE = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js')
const WORKER = join(ROOT, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js')

export interface ViteAppOptions {
  /** The app's files by path from its root; `src/main.ts` is the entry `index.html` loads. */
  files: Record<string, string>
  /** Copy msw's `mockServiceWorker.js` into `public/`, as `npx msw init public/` does (default true). */
  worker?: boolean
  /**
   * Where `engagement-mock` comes from: the repository's sources (default, no build needed), or
   * `'installed'` for an app whose own `node_modules` holds the package (files must then include
   * its `package.json`, and `parent` should point to where it was installed).
   */
  engagementMock?: 'source' | 'installed'
  /** Folder to create the app in (default `.scratch/` of the repository, so bare imports resolve). */
  parent?: string
  /**
   * The checkout whose sources `engagement-mock` resolves to (default this repository): another
   * commit built beside this one, as `npm run bench:browser -- --baseline DIR` does.
   */
  sources?: string
  /**
   * Build with the Vite config docs/usage.md's browser recipe gives (default true), as a user who
   * followed it; `false` for Vite's defaults. Only with the sources and no `vite.config.mjs` given.
   */
  recipeConfig?: boolean
}

export interface BuiltAsset {
  file: string
  bytes: number
  gzip: number
}

export interface BuildOptions {
  mode?: 'production' | 'development'
  /**
   * Also write source maps (`--sourcemap`: the code is the same, plus a comment) and Vite's manifest,
   * and list in `modules` every source file the JavaScript was built from, and in `chunks` each
   * file's sources and imports.
   */
  modules?: boolean
}

/** One JavaScript file of a build (with `modules: true`). */
export interface BuiltChunk {
  file: string
  /** The source files it was built from, relative to the repository. */
  modules: string[]
  /** Files it imports statically: loaded (and run) before it. */
  imports: string[]
  /** Files it may load later with `import()`. */
  dynamicImports: string[]
}

export interface ViteBuild {
  outDir: string
  /** With `modules: true`: the files bundled, relative to the repository (`node_modules/zod/…`). */
  modules: string[]
  /** With `modules: true`: every JavaScript file, its sources and its imports. */
  chunks: BuiltChunk[]
  assets: BuiltAsset[]
  /** Every JavaScript file of the build, concatenated: what to search for code that must not ship. */
  js: string
  totals: { bytes: number; gzip: number }
}

export interface ViteServer {
  url: string
  /** Every request it saw, `METHOD /path`: proof of what did (not) reach the network. */
  requests: string[]
  close: () => Promise<void>
}

export interface ViteApp {
  root: string
  /**
   * `vite build` as a user runs it (a child process, default targets). `development` builds with
   * `NODE_ENV=development`, so `import.meta.env.DEV` is true as under `vite` itself.
   */
  build: (options?: BuildOptions) => Promise<ViteBuild>
  /** `vite preview` of the last build on 127.0.0.1, an ephemeral port. */
  preview: () => Promise<ViteServer>
  /** `vite` (the dev server) on 127.0.0.1, an ephemeral port. */
  dev: () => Promise<ViteServer>
  remove: () => void
}

const INDEX_HTML =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Vite app</title></head>\n' +
  '<body><div id="app"></div><script type="module" src="/src/main.ts"></script></body></html>\n'

/** `engagement-mock[/…]` → the source file, as exact-match aliases a Vite config understands. */
const sourceAliases = (checkout: string) =>
  [...sourceEntries(checkout)].map(([name, file]) => ({
    find: new RegExp(`^${name.replace(/[/.]/g, '\\$&')}$`),
    replacement: file,
  }))

const run = (args: string[], cwd: string, nodeEnv: string | undefined) =>
  new Promise<string>((resolve, reject) => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' }
    // vitest sets NODE_ENV=test, which Vite would take over and build a non-production bundle;
    // `import.meta.env.DEV` follows NODE_ENV, not `--mode`.
    delete env.NODE_ENV
    if (nodeEnv !== undefined) env.NODE_ENV = nodeEnv
    const child = spawn(process.execPath, [VITE, ...args], { cwd, env })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('close', (status) =>
      status === 0
        ? resolve(output)
        : reject(new Error(`vite ${args.join(' ')} failed:\n${output}`)),
    )
  })

const listFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  )

interface ManifestEntry {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}

/** Each JavaScript file of a build with its sources and imports, from Vite's manifest. */
const chunksOf = (outDir: string, sourcesOf: ReadonlyMap<string, string[]>): BuiltChunk[] => {
  const path = join(outDir, '.vite', 'manifest.json')
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestEntry>
  rmSync(join(outDir, '.vite'), { recursive: true, force: true })
  const fileOf = (key: string) => {
    const entry = manifest[key]
    if (!entry) throw new Error(`Vite's manifest names ${key} but has no entry for it`)
    return entry.file
  }
  return Object.values(manifest)
    .filter((entry) => entry.file.endsWith('.js'))
    .map((entry) => ({
      file: entry.file,
      modules: sourcesOf.get(entry.file) ?? [],
      imports: (entry.imports ?? []).map(fileOf),
      dynamicImports: (entry.dynamicImports ?? []).map(fileOf),
    }))
}

/**
 * What loading `file` loads with it, before any of its `import()` runs: the file and, transitively,
 * every file it imports statically.
 */
export const loadedWith = (build: ViteBuild, file: string): BuiltChunk[] => {
  const byFile = new Map(build.chunks.map((chunk) => [chunk.file, chunk]))
  const seen = new Map<string, BuiltChunk>()
  const visit = (name: string) => {
    const chunk = byFile.get(name)
    if (!chunk || seen.has(name)) return
    seen.set(name, chunk)
    for (const next of chunk.imports) visit(next)
  }
  visit(file)
  return [...seen.values()]
}

/** A plugin recording `METHOD /path` of every request the dev or preview server gets. */
const requestLog = () => {
  const requests: string[] = []
  const record: Connect.NextHandleFunction = (req, _res, next) => {
    requests.push(`${req.method} ${new URL(req.url ?? '/', 'http://app').pathname}`)
    next()
  }
  const plugin: Plugin = {
    name: 'request-log',
    configureServer: (server) => void server.middlewares.use(record),
    configurePreviewServer: (server) => void server.middlewares.use(record),
  }
  return { requests, plugin }
}

const running = (
  server: Pick<PreviewServer, 'resolvedUrls' | 'close'> & {
    httpServer: PreviewServer['httpServer'] | null
  },
  requests: string[],
): ViteServer => {
  const url = server.resolvedUrls?.local[0]?.replace(/\/$/, '')
  if (!url) throw new Error('vite did not report its address')
  return {
    url,
    requests,
    close: async () => {
      const http = server.httpServer
      if (http && 'closeAllConnections' in http) http.closeAllConnections()
      await server.close()
    },
  }
}

/**
 * A real Vite app in a throw-away folder: `index.html` loading `src/main.ts`, the given files, msw's
 * worker in `public/`, and a `vite.config.mjs` that is docs/usage.md's (see `recipeConfig`) plus
 * aliases pointing `engagement-mock` at the sources.
 */
export const createViteApp = (options: ViteAppOptions): ViteApp => {
  const parent = options.parent ?? join(ROOT, '.scratch')
  mkdirSync(parent, { recursive: true })
  const root = mkdtempSync(join(parent, 'vite-app-'))
  const files: Record<string, string> = { 'index.html': INDEX_HTML, ...options.files }
  if ((options.engagementMock ?? 'source') === 'source') {
    const aliases = sourceAliases(options.sources ?? ROOT)
      .map(
        ({ find, replacement }) => `{ find: ${find}, replacement: ${JSON.stringify(replacement)} }`,
      )
      .join(',\n      ')
    if (files['vite.config.mjs'] === undefined) {
      // The recipe's own file, unchanged (plain JavaScript), under what points at the sources.
      const recipe = options.recipeConfig ?? true
      if (recipe) files['vite.recipe.mjs'] = docsBrowserSnippet('vite.config.ts')
      files['vite.config.mjs'] =
        (recipe ? "import recipe from './vite.recipe.mjs'\n\n" : '') +
        `export default {\n  ${recipe ? '...recipe,\n  ' : ''}logLevel: 'warn',\n  resolve: {\n    alias: [\n      ${aliases}\n    ],\n  },\n}\n`
    }
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  if (options.worker ?? true) {
    mkdirSync(join(root, 'public'), { recursive: true })
    copyFileSync(WORKER, join(root, 'public', 'mockServiceWorker.js'))
  }
  const outDir = join(root, 'dist')
  return {
    root,
    build: async ({ mode = 'production', modules = false } = {}) => {
      rmSync(outDir, { recursive: true, force: true })
      const nodeEnv = mode === 'development' ? 'development' : undefined
      const args = [
        'build',
        '--mode',
        mode,
        '--logLevel',
        'warn',
        ...(modules ? ['--sourcemap', '--manifest'] : []),
      ]
      await run(args, root, nodeEnv)
      const maps = listFiles(outDir).filter((file) => file.endsWith('.js.map'))
      const sourcesOf = new Map(
        maps.map((map) => [
          relative(outDir, map.slice(0, -'.map'.length)),
          (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources.map((source) =>
            relative(ROOT, join(dirname(map), source)),
          ),
        ]),
      )
      const sources = new Set([...sourcesOf.values()].flat())
      for (const map of maps) rmSync(map)
      const chunks = modules ? chunksOf(outDir, sourcesOf) : []
      const assets = listFiles(outDir).map((file) => {
        const content = readFileSync(file)
        return {
          file: relative(outDir, file),
          bytes: content.length,
          gzip: gzipSync(content).length,
        }
      })
      const scripts = assets.filter(
        (asset) => asset.file.endsWith('.js') && !asset.file.includes('mockServiceWorker'),
      )
      return {
        outDir,
        modules: [...sources].sort(),
        chunks,
        assets,
        js: scripts.map((asset) => readFileSync(join(outDir, asset.file), 'utf8')).join('\n'),
        totals: {
          bytes: scripts.reduce((sum, asset) => sum + asset.bytes, 0),
          gzip: scripts.reduce((sum, asset) => sum + asset.gzip, 0),
        },
      }
    },
    preview: async () => {
      const { preview } = await import('vite')
      const log = requestLog()
      // The app's own vite.config.mjs applies, as under `vite preview`: the recipe's is read there.
      const server = await preview({
        root,
        logLevel: 'silent',
        preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
        plugins: [log.plugin],
      })
      return running(server, log.requests)
    },
    dev: async () => {
      const { createServer } = await import('vite')
      const log = requestLog()
      const server = await createServer({
        root,
        // Not the repository's node_modules/.vite: apps built side by side must not share it.
        cacheDir: join(root, '.vite-cache'),
        logLevel: 'silent',
        server: { host: '127.0.0.1', port: 0, strictPort: false, open: false, hmr: false },
        plugins: [log.plugin],
      })
      await server.listen()
      return running(server, log.requests)
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
}

#!/usr/bin/env node
// The `engagement-mock` command. An installed package runs its build (dist/). In a clone the
// TypeScript sources are the truth (a dist/ left from an earlier build may be stale), so they are
// bundled with esbuild and the bundle runs on plain Node: a loader such as tsx resolves each of
// ~150 modules through a hooks thread, which put `serve` ~400 ms further from its first answer.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const source = join(root, 'mock/cli/index.ts')
// The build bundles the command like the launcher does (dist/cli); dist/mock/cli is its fallback.
const bundled = join(root, 'dist/cli/index.js')
const built = existsSync(bundled)
  ? { entry: bundled, serve: join(root, 'dist/cli/serve.cjs') }
  : { entry: join(root, 'dist/mock/cli/index.js') }
const cache = join(root, 'node_modules/.cache/engagement-mock')
const manifestPath = join(cache, 'manifest.json')

/** Size and modification time: what tells a source file has changed since the last bundle. */
const stamp = (file) => {
  const stats = statSync(join(root, file), { throwIfNoEntry: false })
  return stats ? `${stats.size}:${stats.mtimeMs}` : 'missing'
}

/** The bundles of the last launch, if no file they were built from has changed since. */
const freshBundle = () => {
  try {
    const { entry, serve, inputs } = JSON.parse(readFileSync(manifestPath, 'utf8'))
    const unchanged = Object.entries(inputs).every(([file, seen]) => stamp(file) === seen)
    return unchanged && existsSync(join(cache, entry)) && existsSync(join(cache, serve))
      ? { entry: join(cache, entry), serve: join(cache, serve) }
      : undefined
  } catch {
    return undefined
  }
}

/** Written under a temporary name, then renamed: concurrent launches never read half a file. */
const writeAtomically = (path, contents) => {
  const pending = `${path}.${process.pid}.tmp`
  writeFileSync(pending, contents)
  renameSync(pending, path)
}

/**
 * Bundles the sources into a folder named by the bundles' hash, and records what they were built
 * from: the command (code split, so --help loads little) and `serve` alone as one script
 * (serve.cjs, run with a code cache). Folders of earlier bundles are removed once they are an
 * hour old (a command started from one may still be loading its chunks before that).
 */
const bundleSources = async () => {
  // Only here, when bundling: node:crypto is not loaded at a start from a fresh bundle.
  const [{ bundleCli, bundleServe }, { createHash }] = await Promise.all([
    import('./bundle.mjs'),
    import('node:crypto'),
  ])
  const options = { metafile: true, write: false }
  const results = await Promise.all([
    bundleCli(root, cache, options),
    bundleServe(root, cache, options),
  ])
  const outputFiles = results.flatMap((result) => result.outputFiles)
  const hash = createHash('sha256')
  for (const file of outputFiles) hash.update(relative(cache, file.path)).update(file.contents)
  const name = hash.digest('hex').slice(0, 16)
  const folder = join(cache, name)
  if (!existsSync(folder)) {
    const pending = `${folder}.${process.pid}.tmp`
    for (const file of outputFiles) {
      const target = join(pending, relative(cache, file.path))
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, file.contents)
    }
    try {
      renameSync(pending, folder)
    } catch {
      rmSync(pending, { recursive: true, force: true }) // another launch got there first
    }
  }
  // Dependencies change with the lock file (npm ci removes node_modules, the cache with it), so
  // the lock file stands for them: one stat instead of hundreds at every launch.
  const files = new Set(['package-lock.json'])
  for (const { metafile } of results) {
    for (const file of Object.keys(metafile.inputs)) {
      if (!file.startsWith('node_modules/')) files.add(file)
    }
  }
  const inputs = Object.fromEntries([...files].map((file) => [file, stamp(file)]))
  const manifest = { entry: join(name, 'index.js'), serve: join(name, 'serve.cjs'), inputs }
  writeAtomically(manifestPath, JSON.stringify(manifest))
  const hourAgo = Date.now() - 3_600_000
  for (const entry of readdirSync(cache, { withFileTypes: true })) {
    const path = join(cache, entry.name)
    if (entry.isDirectory() && path !== folder && statSync(path).mtimeMs < hourAgo) {
      rmSync(path, { recursive: true, force: true })
    }
  }
  return { entry: join(folder, 'index.js'), serve: join(folder, 'serve.cjs') }
}

const entry = async () => {
  if (!existsSync(source)) return built
  try {
    return freshBundle() ?? (await bundleSources())
  } catch (error) {
    // Without esbuild (`npm install --omit=dev` in a clone), fall back to a build if there is one.
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !existsSync(built.entry)) throw error
    return built
  }
}

const files = await entry()
// Source maps are not switched on here: Node would read and decode every chunk's map at load,
// 60–80 ms of a ~775 ms profiled cold start. NODE_OPTIONS=--enable-source-maps turns them on
// when a stack trace should name the .ts files.
if (process.argv[2] === 'serve' && files.serve && existsSync(files.serve)) {
  const { runServe } = await import('./code-cache.mjs')
  runServe(files.serve)
} else {
  await import(pathToFileURL(files.entry).href)
}

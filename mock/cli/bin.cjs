#!/usr/bin/env node
// The `engagement-mock` command. An installed package runs its build (dist/). In a clone the
// TypeScript sources are the truth (a dist/ left from an earlier build may be stale), so they are
// bundled with esbuild and the bundle runs on plain Node: a loader such as tsx resolves each of
// ~150 modules through a hooks thread, which put `serve` ~400 ms further from its first answer.
// CommonJS, not an ES module: Node runs an ES module entry through its module loader, which costs
// a cold start ~10 ms of CPU before the first line (the loader's own modules, reading the file
// through fs/promises, and each `import { … } from 'node:fs'` building a facade that loads fs
// streams); `require` of builtins and of code-cache.cjs does none of that.
const {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs')
const { dirname, join, relative, resolve } = require('node:path')

const root = resolve(__dirname, '../..')
const source = join(root, 'mock/cli/index.ts')
// `serve` runs from its own script bundle with a V8 code cache (code-cache.cjs); every other
// command from the code-split bundle.
const kind = process.argv[2] === 'serve' ? 'serve' : 'entry'
const FILES = { entry: 'index.js', serve: 'serve.cjs' }
// The build bundles the command like the launcher does (dist/cli); dist/mock/cli is its fallback.
const builtFile = () =>
  [join(root, 'dist/cli', FILES[kind]), join(root, 'dist/cli/index.js')].find((file) =>
    existsSync(file),
  ) ?? join(root, 'dist/mock/cli/index.js')
const cache = join(root, 'node_modules/.cache/engagement-mock')
const manifestPath = join(cache, 'manifest.json')

/**
 * What tells that a source file has changed since the last bundle: its size and modification time,
 * or null when it is gone. Paths are joined by hand: esbuild names inputs with forward slashes
 * relative to the root, and path.join's normalizing of ~100 paths cost ~2 ms of a cold start.
 */
const stamp = (file) => {
  const stats = statSync(`${root}/${file}`, { throwIfNoEntry: false })
  return stats ? [stats.size, stats.mtimeMs] : null
}

/** Each bundle's file (relative to the cache) and the stamps of what it was built from. */
const readManifest = () => {
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8'))
  } catch {
    return {}
  }
}

/**
 * Whether every recorded input (`[file, size, mtimeMs]`; any other form, such as an older
 * manifest's, counts as changed) is as it was: one stat each and two number comparisons, no
 * string built per file. An edited file has another size or time; a removed one has no stats;
 * a file added to the bundle arrives through an edit of the file that imports it.
 */
const unchanged = (inputs) => {
  if (!Array.isArray(inputs) || inputs.length === 0) return false
  for (const input of inputs) {
    if (!Array.isArray(input) || typeof input[0] !== 'string') return false
    const now = stamp(input[0])
    if (now === null || now[0] !== input[1] || now[1] !== input[2]) return false
  }
  return true
}

/** This command's bundle from an earlier launch, if no file it was built from has changed since. */
const freshBundle = () => {
  const recorded = readManifest()[kind]
  if (typeof recorded?.file !== 'string' || !unchanged(recorded.inputs)) return undefined
  return existsSync(join(cache, recorded.file)) ? join(cache, recorded.file) : undefined
}

/** Written under a temporary name, then renamed: concurrent launches never read half a file. */
const writeAtomically = (path, contents) => {
  const pending = `${path}.${process.pid}.tmp`
  writeFileSync(pending, contents)
  renameSync(pending, path)
}

/**
 * Bundles the sources for this command into a folder named by the bundle's hash, and records
 * what it was built from: the command (code split, so --help loads little), or `serve` alone as
 * one script (serve.cjs), each built when a command first needs it. Folders of earlier bundles
 * are removed once they are an hour old (a command started from one may still be loading its
 * chunks before that), unless the manifest still names them.
 */
const bundleSources = async () => {
  // Only here, when bundling: node:crypto is not loaded at a start from a fresh bundle.
  const [{ bundleCli, bundleServe }, { createHash }] = await Promise.all([
    import('./build/bundle.mjs'),
    import('node:crypto'),
  ])
  const bundle = kind === 'serve' ? bundleServe : bundleCli
  const { outputFiles, metafile } = await bundle(root, cache, { metafile: true, write: false })
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
  // the lock file stands for them: one stat instead of hundreds at every launch. How they are
  // bundled (bundle.mjs: options, plugins, the checksum line) is an input too.
  // Only files: an input in a plugin's namespace (`zod-english-only:…`) has nothing to stat.
  const files = Object.keys(metafile.inputs).filter(
    (file) => !file.startsWith('node_modules/') && !file.includes(':'),
  )
  files.push('package-lock.json', 'mock/cli/build/bundle.mjs')
  const inputs = files.map((file) => [file, ...(stamp(file) ?? [])])
  const manifest = { ...readManifest(), [kind]: { file: join(name, FILES[kind]), inputs } }
  writeAtomically(manifestPath, JSON.stringify(manifest))
  const named = new Set(
    Object.values(manifest).map((recorded) => String(recorded?.file).split(/[\\/]/)[0]),
  )
  const hourAgo = Date.now() - 3_600_000
  for (const entry of readdirSync(cache, { withFileTypes: true })) {
    const path = join(cache, entry.name)
    if (entry.isDirectory() && !named.has(entry.name) && statSync(path).mtimeMs < hourAgo) {
      rmSync(path, { recursive: true, force: true })
    }
  }
  return join(folder, FILES[kind])
}

const bundleFile = async () => {
  if (!existsSync(source)) return builtFile()
  try {
    return freshBundle() ?? (await bundleSources())
  } catch (error) {
    // Without esbuild (`npm install --omit=dev` in a clone), fall back to a build if there is one.
    const built = builtFile()
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !existsSync(built)) throw error
    return built
  }
}

const run = async () => {
  const file = await bundleFile()
  // Source maps are not switched on here: Node would read and decode every chunk's map at load,
  // 60–80 ms of a ~775 ms profiled cold start. NODE_OPTIONS=--enable-source-maps turns them on
  // when a stack trace should name the .ts files.
  if (file.endsWith('.cjs')) require('./build/code-cache.cjs').runServe(file)
  else await import(require('node:url').pathToFileURL(file).href)
}

run().catch((error) => {
  // As an ES module entry's top-level await did with a failure: printed, exit code 1.
  process.exitCode = 1
  console.error(error)
})

// Runs `serve.cjs` (bundle.mjs, bundleServe) with a V8 code cache. Node 20 has no compile cache
// for modules (module.enableCompileCache is Node 22), but a script compiled with vm.Script takes
// V8's cached data: the bytecode of every function a previous start compiled, read instead of
// parsing and compiling ~2 MB of JavaScript again. The cache lives next to the bundle
// (`serve.cjs.cache`), is written after a start that had none (once the server answers, so the
// functions compiled lazily up to then are in it), and is used only by the bundle and the V8 it
// was made for: anything else starts as if there were none, and writes its own.
// CommonJS like the launcher (bin.cjs) that requires it.
const { readFileSync, renameSync, rmSync, writeFileSync } = require('node:fs')
const { createRequire } = require('node:module')
const { dirname, resolve } = require('node:path')
const { constants, Script } = require('node:vm')

/** The last line bundleServe writes: the bundle's checksum, taken once when it was built. */
const MARK = /\/\/ engagement-mock bundle ([0-9a-f]{16,64})\n$/

/**
 * Which bundle these bytes are: the checksum written at its end when it was built, else one taken
 * now (CRC-32: node:zlib, loaded only then, and ~2 MB to sum cost a start ~10 ms of CPU).
 */
const bundleId = (bytes) => {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const mark = view.toString('latin1', Math.max(0, view.length - 100)).match(MARK)
  return mark ? mark[1] : `crc32-${require('node:zlib').crc32(view).toString(16)}`
}

/**
 * The first line of a cache file: which bundle (V8 itself compares only the source's length)
 * and which V8 and CPU it was made for (V8 also checks its version and flags, and rejects data
 * it cannot use; the key keeps another Node from taking it in turn).
 */
const cacheKey = (bytes) =>
  `engagement-mock code cache ${bundleId(bytes)} v8-${process.versions.v8} ${process.arch}\n`

const cachePath = (file) => `${file}.cache`

/** The cached data made for these bundle bytes on this V8, or undefined (none, stale or foreign). */
const readCache = (file, bytes) => {
  let cache
  try {
    cache = readFileSync(cachePath(file))
  } catch {
    return undefined
  }
  const key = cacheKey(bytes)
  return cache.toString('latin1', 0, key.length) === key ? cache.subarray(key.length) : undefined
}

/**
 * Under a temporary name, then renamed: a concurrent start never reads half a cache. A folder
 * that cannot be written (a package installed read-only) just goes without one.
 */
const writeCache = (file, bytes, data) => {
  const pending = `${cachePath(file)}.${process.pid}.tmp`
  try {
    writeFileSync(pending, Buffer.concat([Buffer.from(cacheKey(bytes), 'latin1'), data]))
    renameSync(pending, cachePath(file))
    return true
  } catch {
    rmSync(pending, { force: true })
    return false
  }
}

/**
 * Compiles and runs a CommonJS bundle as Node's own loader would (the same wrapper and
 * arguments), with the cached data when there is one for it. `cache` says what happened:
 * 'used', 'rejected' (V8 refused it: compiled normally), or 'none'. The bundle is ASCII
 * (bundleServe), so it is read as latin1: a one-byte string, no UTF-8 decoding.
 */
const runBundle = (given) => {
  const file = resolve(given) // Node's require, and the script's __filename, want it absolute
  const bytes = readFileSync(file)
  const cachedData = readCache(file, bytes)
  const script = new Script(
    `(function (exports, require, module, __filename, __dirname) {${bytes.toString('latin1')}\n})`,
    {
      filename: file,
      ...(cachedData ? { cachedData } : {}),
      // An `import()` left in the bundle (none today: esbuild inlines ours) works as in a module.
      importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    },
  )
  const cache = cachedData === undefined ? 'none' : script.cachedDataRejected ? 'rejected' : 'used'
  const module = { exports: {}, filename: file, id: file, loaded: false }
  script
    .runInThisContext()
    .call(module.exports, module.exports, createRequire(file), module, file, dirname(file))
  module.loaded = true
  return {
    exports: module.exports,
    cache,
    save: () => writeCache(file, bytes, script.createCachedData()),
  }
}

/**
 * `serve` from its bundle: with the code cache when there is a usable one; without, the cache is
 * written once the command has settled (the server answers, its banner is out), after the
 * current turn so the first requests are not kept waiting. With source maps on
 * (NODE_OPTIONS=--enable-source-maps) Node's own loader runs the bundle, which reads its map.
 */
const runServe = (file) => {
  if (process.sourceMapsEnabled) return createRequire(resolve(file))(resolve(file))
  const run = runBundle(file)
  if (run.cache !== 'used') {
    // Not after a failed start (a port in use, a bad option): its cache would lack the server's
    // functions, and a usable cache is never replaced.
    Promise.resolve(run.exports.finished).then(() => {
      if (!process.exitCode) setImmediate(run.save)
    })
  }
  return run
}

module.exports = { cacheKey, cachePath, readCache, writeCache, runBundle, runServe }

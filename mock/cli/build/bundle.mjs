// How the command is bundled, for every place that runs it: the launcher (bin.cjs) bundles a
// clone's sources into node_modules/.cache on first use, `npm run build` bundles them into
// dist/cli for the installed package, and the bench bundles its servers the same way
// (bench/lib/child.ts). Node-only, dev-time: esbuild is a dev dependency.
import { createHash } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { build } from 'esbuild'

/** What every Node bundle of ours shares: dependencies included, ESM for Node 20. */
export const nodeBundleOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Dependencies too: one module graph of a few chunks loads far faster than ~400 files
  // resolved one by one. swagger-ui-dist is served as files, found from node_modules.
  external: ['swagger-ui-dist'],
  // Bundled CommonJS dependencies (express) require Node's built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'error',
}

/** esbuild options for the CLI entry; `write: false` leaves the files to the caller. */
export const bundleCli = (root, outdir, extra = {}) =>
  build({
    ...nodeBundleOptions,
    entryPoints: ['mock/cli/index.ts'],
    absWorkingDir: root, // input paths in the metafile are relative to the clone, wherever we run
    outdir,
    // Each command's module is its own chunk, loaded when the command runs: `serve` loads
    // neither the conformance engine nor fast-check, `--help` hardly anything.
    splitting: true,
    // Linked maps, read only when Node is asked for them (NODE_OPTIONS=--enable-source-maps): then
    // stack traces name the .ts files and lines. Without the sources' text, they stay small.
    sourcemap: 'linked',
    sourcesContent: false,
    // Whitespace and syntax only: ~8% less CPU to a first answer (less text for V8 to scan),
    // while names stay as written (no identifier is renamed; `.name` and messages are intact).
    minifyWhitespace: true,
    minifySyntax: true,
    ...extra,
  })

/**
 * Every character past ASCII as a `\\u` escape. esbuild escapes them in strings but not in
 * tagged templates (the pages' `html` has ·, …, “”), and one such character makes V8 hold the
 * whole bundle as a two-byte string, decoded from UTF-8 at every start (~20 ms for serve.cjs).
 * An ASCII file is read as latin1, byte for byte. The escapes mean the same wherever they land:
 * strings and cooked templates (our `html` joins the cooked strings, never `.raw`), regular
 * expressions, comments. Characters past U+FFFF become their surrogate pair, as in a string.
 */
export const asciiOnly = (text) =>
  text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/**
 * The bundle with its checksum as its last line, which the code cache's key names (code-cache.cjs):
 * taken here once, not summed again at every start. After the source map's line, so no mapping
 * moves.
 */
const marked = (given) => {
  const text = given.endsWith('\n') ? given : `${given}\n`
  return `${text}// engagement-mock bundle ${createHash('sha256').update(text).digest('hex').slice(0, 32)}\n`
}

/**
 * Packages `serve` needs only on first use, and the file of their own each is bundled into, beside
 * serve.cjs: express (with body-parser, its encodings tables and mime-db) for the first request
 * outside the API or with a body, faker's base for identifiers after the first answer, faker's
 * English locale for a plan replayed at start (a seed other than the snapshot's, `large`). In
 * serve.cjs they were ~1.35 MB of its 2.2: read, copied into a string and flattened at every
 * start though none of it runs before the first answer. None of them shares a module with the
 * rest (zod-to-openapi, which extends serve's zod, stays in serve.cjs).
 */
const LAZY_PACKAGES = {
  express: 'express',
  '@faker-js/faker/locale/base': 'faker-base',
  '@faker-js/faker/locale/en': 'faker-en',
}
const lazyFile = (name) => `lazy/${LAZY_PACKAGES[name]}`

/** serve.cjs requires each lazy package from its own file, relative to the bundle. */
const lazyPackages = {
  name: 'lazy-packages',
  setup(build) {
    const names = Object.keys(LAZY_PACKAGES).map((name) => name.replace(/[/.]/g, '\\$&'))
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({
      path: `./${lazyFile(args.path)}.cjs`,
      external: true,
    }))
  },
}

/**
 * `engagement-mock serve` alone (mock/cli/serve/main.ts) as one CommonJS file, `serve.cjs`: the
 * launcher compiles it with a V8 code cache (code-cache.cjs), which Node 20 gives only to a
 * script, not to ES modules. What serve loads on first use from our sources (the pages, /docs,
 * state files) is in the file but runs only when imported: esbuild wraps each such module in a
 * lazy initializer; the lazy packages are files of their own (`lazy/*.cjs`), required then.
 * Returns esbuild's result for all of them (one metafile); each file is written ASCII-only
 * (asciiOnly), with its linked map.
 */
export const bundleServe = async (root, outdir, extra = {}) => {
  const shared = {
    ...nodeBundleOptions,
    format: 'cjs',
    outExtension: { '.js': '.cjs' },
    absWorkingDir: root,
    outdir,
    sourcemap: 'linked',
    sourcesContent: false,
    minifyWhitespace: true,
    minifySyntax: true,
  }
  const [result, lazy] = await Promise.all([
    build({
      ...shared,
      entryPoints: { serve: 'mock/cli/serve/main.ts' },
      // A script has no import.meta: the bundle's own file URL stands for it (paths.ts, docs.ts).
      define: { 'import.meta.url': '__bundleUrl' },
      banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
      plugins: [lazyPackages],
      // `import()` of a lazy package as `require` too: a real import() in a script would go
      // through Node's ES module loader (loaded for it, with an experimental-feature warning).
      supported: { 'dynamic-import': false },
      ...extra,
      write: false,
    }),
    build({
      ...shared,
      entryPoints: Object.fromEntries(
        Object.keys(LAZY_PACKAGES).map((name) => [lazyFile(name), name]),
      ),
      banner: {},
      ...extra,
      write: false,
    }),
  ])
  result.outputFiles.push(...lazy.outputFiles)
  if (result.metafile && lazy.metafile) {
    Object.assign(result.metafile.inputs, lazy.metafile.inputs)
    Object.assign(result.metafile.outputs, lazy.metafile.outputs)
  }
  for (const file of result.outputFiles) {
    const text = file.path.endsWith('.cjs') ? marked(asciiOnly(file.text)) : file.text
    Object.defineProperty(file, 'contents', { value: Buffer.from(text, 'latin1') })
    Object.defineProperty(file, 'text', { value: text })
    if (extra.write !== false) {
      mkdirSync(dirname(file.path), { recursive: true })
      writeFileSync(file.path, file.contents)
    }
  }
  return result
}

// `node mock/cli/build/bundle.mjs <outdir>` (npm run build): the installed package's command.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const { resolve } = await import('node:path')
  const { fileURLToPath } = await import('node:url')
  const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)))
  const outdir = resolve(process.argv[2] ?? 'dist/cli')
  await Promise.all([bundleCli(root, outdir), bundleServe(root, outdir)])
}

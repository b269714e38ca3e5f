// How the command is bundled, for both places that run it: the launcher (bin.mjs) bundles a
// clone's sources into node_modules/.cache on first use, and `npm run build` bundles them into
// dist/cli for the installed package. Node-only, dev-time: esbuild is a dev dependency.
import { build } from 'esbuild'

/** esbuild options for the CLI entry; `write: false` leaves the files to the caller. */
export const bundleCli = (root, outdir, extra = {}) =>
  build({
    entryPoints: ['mock/cli/index.ts'],
    absWorkingDir: root, // input paths in the metafile are relative to the clone, wherever we run
    outdir,
    bundle: true,
    splitting: true, // so --help loads little
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
    sourcemap: 'linked',
    // Maps without the sources: stack traces still name the .ts files and lines, and Node reads
    // a fraction of the bytes at start.
    sourcesContent: false,
    logLevel: 'error',
    ...extra,
  })

// `node mock/cli/bundle.mjs <outdir>` (npm run build): the installed package's command.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'))) {
  const { resolve } = await import('node:path')
  const { fileURLToPath } = await import('node:url')
  const root = resolve(fileURLToPath(new URL('../..', import.meta.url)))
  await bundleCli(root, resolve(process.argv[2] ?? 'dist/cli'))
}

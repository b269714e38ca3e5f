import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

/**
 * A browser bundle of `entry` split at its `import()`s, as an app's bundler would make it: the
 * source files of the chunks loaded before any `import()` runs (the entry's chunk and what it
 * imports statically), those of every other chunk, and esbuild's outputs for finer checks.
 */
export const splitBundle = async (entry: URL) => {
  const { metafile } = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: '/nonexistent',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const outputs = Object.entries(metafile.outputs)
  // Dynamic imports are entry points of the metafile too: the entry is the one given.
  const [main] =
    outputs.find(([, output]) => resolve(output.entryPoint ?? '') === fileURLToPath(entry)) ?? []
  const eager = new Set<string>()
  const visit = (path: string) => {
    if (eager.has(path)) return
    eager.add(path)
    for (const next of metafile.outputs[path]?.imports ?? [])
      if (next.kind === 'import-statement') visit(next.path)
  }
  visit(main ?? '')
  const inputsOf = (paths: string[]) =>
    paths.flatMap((path) => Object.keys(metafile.outputs[path]?.inputs ?? {}))
  return {
    eager: inputsOf([...eager]),
    lazy: inputsOf(outputs.map(([path]) => path).filter((path) => !eager.has(path))),
    outputs,
  }
}

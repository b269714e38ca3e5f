// Types of bundle.mjs, which stays plain JavaScript: the launcher runs it on Node without a loader.
import type { BuildOptions, BuildResult } from 'esbuild'

export declare const nodeBundleOptions: BuildOptions
export declare const bundleCli: (
  root: string,
  outdir: string,
  extra?: BuildOptions,
) => Promise<BuildResult>
export declare const asciiOnly: (text: string) => string
export declare const bundleServe: (
  root: string,
  outdir: string,
  extra?: BuildOptions,
) => Promise<BuildResult>

// Types of code-cache.cjs, which stays plain JavaScript: the launcher runs it on Node without a loader.
export declare const cacheKey: (bytes: Uint8Array) => string
export declare const cachePath: (file: string) => string
export declare const readCache: (file: string, bytes: Uint8Array) => Buffer | undefined
export declare const writeCache: (file: string, bytes: Uint8Array, data: Buffer) => boolean
export interface BundleRun {
  exports: Record<string, unknown>
  /** What became of the cache: used, rejected by V8 (compiled without), or none usable. */
  cache: 'used' | 'rejected' | 'none'
  /** Writes the cache from what has been compiled so far; false if the folder is not writable. */
  save: () => boolean
}
export declare const runBundle: (file: string) => BundleRun
export declare const runServe: (file: string) => BundleRun | unknown

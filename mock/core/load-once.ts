/**
 * `load` run once, its promise shared by every caller; a load that failed (a chunk that could not
 * be downloaded) is run again by the next call instead of failing every later one for good.
 */
export const loadOnce = <T>(load: () => Promise<T>): (() => Promise<T>) => {
  let loading: Promise<T> | undefined
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    })
    return loading
  }
}

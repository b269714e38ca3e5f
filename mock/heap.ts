import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * V8 doubles the young generation (where new objects start) while allocation is heavy, up to
 * 16 MiB per semi-space, and keeps it at that size once the burst is over. Importing a large
 * state is such a burst: at 100,000 records the import grew it to 32 MiB that the idle mock then
 * held, and the import peaked at ~700 MiB of RSS, against ~310 MiB with the young generation held
 * at its initial size during the import (bench/servers/mock-server.ts, `npm run bench:writes`).
 * Everything an import creates survives anyway, so a bigger nursery saves it no work. Growth is
 * allowed again afterwards: a write-heavy mock needs the bigger nursery (held for good, a POST
 * cost ~25 % more CPU in process).
 *
 * `--semi-space-growth-factor` is read each time V8 considers growing, so it can be set at run
 * time, unlike the semi-space sizes. Left alone when the user sets semi-space flags themselves.
 */
const GROWTH_FACTOR_DEFAULT = 2

const userTunedYoungGeneration = () =>
  [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((flag) => flag.includes('semi-space'))

/** Runs `task` (an import) with the young generation held at its current size. */
export const withoutYoungGenerationGrowth = async <T>(task: () => Promise<T>): Promise<T> => {
  if (userTunedYoungGeneration()) return task()
  setFlagsFromString('--semi-space-growth-factor=1')
  try {
    return await task()
  } finally {
    setFlagsFromString(`--semi-space-growth-factor=${GROWTH_FACTOR_DEFAULT}`)
  }
}

/**
 * One full garbage collection, now. After loading a large state the heap holds the load's
 * garbage (the parsed file, its copies), and an idle mock never gives it back: at 100,000 records
 * a `serve` process idled at ~314 MiB for 40 s, ~292 MiB after one full collection. Node exposes
 * `gc` only behind `--expose-gc`; setting that flag at run time defines it in new contexts, which
 * is how jest's leak detector reaches it too.
 */
export const collectGarbage = (): void => {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  gc()
}

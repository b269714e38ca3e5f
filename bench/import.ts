import { median } from './lib/stats.ts'
import { startStore } from './lib/stores.ts'

/**
 * `npm run bench:import`: only the import and memory figures of the records table (RESULTS.md is
 * not written), with the same server and state files as `npm run bench`: each size imported in
 * its own process, BENCH_RUNS times (3), sizes interleaved; the medians are printed.
 * `npm run bench:import -- 100000` measures only the sizes given.
 */
const runs = Number(process.env.BENCH_RUNS ?? 3)
const sizes = process.argv.slice(2).map(Number)
if (sizes.length === 0) sizes.push(10_000, 100_000)
if (sizes.some((size) => !Number.isInteger(size) || size < 20)) {
  throw new Error('usage: bench/import.ts [records ≥ 20]...')
}

type Figures = { importMs: number; rssAfterImport: number; rssSettled: number }
const measured = new Map<number, Figures[]>(sizes.map((size) => [size, []]))
for (let run = 1; run <= runs; run++) {
  for (const size of sizes) {
    const child = await startStore(size)
    const figures = {
      importMs: Number(child.info.importMs),
      rssAfterImport: Number(child.info.peakRssMiB),
      rssSettled: Number(child.info.settledRssMiB),
    }
    await child.stop()
    measured.get(size)?.push(figures)
    process.stderr.write(
      `${size} records, run ${run}: import ${Math.round(figures.importMs)} ms, RSS ${Math.round(figures.rssAfterImport)} MiB right after, ${Math.round(figures.rssSettled)} MiB settled\n`,
    )
  }
}
for (const [size, all] of measured) {
  const of = (key: keyof Figures) => Math.round(median(all.map((figures) => figures[key])))
  console.log(
    `${size} records (median of ${all.length}): import ${of('importMs')} ms, RSS ${of('rssAfterImport')} MiB right after the import, ${of('rssSettled')} MiB settled`,
  )
}

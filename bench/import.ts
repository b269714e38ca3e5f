import { type ImportRun, importRun, medianImport, startStore } from './lib/stores.ts'

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

const measured = new Map<number, ImportRun[]>(sizes.map((size) => [size, []]))
for (let run = 1; run <= runs; run++) {
  for (const size of sizes) {
    const child = await startStore(size)
    // The records table's figures: the RSS once the server is up, as npm run bench reads it.
    const figures = importRun(child, child.rssMiB())
    await child.stop()
    measured.get(size)?.push(figures)
    process.stderr.write(
      `${size} records, run ${run}: import ${Math.round(figures.importMs)} ms (CPU ${Math.round(figures.importCpuMs)} ms), RSS ${Math.round(figures.rssPeak)} MiB right after, ${Math.round(figures.rssStart)} MiB settled\n`,
    )
  }
}
for (const [size, all] of measured) {
  const of = medianImport(all)
  console.log(
    `${size} records (median of ${all.length}): import ${Math.round(of.importMs)} ms (CPU ${Math.round(of.importCpuMs)} ms), RSS ${Math.round(of.rssPeak)} MiB right after the import, ${Math.round(of.rssStart)} MiB settled`,
  )
}

import {
  type FloorImportRun,
  floorImportRun,
  type ImportRun,
  importRun,
  medianFloorImport,
  medianImport,
  startStore,
} from './lib/stores.ts'
import { GUARDS } from './targets.ts'

/**
 * `npm run bench:import`: only the import and memory figures of the records table (RESULTS.md is
 * not written), with the same server and state files as `npm run bench`: each size imported in
 * its own process, BENCH_RUNS times (3), sizes interleaved; the medians are printed. Each run of
 * the mock's import is followed by one of the floor's (bench/servers/import-floor.ts: the same file,
 * each record stored through @msw/data's `Collection.create` alone), and the ratios are printed:
 * the CPU-time ratio is the steadier one on a shared machine.
 * `npm run bench:import -- 100000` measures only the sizes given.
 */
const runs = Number(process.env.BENCH_RUNS ?? 3)
const sizes = process.argv.slice(2).map(Number)
if (sizes.length === 0) sizes.push(10_000, 100_000)
if (sizes.some((size) => !Number.isInteger(size) || size < 20)) {
  throw new Error('usage: bench/import.ts [records ≥ 20]...')
}

const measured = new Map<number, ImportRun[]>(sizes.map((size) => [size, []]))
const floors = new Map<number, FloorImportRun[]>(sizes.map((size) => [size, []]))
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
    const floor = await floorImportRun(size)
    floors.get(size)?.push(floor)
    process.stderr.write(
      `${size} records, run ${run}: the floor's import ${Math.round(floor.importMs)} ms (CPU ${Math.round(floor.importCpuMs)} ms); ours ${(figures.importMs / floor.importMs).toFixed(2)}× its time, ${(figures.importCpuMs / floor.importCpuMs).toFixed(2)}× its CPU\n`,
    )
  }
}
for (const [size, all] of measured) {
  const of = medianImport(all)
  const floor = medianFloorImport(floors.get(size) ?? [])
  console.log(
    `${size} records (median of ${all.length}): import ${Math.round(of.importMs)} ms (CPU ${Math.round(of.importCpuMs)} ms), RSS ${Math.round(of.rssPeak)} MiB right after the import, ${Math.round(of.rssStart)} MiB settled; ` +
      `the floor (Collection.create alone) ${Math.round(floor.floorImportMs)} ms (CPU ${Math.round(floor.floorImportCpuMs)} ms): ours ${(of.importMs / floor.floorImportMs).toFixed(2)}× its time, ${(of.importCpuMs / floor.floorImportCpuMs).toFixed(2)}× its CPU (the guard, at 100,000 records: ≤ ${GUARDS.import.bound}× its time)`,
  )
}

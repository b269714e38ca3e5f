import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Child, startChild } from './child.ts'
import { fillerState } from './filler.ts'
import { median } from './stats.ts'

/**
 * The mock host with `records` forms in its store (bench/servers/mock-server.ts): 20 of the target
 * organization, the rest a filler over 999 other organizations. The filler's state file is
 * written here, in the bench's process, so the server only reads and imports it, as
 * `serve --state` does; the file is removed once the server is up. `server` is another checkout's
 * server file when a bench compares with it (bench:writes --baseline).
 */
export const startStore = async (
  records: number,
  server = '../servers/mock-server.ts',
): Promise<Child> => {
  return startWithState(records, server)
}

/**
 * The floor of the import (bench/servers/import-floor.ts) over the same filler file: the records
 * stored through @msw/data's `Collection.create` alone. Only its import figures are read.
 */
export const startImportFloor = (records: number): Promise<Child> =>
  startWithState(records, '../servers/import-floor.ts')

const startWithState = async (records: number, server: string): Promise<Child> => {
  const dir = mkdtempSync(join(tmpdir(), 'engagement-bench-state-'))
  const file = join(dir, 'state.json')
  try {
    writeFileSync(file, JSON.stringify(fillerState(Math.max(0, records - 20), 1000)))
    return await startChild(server, [file])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * What one store process measured of its import: its time, the CPU time it used (user + system,
 * steadier than the time when the machine is shared), RSS right after it, RSS settled.
 */
export interface ImportRun {
  importMs: number
  importCpuMs: number
  rssPeak: number
  rssStart: number
}

export const importRun = (child: Child, settledRssMiB: number): ImportRun => ({
  importMs: Number(child.info.importMs),
  importCpuMs: Number(child.info.importCpuMs),
  rssPeak: Number(child.info.peakRssMiB),
  rssStart: settledRssMiB,
})

/** Each figure's median over the runs, and every run's import time. */
export const medianImport = (all: ImportRun[]) => ({
  importMs: median(all.map((run) => run.importMs)),
  importCpuMs: median(all.map((run) => run.importCpuMs)),
  rssPeak: median(all.map((run) => run.rssPeak)),
  rssStart: median(all.map((run) => run.rssStart)),
  importRuns: all.map((run) => Math.round(run.importMs)),
})

/** The floor's import of the same file (bench/servers/import-floor.ts): time and CPU time. */
export interface FloorImportRun {
  importMs: number
  importCpuMs: number
}

export const floorImportRun = async (records: number): Promise<FloorImportRun> => {
  const child = await startImportFloor(records)
  await child.stop()
  // The file holds the filler alone; the mock's server adds the target organization's 20 by API.
  const inFile = Math.max(0, records - 20)
  if (child.info.records !== inFile) {
    throw new Error(`the import floor stored ${child.info.records} records, not ${inFile}`)
  }
  return { importMs: Number(child.info.importMs), importCpuMs: Number(child.info.importCpuMs) }
}

/** The medians of the floor's runs, and every run's import time. */
export const medianFloorImport = (all: FloorImportRun[]) => ({
  floorImportMs: median(all.map((run) => run.importMs)),
  floorImportCpuMs: median(all.map((run) => run.importCpuMs)),
  floorImportRuns: all.map((run) => Math.round(run.importMs)),
})

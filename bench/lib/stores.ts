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

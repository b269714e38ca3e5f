import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { availableParallelism, totalmem } from 'node:os'
import { WRK } from './wrk.ts'

/** Where the figures come from: they mean little without it. */
export const machine = () => {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')
  let wrkVersion = 'not found'
  try {
    wrkVersion = execFileSync(WRK, ['--version'], { encoding: 'utf8' }).split('\n')[0] ?? ''
  } catch (error) {
    // wrk prints its version with a non-zero exit status.
    const out = (error as { stdout?: string }).stdout ?? ''
    wrkVersion = out.split('\n')[0]?.trim() || 'not found'
  }
  return {
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    nproc: availableParallelism(),
    cpu: cpuinfo.match(/model name\s*:\s*(.+)/)?.[1]?.trim() ?? 'unknown',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    wrk: wrkVersion.replace(/\s+Copyright.*$/, ''),
    kernel: readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim(),
  }
}

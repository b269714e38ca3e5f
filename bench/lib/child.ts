import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface Child {
  child: ChildProcess
  info: Record<string, unknown> & { url: string }
  /** Resident set size now, in MiB, as the kernel counts it. */
  rssMiB: () => number
  stop: () => Promise<void>
}

export const rssOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(status.match(/VmRSS:\s+(\d+)\s+kB/)?.[1] ?? Number.NaN)
  return kb / 1024
}

/** Runs a TypeScript server file in its own Node process and waits for its `READY {json}` line. */
export const startChild = (file: string, args: string[] = []): Promise<Child> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--expose-gc', fileURLToPath(new URL(file, import.meta.url)), ...args],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      const ready = out.match(/READY (\{.*\})\n/)
      if (!ready) return
      const pid = child.pid as number
      resolve({
        child,
        info: JSON.parse(ready[1] as string),
        rssMiB: () => rssOf(pid),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
    child.once('exit', (code) =>
      reject(new Error(`${file} exited with ${code} before READY:\n${out}`)),
    )
  })

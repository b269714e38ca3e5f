import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { nodeBundleOptions } from '../../mock/cli/build/bundle.mjs'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))

export interface Child {
  child: ChildProcess
  info: Record<string, unknown> & { url: string }
  /** Resident set size now, in MiB, as the kernel counts it. */
  rssMiB: () => number
  stop: () => Promise<void>
}

/** User + system CPU time a process has used so far, in ms (clock ticks of 10 ms), from /proc. */
export const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export const rssOf = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(status.match(/VmRSS:\s+(\d+)\s+kB/)?.[1] ?? Number.NaN)
  return kb / 1024
}

/**
 * A server file bundled with the CLI's options (mock/cli/build/bundle.mjs) into one module
 * for plain Node: run through tsx instead, its hooks thread added ~36 MiB to every RSS figure
 * and its loader to every start, which no user of the mock pays.
 */
const bundles = new Map<string, Promise<string>>()
const bundled = (file: string) => {
  const given = bundles.get(file)
  if (given) return given
  const outfile = join(mkdtempSync(join(tmpdir(), 'engagement-bench-server-')), 'server.mjs')
  const made = build({ ...nodeBundleOptions, entryPoints: [file], outfile }).then(() => outfile)
  bundles.set(file, made)
  return made
}

/** A started server: its RSS on demand, and a stop that resolves once the process has exited. */
const handleOf = (child: ChildProcess, info: Child['info']): Child => {
  const pid = child.pid as number
  return {
    child,
    info,
    rssMiB: () => rssOf(pid),
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGTERM')
      }),
  }
}

/** Node's flags that write a CPU profile of the process to `dir/<name>.cpuprofile` as it exits. */
export const cpuProfileFlags = (dir: string, name: string): string[] => [
  '--cpu-prof',
  `--cpu-prof-dir=${dir}`,
  `--cpu-prof-name=${name}.cpuprofile`,
]

/**
 * With PROFILE_DIR, every server runs under `--cpu-prof` and writes PROFILE_DIR/<file>-<n>.cpuprofile
 * when stopped: the mock and its floor profiled under the same load, as bench/targets.ts says to
 * compare them. A SIGTERM would end the process before Node writes the profile, so it exits instead.
 */
const PROFILE_DIR = process.env.PROFILE_DIR
let profiled = 0
const profileFlags = (file: string): string[] => {
  if (!PROFILE_DIR) return []
  profiled += 1
  return [
    ...cpuProfileFlags(PROFILE_DIR, `${basename(file, '.ts')}-${profiled}`),
    "--import=data:text/javascript,process.on('SIGTERM',()=>process.exit(0))",
  ]
}

/** Runs a TypeScript server file in its own Node process and waits for its `READY {json}` line. */
export const startChild = async (file: string, args: string[] = []): Promise<Child> =>
  startScript(await bundled(fileURLToPath(new URL(file, import.meta.url))), args, file)

/**
 * Runs an already bundled server script (`name` names it in errors and profiles) and waits for
 * its `READY {json}` line.
 */
export const startScript = (script: string, args: string[], name: string): Promise<Child> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...profileFlags(name), script, ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      const ready = out.match(/READY (\{.*\})\n/)
      if (!ready) return
      resolve(handleOf(child, JSON.parse(ready[1] as string)))
    })
    child.once('exit', (code) =>
      reject(new Error(`${name} exited with ${code} before READY:\n${out}`)),
    )
  })

/**
 * Runs a command that prints nothing useful when it is ready (a peer's own CLI): waits until
 * GET `probe` answers 200, trying every 20 ms for up to 60 s. `port` is already in `command`.
 */
export const startCommand = async (
  command: string[],
  port: number,
  probe: { path: string; headers: Record<string, string> },
): Promise<Child> => {
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const started = performance.now()
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${command.join(' ')} exited with ${child.exitCode}`)
    if (performance.now() - started > 60_000)
      throw new Error(`${command.join(' ')}: no 200 in 60 s`)
    const ok = await fetch(url + probe.path, { headers: probe.headers }).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 20))
  }
  return handleOf(child, { url })
}

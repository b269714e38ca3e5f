/**
 * CPU per request of the validating proxy and of its floor under bench:proxy's load (GET /forms
 * of 20 forms, wrk): each process's user + system time over a run (from /proc) divided by the
 * requests it served. Steadier than req/s on a shared machine, and what a change to the proxy's
 * per-exchange work moves. With PROFILE_DIR, both run under `--cpu-prof` and `--trace-gc`
 * (PROFILE_DIR/{ours,floor}.cpuprofile and .gc.log, and the upstream's mock-server-1.cpuprofile
 * through bench/lib/child.ts), to compare self-time per function and
 * garbage collection. With BASELINE (another checkout, its dependencies installed), that
 * checkout's proxy runs beside ours in the same runs: before and after a change, under the same
 * load. Run alone: npx tsx bench/proxy-cpu.ts (BENCH_SECONDS, BENCH_RUNS, BENCH_CONNECTIONS as
 * npm run bench).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { nodeBundleOptions } from '../mock/cli/build/bundle.mjs'
import { cpuMsOf, cpuProfileFlags, ROOT } from './lib/child.ts'
import { freePort } from './lib/cold-start.ts'
import { BENCH_KEY } from './lib/filler.ts'
import { auth, log } from './lib/loads.ts'
import { startStore } from './lib/stores.ts'
import { wrk } from './lib/wrk.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const runs = Number(process.env.BENCH_RUNS ?? 2)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const profileDir = process.env.PROFILE_DIR
const baseline = process.env.BASELINE

interface Server {
  url: string
  pid: number
  stop: () => Promise<void>
}

const stopper = (child: ChildProcess, signal: NodeJS.Signals) => () =>
  new Promise<void>((done) => {
    if (child.exitCode !== null) return done()
    child.once('exit', () => done())
    child.kill(signal)
  })

/** A Node process running `args` (profiled with PROFILE_DIR), ready once GET /forms answers 200. */
const startNode = async (name: string, args: string[], port: number): Promise<Server> => {
  const flags = profileDir ? cpuProfileFlags(profileDir, name) : []
  const gc = profileDir ? ['--trace-gc'] : []
  const child = spawn(process.execPath, [...flags, ...gc, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  const gcLog = profileDir ? createWriteStream(join(profileDir, `${name}.gc.log`)) : undefined
  child.stdout?.on('data', (chunk: Buffer) => {
    if (gcLog) gcLog.write(chunk)
    if (port === 0) out += chunk.toString('utf8')
  })
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`)
    const ready = port === 0 ? out.match(/READY (\{.*\})\n/) : null
    const url = ready ? JSON.parse(ready[1] as string).url : `http://127.0.0.1:${port}`
    if (port !== 0 || ready) {
      const ok = await fetch(`${url}/api/v1/forms`, { headers: auth(BENCH_KEY) }).then(
        (r) => r.ok,
        () => false,
      )
      if (ok)
        return {
          url,
          pid: child.pid as number,
          stop: stopper(child, port === 0 ? 'SIGTERM' : 'SIGINT'),
        }
    }
    if (i > 3000) throw new Error(`${name}: no answer in 60 s`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

const upstream = await startStore(20)
const dir = mkdtempSync(join(tmpdir(), 'engagement-bench-proxy-cpu-'))
if (profileDir) mkdirSync(profileDir, { recursive: true })
const floorScript = join(dir, 'floor.mjs')
await build({
  ...nodeBundleOptions,
  entryPoints: [join(ROOT, 'bench/servers/forward-floor.ts')],
  outfile: floorScript,
})
// Profiled, ours runs from a bundle whose code is laid out as written (the launcher's is
// whitespace-minified: a profile's lines would all be 2), inside the clone, where it finds its
// package.json.
const profileBuild = join(ROOT, 'node_modules/.cache/engagement-mock-profile')
const oursEntry = profileDir ? join(profileBuild, 'index.js') : join(ROOT, 'mock/cli/bin.cjs')
if (profileDir) {
  await build({
    ...nodeBundleOptions,
    entryPoints: [join(ROOT, 'mock/cli/index.ts')],
    outdir: profileBuild,
    splitting: true,
  })
}
const oursPort = await freePort()
const servers: Record<string, Server> = {}
try {
  servers.floor = await startNode('floor', [floorScript, upstream.info.url], 0)
  servers.ours = await startNode(
    'ours',
    [
      oursEntry,
      'proxy',
      `${upstream.info.url}/api/v1`,
      '--port',
      String(oursPort),
      '--report-dir',
      join(dir, 'reports'),
    ],
    oursPort,
  )
  if (baseline) {
    const port = await freePort()
    servers.baseline = await startNode(
      'baseline',
      [
        join(baseline, 'mock/cli/bin.cjs'),
        'proxy',
        `${upstream.info.url}/api/v1`,
        '--port',
        String(port),
        '--report-dir',
        join(dir, 'baseline-reports'),
      ],
      port,
    )
  }
  const load = (url: string) => ({ url: `${url}/api/v1/forms`, headers: auth(BENCH_KEY) })
  for (const server of Object.values(servers))
    await wrk(load(server.url), { seconds: 1, connections })
  const upstreamPid = upstream.child.pid as number
  for (let i = 0; i < runs; i++) {
    for (const [name, server] of Object.entries(servers)) {
      const [before, upBefore] = [cpuMsOf(server.pid), cpuMsOf(upstreamPid)]
      const result = await wrk(load(server.url), { seconds, connections })
      const used = cpuMsOf(server.pid) - before
      const up = cpuMsOf(upstreamPid) - upBefore
      log(
        `${name} run ${i + 1}: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, ` +
          `${Math.round((used * 1000) / result.requests)} µs CPU/request ` +
          `(upstream ${Math.round((up * 1000) / result.requests)})`,
      )
    }
  }
} finally {
  for (const server of Object.values(servers)) await server.stop()
  await upstream.stop()
  rmSync(dir, { recursive: true, force: true })
}

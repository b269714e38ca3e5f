/**
 * What each step of the validating proxy costs, measured by switching steps off: the floor
 * (http-proxy-3 alone), then mock/proxy/proxy.ts built with its steps added back one at a time,
 * up to the proxy as shipped, all under bench:proxy's load (GET /forms of 20 forms, wrk, 10
 * connections) in interleaved runs. A profiler names where JS time goes but not what a step costs
 * the process in all (Node's own work around it, garbage collection, caches): this does. The
 * variants are built from the source text with the switches below, so a change to proxy.ts that
 * moves one of their anchors stops this script with the anchor named, instead of measuring
 * something else. Each proxy runs `startTrafficProxy` as the CLI does (default options), without
 * the CLI's printing. Run: npx tsx bench/proxy-steps.ts (BENCH_SECONDS, default 3; BENCH_RUNS,
 * default 5).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { nodeBundleOptions } from '../mock/cli/build/bundle.mjs'
import { cpuMsOf, ROOT } from './lib/child.ts'
import { BENCH_KEY } from './lib/filler.ts'
import { auth, log } from './lib/loads.ts'
import { median } from './lib/stats.ts'
import { startStore } from './lib/stores.ts'
import { wrk } from './lib/wrk.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 3)
const runs = Number(process.env.BENCH_RUNS ?? 5)

/** A switch: `anchor` (found exactly once in proxy.ts) replaced by `with`. */
interface Switch {
  anchor: string
  with: string
}

const NO_HEAD: Switch = {
  anchor: 'if (flight.path !== undefined && !options.errors) {',
  with: 'if (false) {',
}
const NO_TAPS: Switch = {
  anchor: "      proxyRes.on('data', (chunk: Buffer) => answer.add(chunk))\n",
  with: "      return\n      proxyRes.on('data', (chunk: Buffer) => answer.add(chunk))\n",
}
const NO_FINISH: Switch = {
  anchor: "      proxyRes.on('data', (chunk: Buffer) => answer.add(chunk))\n",
  with: "      proxyRes.on('data', (chunk: Buffer) => answer.add(chunk))\n      return\n",
}
const NO_RULES: Switch = {
  anchor: ': checker.check(exchange, flight.index)',
  with: ': { operationId: null, violations: [], requestIssues: [], notes: [] }',
}

const STEPS: { name: string; switches: Switch[] }[] = [
  {
    name: 'forwarding and the exchange’s bookkeeping, nothing checked',
    switches: [NO_HEAD, NO_TAPS],
  },
  { name: '+ the head check (request and status, before the body)', switches: [NO_TAPS] },
  { name: '+ the body taps (copies of the chunks kept)', switches: [NO_FINISH] },
  {
    name: '+ the bodies read as text and the exchange logged (no contract rules)',
    switches: [NO_RULES],
  },
  { name: '+ the contract’s rules: the proxy as shipped', switches: [] },
]

const START = `
const [upstream] = process.argv.slice(2)
const running = await startTrafficProxy({ upstream: \`\${upstream}/api/v1\`, port: 0 })
process.stdout.write(\`READY \${JSON.stringify({ url: running.url })}\\n\`)
process.on('SIGTERM', () => process.exit(0))
`

const source = readFileSync(join(ROOT, 'mock/proxy/proxy.ts'), 'utf8')
const variant = (switches: Switch[]) => {
  let text = source
  for (const { anchor, with: replacement } of switches) {
    const at = text.indexOf(anchor)
    if (at < 0 || text.indexOf(anchor, at + 1) >= 0) {
      throw new Error(`mock/proxy/proxy.ts has changed: "${anchor.trim()}" is not there once`)
    }
    text = text.slice(0, at) + replacement + text.slice(at + anchor.length)
  }
  return text + START
}

interface Server {
  name: string
  url: string
  child: ChildProcess
  rps: number[]
  cpu: number[]
}

const startServer = (name: string, script: string, upstream: string) =>
  new Promise<Server>((resolve, reject) => {
    const child = spawn(process.execPath, [script, upstream], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      const ready = out.match(/READY (\{.*\})\n/)
      if (ready) resolve({ name, url: JSON.parse(ready[1] as string).url, child, rps: [], cpu: [] })
    })
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${out}`)))
  })

const dir = mkdtempSync(join(tmpdir(), 'engagement-bench-proxy-steps-'))
const upstream = await startStore(20)
const servers: Server[] = []
try {
  const floorScript = join(dir, 'floor.mjs')
  await build({
    ...nodeBundleOptions,
    entryPoints: [join(ROOT, 'bench/servers/forward-floor.ts')],
    outfile: floorScript,
  })
  servers.push(await startServer('floor: http-proxy-3, no check', floorScript, upstream.info.url))
  for (const [i, step] of STEPS.entries()) {
    const script = join(dir, `step-${i}.mjs`)
    await build({
      ...nodeBundleOptions,
      stdin: {
        contents: variant(step.switches),
        resolveDir: join(ROOT, 'mock/proxy'),
        sourcefile: 'proxy.ts',
        loader: 'ts',
      },
      outfile: script,
    })
    servers.push(await startServer(step.name, script, upstream.info.url))
  }
  const load = (url: string) => ({ url: `${url}/api/v1/forms`, headers: auth(BENCH_KEY) })
  for (const server of servers) await wrk(load(server.url), { seconds: 1, connections: 10 })
  for (let run = 0; run < runs; run++) {
    for (const server of servers) {
      const before = cpuMsOf(server.child.pid as number)
      const result = await wrk(load(server.url), { seconds, connections: 10 })
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${server.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      }
      server.rps.push(result.rps)
      server.cpu.push(((cpuMsOf(server.child.pid as number) - before) * 1000) / result.requests)
      log(`${server.name} run ${run + 1}: ${Math.round(result.rps)} req/s`)
    }
  }
  const floor = median((servers[0] as Server).rps)
  const floorCpu = median((servers[0] as Server).cpu)
  const lines = [
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${runs} interleaved runs of ${seconds} s each, medians.`,
    '',
    '| Server | req/s | × the floor | CPU per request | beyond the floor’s | runs (req/s) |',
    '|---|--:|--:|--:|--:|---|',
    ...servers.map((server) => {
      const cpu = median(server.cpu)
      return `| ${server.name} | ${Math.round(median(server.rps)).toLocaleString('en-US')} | ${(median(server.rps) / floor).toFixed(2)}× | ${Math.round(cpu)} µs | ${server === servers[0] ? '' : `${Math.round(cpu - floorCpu)} µs`} | ${server.rps.map((r) => Math.round(r)).join(', ')} |`
    }),
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
} finally {
  for (const server of servers) server.child.kill('SIGTERM')
  await upstream.stop()
  rmSync(dir, { recursive: true, force: true })
}

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
 * default 5; PROFILE_DIR leaves each server's CPU profile, as in every bench).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { nodeBundleOptions } from '../mock/cli/build/bundle.mjs'
import { type Child, cpuMsOf, ROOT, startChild, startScript } from './lib/child.ts'
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
/** Where the answer's tap is set: returning before it leaves out the taps, after it the finish. */
const TAP = "      proxyRes.on('data', (chunk: Buffer) => answer.add(chunk))\n"
const NO_TAPS: Switch = { anchor: TAP, with: `      return\n${TAP}` }
const NO_FINISH: Switch = { anchor: TAP, with: `${TAP}      return\n` }
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
  running: Child
  rps: number[]
  cpu: number[]
}

const server = (name: string, running: Child): Server => ({ name, running, rps: [], cpu: [] })

const dir = mkdtempSync(join(tmpdir(), 'engagement-bench-proxy-steps-'))
const upstream = await startStore(20)
const servers: Server[] = []
try {
  const floor = await startChild('../servers/forward-floor.ts', [upstream.info.url])
  servers.push(server('floor: http-proxy-3, no check', floor))
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
    servers.push(
      server(step.name, await startScript(script, [upstream.info.url], `proxy-step-${i}`)),
    )
  }
  const load = (url: string) => ({ url: `${url}/api/v1/forms`, headers: auth(BENCH_KEY) })
  for (const { running } of servers)
    await wrk(load(running.info.url), { seconds: 1, connections: 10 })
  for (let run = 0; run < runs; run++) {
    for (const measured of servers) {
      const pid = measured.running.child.pid as number
      const before = cpuMsOf(pid)
      const result = await wrk(load(measured.running.info.url), { seconds, connections: 10 })
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${measured.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
      }
      measured.rps.push(result.rps)
      measured.cpu.push(((cpuMsOf(pid) - before) * 1000) / result.requests)
      log(`${measured.name} run ${run + 1}: ${Math.round(result.rps)} req/s`)
    }
  }
  const floorRps = median((servers[0] as Server).rps)
  const floorCpu = median((servers[0] as Server).cpu)
  const lines = [
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${runs} interleaved runs of ${seconds} s each, medians.`,
    '',
    '| Server | req/s | × the floor | CPU per request | beyond the floor’s | runs (req/s) |',
    '|---|--:|--:|--:|--:|---|',
    ...servers.map((measured) => {
      const cpu = median(measured.cpu)
      return `| ${measured.name} | ${Math.round(median(measured.rps)).toLocaleString('en-US')} | ${(median(measured.rps) / floorRps).toFixed(2)}× | ${Math.round(cpu)} µs | ${measured === servers[0] ? '' : `${Math.round(cpu - floorCpu)} µs`} | ${measured.rps.map((r) => Math.round(r)).join(', ')} |`
    }),
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
} finally {
  for (const { running } of servers) await running.stop()
  await upstream.stop()
  rmSync(dir, { recursive: true, force: true })
}

import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { benchCheckLatency } from './check-latency.ts'
import type { Aggregate } from './lib/aggregate.ts'
import { type Child, ROOT, startChild, startCommand } from './lib/child.ts'
import { codeCacheOf, coldStart, ensureCodeCache, freePort } from './lib/cold-start.ts'
import { BENCH_KEY, POST_KEY } from './lib/filler.ts'
import { installedCopy } from './lib/installed.ts'
import { auth, compareRuns, json, log, POST_BODY, type Scenario } from './lib/loads.ts'
import { machine } from './lib/machine.ts'
import { median } from './lib/stats.ts'
import {
  type FloorImportRun,
  floorImportRun,
  type ImportRun,
  importRun,
  medianFloorImport,
  medianImport,
  startStore,
} from './lib/stores.ts'
import { WRK } from './lib/wrk.ts'
import { ensurePeers } from './peers/install.ts'
import { type Peer, peers } from './peers/servers.ts'
import { benchProxy } from './proxy.ts'
import { FLOOR, type Results, render } from './report.ts'
import { keepSections } from './sections.ts'

/**
 * `npm run bench`: load from wrk (a separate process) against the mock host and a bare node:http
 * server side by side, on 127.0.0.1, several bounded runs each, medians quoted; then the list at
 * 20 / 10,000 / 100,000 records, cold start, RSS, the in-process msw path and the limits.
 * Knobs: BENCH_SECONDS (5), BENCH_RUNS (3), BENCH_CONNECTIONS (10). Writes bench/RESULTS.md.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 5)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)
const SCALES = [20, 10_000, 100_000]
const compare = (scenario: Scenario, servers: Record<string, Child>) =>
  compareRuns(scenario, servers, { seconds, runs, connections })

const fetchText = async (
  url: string,
  headers: Record<string, string> = {},
  init: RequestInit = {},
) => (await fetch(url, { headers, ...init })).text()

const main = async () => {
  const results: Results = {
    machine: machine(),
    settings: { seconds, runs, connections },
    side: {},
    scale: {},
    cold: {},
  } as Results
  log(`Machine: ${JSON.stringify(results.machine)}`)

  log('Side by side: mock host vs bare node:http')
  const mock = await startStore(20)
  results.rssAfterStart = mock.rssMiB()
  const bodies = {
    forms: await fetchText(`${mock.info.url}/api/v1/forms`, auth(BENCH_KEY)),
    sessions: await fetchText(`${mock.info.url}/api/v1/sessions`, auth(BENCH_KEY)),
    unauthorized: await fetchText(`${mock.info.url}/api/v1/forms`),
    created: await fetchText(
      `${mock.info.url}/api/v1/forms`,
      { ...auth(POST_KEY), ...json },
      { method: 'POST', body: POST_BODY },
    ),
  }
  results.formsListBytes = Buffer.byteLength(bodies.forms)
  const dir = mkdtempSync(join(tmpdir(), 'engagement-bench-'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'bodies.json')
  writeFileSync(file, JSON.stringify(bodies))
  const precomputed = await startChild('../servers/bare-server.ts', [file, 'precomputed'])
  const stringify = await startChild('../servers/bare-server.ts', [file, 'stringify'])
  const trio = { mock, 'bare stringify': stringify, 'bare precomputed': precomputed }
  for (const scenario of ['GET /forms', 'GET /sessions', '401 (no key)'] as const) {
    results.side[scenario] = await compare(scenario, trio)
  }
  results.rssAfterLoad = mock.rssMiB()
  // What the mock's POST cannot go below with zod and @msw/data (bench/servers/floor-server.ts).
  const floorServer = await startChild('../servers/floor-server.ts', [file])
  results.side['POST /forms'] = await compare('POST /forms', {
    mock,
    'bare stringify': stringify,
    [FLOOR]: floorServer,
  })
  results.rssAfterPosts = mock.rssMiB()
  await precomputed.stop()
  // Each peer starts with only its store; so do the mock and the floor beside them. The host
  // above has stored every form of the POSTs just run (~150,000), and beside the peers its POST
  // p99 grew run by run (5.7, 23 and 33 ms in one bench) while theirs stayed level.
  await mock.stop()
  await floorServer.stop()

  log('Peers: Prism, json-server and msw + @mswjs/data beside the mock and the bare server')
  const versions = await ensurePeers(log)
  const peerList = peers(dir, bodies, file)
  const field: Record<string, Child> = { mock: await startStore(20), 'bare stringify': stringify }
  const peerRss: Record<string, number> = {}
  const peerBytes: Record<string, number> = {}
  for (const peer of peerList) {
    const port = await freePort()
    const child = await startCommand(peer.command(port), port, {
      path: '/api/v1/forms',
      headers: auth(BENCH_KEY),
    })
    field[peer.name] = child
    peerRss[peer.name] = child.rssMiB()
    peerBytes[peer.name] = Buffer.byteLength(
      await fetchText(`${child.info.url}/api/v1/forms`, auth(BENCH_KEY)),
    )
  }
  const peerGet = await compare('GET /forms', field)
  // The POST targets are judged against the floor: the peers' POSTs are run beside it too.
  const peerFloor = await startChild('../servers/floor-server.ts', [file])
  const peerPost = await compare('POST /forms', { ...field, [FLOOR]: peerFloor })
  for (const child of [...Object.values(field), peerFloor]) await child.stop()

  log('Scale: the same list with 20, 10,000 and 100,000 records over 1,000 organizations')
  // All three stores at once, their runs interleaved like the side-by-side ones: a ratio between
  // sizes must not depend on what else the machine was doing when each size had its turn.
  const stores: Record<string, Child> = {}
  const rssStart: Record<string, number> = {}
  for (const records of SCALES) {
    const child = await startStore(records)
    stores[records] = child
    rssStart[records] = child.rssMiB()
  }
  const lists = await compare('GET /forms', stores)
  const patches = await compare('PATCH /forms/{id}', stores)
  const imports: Record<string, ImportRun[]> = {}
  for (const records of SCALES) {
    const child = stores[records] as Child
    imports[records] = [importRun(child, rssStart[records] as number)]
    results.scale[records] = {
      get: lists[records] as Aggregate,
      patch: patches[records] as Aggregate,
      rssAfter: child.rssMiB(),
      ...medianImport(imports[records]),
      // Filled in once the floor's imports have run, below.
      ...medianFloorImport([]),
    }
    log(
      `  ${records}: PATCH ${Math.round(results.scale[records].patch.rps)} req/s, RSS ${Math.round(rssStart[records] as number)} MiB`,
    )
    await child.stop()
  }
  // An import is one sample, and at 100,000 records one swings by a fifth between minutes on this
  // machine: like every other figure, each size's import and memory are the median of `runs`
  // processes, the others started one at a time once the loads are over.
  // The import's floor (the same file, each record through Collection.create alone) runs after
  // each of the mock's imports, so drift on the machine hits both alike.
  const floorImports: Record<string, FloorImportRun[]> = {}
  for (let run = 0; run < runs; run++) {
    for (const records of SCALES) {
      if (run > 0) {
        const child = await startStore(records)
        imports[records]?.push(importRun(child, child.rssMiB()))
        await child.stop()
      }
      const floor = await floorImportRun(records)
      floorImports[records] = [...(floorImports[records] ?? []), floor]
    }
  }
  for (const records of SCALES) {
    Object.assign(
      results.scale[records] as object,
      medianImport(imports[records] ?? []),
      medianFloorImport(floorImports[records] ?? []),
    )
    log(
      `  ${records}: import ${(imports[records] ?? []).map((r) => Math.round(r.importMs))} ms, the floor's ${(floorImports[records] ?? []).map((r) => Math.round(r.importMs))} ms`,
    )
  }

  log('Cold start to the first 200')
  const bin = [process.execPath, 'mock/cli/bin.cjs', 'serve', '--port']
  const npm = ['npm', 'start', '--silent', '--', '--port']
  // The first launch after an edit (or a clone) bundles the sources again and has no code cache
  // yet (it writes one once it answers); later ones reuse both.
  const bundleCache = join(ROOT, 'node_modules', '.cache', 'engagement-mock')
  const rebuilding = []
  for (let i = 0; i < 3; i++) {
    rmSync(bundleCache, { recursive: true, force: true })
    rebuilding.push(await coldStart(bin))
  }
  // What an installed package runs: its launcher over the build, in the layout npm installs.
  await promisify(execFile)('npm', ['run', 'build', '--silent'], { cwd: ROOT })
  const installed = installedCopy()
  process.on('exit', () => rmSync(installed, { recursive: true, force: true }))
  const built = [process.execPath, join(installed, 'mock/cli/bin.cjs'), 'serve', '--port']
  // The first start after install has no code cache (none is shipped): measured on its own,
  // the cache removed before each run.
  const builtCache = join(installed, 'dist/cli/serve.cjs.cache')
  const builtFirst = []
  for (let i = 0; i < 3; i++) {
    rmSync(builtCache, { force: true })
    builtFirst.push(await coldStart(built))
  }
  // Every later start has its cache: made sure of, so the figures below are of cached starts.
  await ensureCodeCache(built, builtCache)
  await ensureCodeCache(bin, join(bundleCache, codeCacheOf(bundleCache)))
  // The floor on this machine: Node starting a bare node:http server that answers {}.
  const floor = [
    process.execPath,
    '-e',
    "require('node:http').createServer((q, s) => s.end('{}')).listen(+process.argv[1], '127.0.0.1')",
  ]
  const floorRuns = []
  const binRuns = []
  const builtRuns = []
  const peerCold: Record<string, number[]> = {}
  // Interleaved like the load runs: each round starts every server once. Eleven rounds: a start
  // is a few hundred ms, and on this shared machine single starts stray by a third either way.
  for (let i = 0; i < 11; i++) {
    floorRuns.push(await coldStart(floor))
    binRuns.push(await coldStart(bin))
    builtRuns.push(await coldStart(built))
    for (const peer of peerList as Peer[]) {
      const list = peerCold[peer.name] ?? []
      list.push(Math.round((await coldStart(peer.command)).ms))
      peerCold[peer.name] = list
    }
  }
  const npmRuns = []
  for (let i = 0; i < 3; i++) npmRuns.push(await coldStart(npm))
  results.cold = {
    bin: binRuns.map((r) => Math.round(r.ms)),
    rebuilding: rebuilding.map((r) => Math.round(r.ms)),
    rebuildingMedian: median(rebuilding.map((r) => r.ms)),
    npm: npmRuns.map((r) => Math.round(r.ms)),
    built: builtRuns.map((r) => Math.round(r.ms)),
    binMedian: median(binRuns.map((r) => r.ms)),
    npmMedian: median(npmRuns.map((r) => r.ms)),
    builtMedian: median(builtRuns.map((r) => r.ms)),
    builtFirst: builtFirst.map((r) => Math.round(r.ms)),
    builtFirstMedian: median(builtFirst.map((r) => r.ms)),
    binRss: median(binRuns.map((r) => r.rssMiB)),
    floorMedian: median(floorRuns.map((r) => r.ms)),
  }
  results.peers = {
    versions,
    names: peerList.map((peer) => peer.name),
    get: peerGet,
    post: peerPost,
    bodyBytes: peerBytes,
    rssAtStart: peerRss,
    cold: peerCold,
    coldMedian: Object.fromEntries(
      Object.entries(peerCold).map(([name, runs]) => [name, median(runs)]),
    ),
  }

  log('In-process msw path')
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'bench/msw-latency.ts', '2000'],
    { cwd: ROOT },
  )
  results.msw = JSON.parse(stdout)

  log('Limits: refusals against requests of the same size class')
  const limits = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'bench/limits.ts', '15'],
    { cwd: ROOT },
  )
  results.limits = JSON.parse(limits.stdout)

  const out = fileURLToPath(new URL('./RESULTS.md', import.meta.url))
  // Other scripts' sections (bench/bundles.ts) are kept.
  writeFileSync(out, keepSections(out, render(results)))
  log(`Wrote ${out}`)

  log('Validating proxies: ours and Prism’s in front of the same upstream')
  await benchProxy({ seconds, runs, connections })

  log('check against serve --latency 50: one check at a time and the default concurrency')
  await benchCheckLatency(runs)
}

if (!existsSync(WRK)) {
  process.stderr.write(
    `wrk not found at ${WRK}: install it (Debian/Ubuntu: sudo apt-get install wrk) or set WRK.\n`,
  )
  process.exit(1)
}
await main()

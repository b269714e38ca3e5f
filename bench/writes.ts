import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { Aggregate } from './lib/aggregate.ts'
import { type Child, cpuMsOf, startChild } from './lib/child.ts'
import { BENCH_KEY, POST_KEY } from './lib/filler.ts'
import { auth, compareRuns, json, log, POST_BODY, type Scenario } from './lib/loads.ts'
import { table } from './lib/markdown.ts'
import { startStore } from './lib/stores.ts'
import { FLOOR } from './report.ts'

/**
 * `npm run bench:writes [-- --baseline DIR]`: only the write and memory rows of `npm run bench`
 * (POST /forms against the floor, its target, and the bare server; PATCH at 20 and 100,000
 * records, RSS settled at 100,000), in a few minutes instead of fifteen. With `--baseline`, the
 * same server file of another checkout (e.g. main) runs in the same interleaved runs, so a change
 * is judged as a ratio from one run. Besides req/s it reports each server's CPU per request from
 * /proc (steadier than req/s when the machine is shared). With PROFILE_DIR=dir, every server runs
 * under `--cpu-prof` and leaves dir/<server>-<n>.cpuprofile (bench/lib/child.ts): the mock and its
 * floor under the same load, to compare per function. Prints markdown; RESULTS.md is left alone.
 */
const { values } = parseArgs({ options: { baseline: { type: 'string' } } })
const settings = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  runs: Number(process.env.BENCH_RUNS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
}
const SERVER = '../servers/mock-server.ts'
const baseline = values.baseline
  ? resolve(values.baseline, 'bench', 'servers', 'mock-server.ts')
  : undefined

/** compareRuns plus each server's CPU per request over those runs (only one is loaded at a time). */
const compare = async (scenario: Scenario, servers: Record<string, Child>) => {
  const before = Object.fromEntries(
    Object.entries(servers).map(([n, c]) => [n, cpuMsOf(c.child.pid as number)]),
  )
  const result = await compareRuns(scenario, servers, settings)
  const cpu: Record<string, number> = {}
  for (const [name, child] of Object.entries(servers)) {
    const requests = (result[name] as Aggregate).requests
    cpu[name] = ((cpuMsOf(child.child.pid as number) - (before[name] ?? 0)) * 1000) / requests
  }
  return { result, cpu }
}

const runsTable = (
  title: string,
  runs: Awaited<ReturnType<typeof compare>>,
  reference: string,
): string => {
  const ref = runs.result[reference] as Aggregate
  const rows = Object.entries(runs.result).map(([name, r]) => [
    name,
    String(Math.round(r.rps)),
    `${(r.rps / ref.rps).toFixed(2)}×`,
    `${r.p99} ms`,
    `${(r.p99 / ref.p99).toFixed(2)}×`,
    `${Math.round(runs.cpu[name] ?? 0)} µs`,
    r.runs.join(', '),
  ])
  const columns: Parameters<typeof table>[0] = [
    ['server', '---'],
    ['req/s', '--:'],
    ['ratio', '--:'],
    ['p99', '--:'],
    ['p99 ratio', '--:'],
    ['CPU per request', '--:'],
    ['runs (req/s)', '---'],
  ]
  return [`### ${title} (ratios to ${reference})`, '', table(columns, rows), ''].join('\n')
}

const main = async () => {
  const out: string[] = [`## Writes and memory (${JSON.stringify(settings)})`, '']
  const mocks: Record<string, Child> = { mock: await startStore(20, SERVER) }
  if (baseline) mocks.baseline = await startStore(20, baseline)
  const mock = mocks.mock as Child
  const text = async (path: string, headers: Record<string, string>, init: RequestInit = {}) =>
    (await fetch(`${mock.info.url}/api/v1${path}`, { headers, ...init })).text()
  const dir = mkdtempSync(join(tmpdir(), 'engagement-bench-'))
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'bodies.json')
  writeFileSync(
    file,
    JSON.stringify({
      forms: await text('/forms', auth(BENCH_KEY)),
      sessions: await text('/sessions', auth(BENCH_KEY)),
      unauthorized: await text('/forms', {}),
      created: await text(
        '/forms',
        { ...auth(POST_KEY), ...json },
        { method: 'POST', body: POST_BODY },
      ),
    }),
  )
  const bare = await startChild('../servers/bare-server.ts', [file, 'stringify'])
  const floor = await startChild('../servers/floor-server.ts', [file])
  log('POST /forms: the mock against the floor (its target) and the bare server')
  out.push(
    runsTable(
      'POST /forms',
      await compare('POST /forms', { ...mocks, [FLOOR]: floor, 'bare stringify': bare }),
      FLOOR,
    ),
  )
  for (const child of [...Object.values(mocks), floor, bare]) await child.stop()

  log('PATCH /forms/{id} and RSS at 20 and 100,000 records')
  const stores: Record<string, Child> = {}
  for (const [name, file] of [['mock', SERVER], ...(baseline ? [['baseline', baseline]] : [])]) {
    for (const records of [20, 100_000])
      stores[`${name} ${records}`] = await startStore(records, file as string)
  }
  const rss = Object.fromEntries(Object.entries(stores).map(([n, c]) => [n, c.rssMiB()]))
  out.push(runsTable('PATCH /forms/{id}', await compare('PATCH /forms/{id}', stores), 'mock 20'))
  const memoryRows = Object.entries(stores).map(([name, child]) => [
    name,
    `${Math.round(rss[name] ?? 0)} MiB`,
    `${Math.round(Number(child.info.peakRssMiB))} MiB`,
    `${Math.round(Number(child.info.importMs))} ms`,
  ])
  const memoryColumns: Parameters<typeof table>[0] = [
    ['server', '---'],
    ['RSS settled', '--:'],
    ['RSS right after import', '--:'],
    ['import', '--:'],
  ]
  out.push('### Memory', '', table(memoryColumns, memoryRows))
  for (const child of Object.values(stores)) await child.stop()
  process.stdout.write(`${out.join('\n')}\n`)
}

await main()

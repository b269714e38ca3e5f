import { spawn } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { createMock } from '../mock/create.ts'
import { COMPACT_AT, keepState } from '../mock/http/state/keeper.ts'
import type { Aggregate } from './lib/aggregate.ts'
import { type Child, cpuMsOf, ROOT, rssOf, startChild } from './lib/child.ts'
import { fillerState, POST_KEY } from './lib/filler.ts'
import { auth, compareRuns, json, log, POST_BODY } from './lib/loads.ts'
import { table } from './lib/markdown.ts'
import { startStore } from './lib/stores.ts'
import { writeSection } from './sections.ts'

/**
 * `npm run bench:journal`: what `serve --state` costs, written as the "State kept on disk" section
 * of bench/RESULTS.md.
 * 1. POST /forms with and without the journal, interleaved runs of the same server file
 *    (bench/servers/mock-server.ts, `--keep`), at 20 and 100,000 records: req/s, p99 and CPU per
 *    request as ratios, the journal's largest size and the compactions seen during the runs.
 * 2. In process at 100,000 records: the journal grown to its bound, a compaction (its time and
 *    the longest the event loop waited meanwhile), and a start replaying it against a start
 *    from the state file alone.
 * 3. Memory under churn: 80,000 create + delete cycles against `serve --state` (the command),
 *    its RSS sampled every 5,000 cycles.
 */
const settings = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  runs: Number(process.env.BENCH_RUNS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 10),
}
const CYCLES = Number(process.env.BENCH_CYCLES ?? 80_000)
/** Which parts run (post, scale, churn), e.g. BENCH_PARTS=churn; all by default. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'post,scale,churn').split(','))
const SERVER = '../servers/mock-server.ts'
const dirs: string[] = []
process.on('exit', () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engagement-bench-journal-'))
  dirs.push(dir)
  return dir
}
const mib = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MiB`

/** The bench server holding `records` forms, its state file kept as `serve --state` keeps it. */
const startKept = async (records: number) => {
  const file = join(tempDir(), 'state.json')
  writeFileSync(file, JSON.stringify(fillerState(Math.max(0, records - 20), 1000)))
  const child = await startChild(SERVER, [file, '--keep'])
  return { child, file, journal: `${file}.journal` }
}

/** The journal's size every 50 ms: its largest, and how often it shrank (a compaction). */
const watchJournal = (path: string) => {
  let largest = 0
  let last = 0
  let compactions = 0
  const timer = setInterval(() => {
    const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0
    if (size < last) compactions += 1
    largest = Math.max(largest, size)
    last = size
  }, 50)
  return () => {
    clearInterval(timer)
    return { largest, compactions }
  }
}

const postCost = async (records: number) => {
  log(`POST /forms at ${records} records, with and without --state`)
  const plain = await startStore(records)
  const kept = await startKept(records)
  const servers: Record<string, Child> = { 'no --state': plain, '--state': kept.child }
  const before = Object.fromEntries(
    Object.entries(servers).map(([name, c]) => [name, cpuMsOf(c.child.pid as number)]),
  )
  const watch = watchJournal(kept.journal)
  const result = await compareRuns('POST /forms', servers, settings)
  const journal = watch()
  const cpu = Object.fromEntries(
    Object.entries(servers).map(([name, c]) => [
      name,
      ((cpuMsOf(c.child.pid as number) - (before[name] ?? 0)) * 1000) /
        (result[name] as Aggregate).requests,
    ]),
  )
  const stateBytes = statSync(kept.file).size
  await plain.stop()
  await kept.child.stop()
  const off = result['no --state'] as Aggregate
  const on = result['--state'] as Aggregate
  return {
    records,
    off,
    on,
    cpuOff: cpu['no --state'] ?? 0,
    cpuOn: cpu['--state'] ?? 0,
    journal,
    stateBytes,
  }
}

const post = (mock: ReturnType<typeof createMock>, key = POST_KEY) =>
  mock.handle({
    method: 'POST',
    path: '/forms',
    headers: { ...lower(auth(key)), ...lower(json) },
    body: POST_BODY,
  })
const lower = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))

/** In process at 100,000 records: the journal at its bound, a compaction, a start replaying it. */
const atScale = async () => {
  log('In process at 100,000 records: journal to its bound, a compaction, a replay')
  const dir = tempDir()
  const file = join(dir, 'state.json')
  writeFileSync(file, JSON.stringify(fillerState(100_000 - 20, 1000)))
  const alone = join(tempDir(), 'alone.json')
  copyFileSync(file, alone)
  const mock = createMock({ plan: false, loadOnFirstUse: true })
  await mock.ready
  // No compaction while the journal grows: it is measured on its own below.
  const kept = await keepState(file, mock, {
    compactAt: { minBytes: Number.POSITIVE_INFINITY, stateRatio: 1 },
  })
  const stateBytes = statSync(file).size
  const bound = Math.max(COMPACT_AT.minBytes, COMPACT_AT.stateRatio * stateBytes)
  let writes = 0
  const started = performance.now()
  while (statSync(kept.journalPath).size < bound) {
    for (let i = 0; i < 500; i++) {
      const answer = await post(mock)
      if (answer.status !== 201) throw new Error(answer.text)
    }
    writes += 500
    await kept.flush()
  }
  const growMs = performance.now() - started
  const journalBytes = statSync(kept.journalPath).size

  // Copied now: a start after a crash at the bound, before any compaction.
  const crashed = join(tempDir(), 'crashed.json')
  copyFileSync(file, crashed)
  copyFileSync(kept.journalPath, `${crashed}.journal`)

  const delay = monitorEventLoopDelay({ resolution: 1 })
  // Writes go on during the compaction: an answer waits for whatever holds the event loop.
  let during = 0
  let serving = true
  const load = (async () => {
    while (serving) {
      await post(mock)
      during += 1
      await sleep(1)
    }
  })()
  delay.enable()
  const compactStarted = performance.now()
  const compacted = await kept.compact()
  const compactMs = performance.now() - compactStarted
  delay.disable()
  serving = false
  await load
  if (!compacted) throw new Error('the compaction failed')

  // Each start in a process of its own (the bench server, as `serve --state` loads): this one
  // still holds its ~190,000 records, whose collections slowed any import made beside them.
  const startOf = async (args: string[]) => {
    const child = await startChild(SERVER, args)
    await child.stop()
    return Number(child.info.importMs)
  }
  const importMs = await startOf([alone])
  const replayMs = await startOf([crashed, '--keep'])
  return {
    stateBytes,
    bound,
    writes,
    growMs,
    journalBytes,
    compactMs,
    maxDelayMs: delay.max / 1e6,
    writesDuring: during,
    importMs,
    replayMs,
  }
}

/**
 * 80,000 create + delete cycles against `serve` (with `--state` or without), 8 clients, its RSS
 * every 5,000 cycles. Every create reserves its identifiers for good (an id is never handed out
 * twice), so the store itself grows a little per cycle; the run without `--state` shows how much.
 */
const churn = async (withState: boolean) => {
  log(
    `Memory under churn: ${CYCLES} create + delete cycles against serve ${withState ? '--state' : 'alone'}`,
  )
  const file = join(tempDir(), 'churn.json')
  const child = spawn(
    process.execPath,
    [
      resolve(ROOT, 'mock/cli/bin.cjs'),
      'serve',
      '--port',
      '0',
      ...(withState ? ['--state', file] : []),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const origin = await new Promise<string>((done, fail) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
      const found = out.match(/API root {5}(http:\/\/\S+)\/api\/v1/)
      if (found) done(found[1] as string)
    })
    child.once('exit', (code) => fail(new Error(`serve exited with ${code}:\n${out}`)))
  })
  const headers = { authorization: 'Bearer acme-demo-key', 'content-type': 'application/json' }
  const samples: { cycles: number; rss: number; journal: number }[] = []
  let started = 0
  let done = 0
  const client = async () => {
    while (started < CYCLES) {
      started += 1
      const created = await fetch(`${origin}/api/v1/forms`, {
        method: 'POST',
        headers,
        body: POST_BODY,
      })
      const { form } = (await created.json()) as { form: { id: string } }
      const deleted = await fetch(`${origin}/api/v1/forms/${form.id}`, {
        method: 'DELETE',
        headers,
      })
      if (deleted.status !== 200) throw new Error(`DELETE answered ${deleted.status}`)
      await deleted.arrayBuffer()
      done += 1
      if (done % 5_000 === 0) {
        samples.push({
          cycles: done,
          rss: rssOf(child.pid as number),
          journal: withState ? statSync(`${file}.journal`).size : 0,
        })
      }
    }
  }
  const began = performance.now()
  await Promise.all(Array.from({ length: 8 }, client))
  const seconds = (performance.now() - began) / 1000
  child.kill('SIGTERM')
  await new Promise((done) => child.once('exit', done))
  return { samples, seconds }
}

const ratio = (on: number, off: number) => `${(on / off).toFixed(2)}×`

const postSection = (posts: Awaited<ReturnType<typeof postCost>>[]) => [
  '### What the journal costs a POST /forms',
  '',
  'Each POST also grows the store, so the state file (and the bound) grows during the runs. On a ' +
    'shared machine req/s and p99 swing from run to run; CPU per POST (from /proc, over all runs) ' +
    'is the steadier figure.',
  '',
  table(
    [
      ['records', '--:'],
      ['req/s without / with', '--:'],
      ['ratio', '--:'],
      ['p99 without / with', '--:'],
      ['p99 ratio', '--:'],
      ['CPU per POST without / with', '--:'],
      ['CPU ratio', '--:'],
      ['journal at its largest during the runs', '---'],
    ],
    posts.map((p) => [
      p.records.toLocaleString('en'),
      `${Math.round(p.off.rps)} / ${Math.round(p.on.rps)}`,
      ratio(p.on.rps, p.off.rps),
      `${p.off.p99} / ${p.on.p99} ms`,
      ratio(p.on.p99, p.off.p99),
      `${Math.round(p.cpuOff)} / ${Math.round(p.cpuOn)} µs`,
      ratio(p.cpuOn, p.cpuOff),
      `${mib(p.journal.largest)} (state file ${mib(p.stateBytes)} at the end), ${p.journal.compactions} compactions`,
    ]),
  ),
  '',
]

const scaleSection = (scale: Awaited<ReturnType<typeof atScale>>) => [
  '### At 100,000 records (in process; each start in a process of its own)',
  '',
  `- The journal is compacted once it outgrows ${mib(scale.bound)} (the state file is ${mib(scale.stateBytes)}): ` +
    `${scale.writes.toLocaleString('en')} POSTs of three-field forms (${(scale.journalBytes / scale.writes).toFixed(0)} bytes each in the journal) reached it in ${(scale.growMs / 1000).toFixed(1)} s. ` +
    'Between that check and the end of a compaction the journal also holds what is written meanwhile.',
  `- A compaction there took ${(scale.compactMs / 1000).toFixed(2)} s while ${scale.writesDuring} writes were answered; the event loop (every answer) waited at most ${scale.maxDelayMs.toFixed(1)} ms at a time.`,
  `- A start from the state file alone took ${(scale.importMs / 1000).toFixed(2)} s; from the state file and a journal at the bound (a crash just before a compaction), ${(scale.replayMs / 1000).toFixed(2)} s.`,
  '',
]

const churnSection = (runs: { withState: boolean; run: Awaited<ReturnType<typeof churn>> }[]) => {
  const secondHalf = ({ run }: (typeof runs)[number]) => {
    const half = run.samples.filter((sample) => sample.cycles > CYCLES / 2)
    const first = half[0]
    const last = half.at(-1)
    return first && last
      ? `${Math.round(first.rss)} → ${Math.round(last.rss)} MiB (${first.cycles.toLocaleString('en')} → ${last.cycles.toLocaleString('en')} cycles)`
      : '–'
  }
  const cycles = runs[0]?.run.samples.map((sample) => sample.cycles) ?? []
  return [
    `### Memory under churn (${CYCLES.toLocaleString('en')} create + delete cycles of a three-field form, 8 clients)`,
    '',
    ...runs.map(
      (r) =>
        `- \`serve${r.withState ? ' --state' : ''}\`: RSS over the second half ${secondHalf(r)}; ${r.run.seconds.toFixed(0)} s in all.`,
    ),
    '',
    table(
      [
        ['cycles', '--:'],
        ...runs.map((r): Parameters<typeof table>[0][number] => [
          `RSS${r.withState ? ' with --state' : ' without'}`,
          '--:',
        ]),
        ['journal', '--:'],
      ],
      cycles.map((count, i) => [
        count.toLocaleString('en'),
        ...runs.map((r) => `${Math.round(r.run.samples[i]?.rss ?? Number.NaN)} MiB`),
        mib(runs.find((r) => r.withState)?.run.samples[i]?.journal ?? 0),
      ]),
    ),
    '',
  ]
}

const main = async () => {
  const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ')} at the start, Node ${process.version}`
  const lines = [
    '## State kept on disk (`serve --state`)',
    '',
    `\`npm run bench:journal\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${machine}. ` +
      `wrk ${JSON.stringify(settings)}, runs of the two servers interleaved; the same server file ` +
      '(bench/servers/mock-server.ts) with its state file only read, or kept (`--keep`: every change ' +
      'journalled, gathered 50 ms, one write and one fdatasync per batch, compacted past ' +
      `max(${mib(COMPACT_AT.minBytes)}, the state file)).`,
    '',
  ]
  if (PARTS.has('post')) lines.push(...postSection([await postCost(20), await postCost(100_000)]))
  if (PARTS.has('scale')) lines.push(...scaleSection(await atScale()))
  if (PARTS.has('churn')) {
    const runs = []
    for (const withState of [false, true]) runs.push({ withState, run: await churn(withState) })
    lines.push(...churnSection(runs))
  }
  const markdown = lines.join('\n')
  // A partial run (BENCH_PARTS) is printed only: the section holds every part of one run.
  if (PARTS.size < 3) {
    process.stdout.write(`${markdown}\n`)
    return
  }
  const out = resolve(ROOT, 'bench/RESULTS.md')
  writeSection(out, 'shared-mock', markdown)
  process.stdout.write(`${markdown}\nWrote the "State kept on disk" section of ${out}\n`)
}

await main()

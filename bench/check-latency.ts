import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ACME_KEY, GLOBEX_KEY } from '../fixtures/organizations.ts'
import { DEFAULTS } from '../mock/conformance/engine/env.ts'
import { type Child, ROOT, startCommand } from './lib/child.ts'
import { freePort } from './lib/cold-start.ts'
import { log } from './lib/loads.ts'
import { table } from './lib/markdown.ts'
import { median } from './lib/stats.ts'
import { writeSection } from './sections.ts'

/**
 * `check` against a late deployment: `serve --latency 50` on loopback (a deployment in another
 * region), a full `check` at `--concurrency 1` and at the default, each against a fresh server, as a
 * user runs them (the CLI's wall time, start included). Beside them the floor no concurrency goes
 * under: the longest chain of requests one check must send in order (read from the report, per
 * check) × the latency. Writes the `check-latency` section of bench/RESULTS.md.
 */

const LATENCY_MS = 50
const BIN = join(ROOT, 'mock', 'cli', 'bin.cjs')
const KEYS = ['--key', ACME_KEY, '--other-org-key', GLOBEX_KEY, '--no-entitlements-key', GLOBEX_KEY]

/** `check --explore 200`: exploration's runs, in parallel at the default like the checks. */
const EXPLORE = ['--explore', '200', '--explore-seed', '20261124']

interface CheckRun {
  wallMs: number
  /** Exploration's divergences, when it explored. */
  divergences?: number
  exitCode: number
  requests: number
  cleanupRequests: number
  longestChain: number
  longestCheck: string
}

const serve = async (): Promise<Child> => {
  const port = await freePort()
  const command = [
    process.execPath,
    BIN,
    'serve',
    '--port',
    String(port),
    '--latency',
    String(LATENCY_MS),
  ]
  return startCommand(command, port, {
    path: '/api/v1/forms',
    headers: { authorization: `Bearer ${ACME_KEY}` },
  })
}

/** One full `check` at `concurrency` against a fresh `serve --latency 50`. */
const checkOnce = async (concurrency: number, extra: string[] = []): Promise<CheckRun> => {
  const server = await serve()
  const reports = mkdtempSync(join(tmpdir(), 'engagement-bench-check-'))
  try {
    const args = [BIN, 'check', `${server.info.url}/api/v1`, ...KEYS]
    const started = performance.now()
    const exitCode = await new Promise<number>((done) => {
      const child = execFile(
        process.execPath,
        [...args, ...extra, '--concurrency', String(concurrency), '--report-dir', reports],
        { cwd: ROOT },
      )
      child.once('exit', (code) => done(code ?? -1))
    })
    const wallMs = performance.now() - started
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8')) as {
      run: { requests: number; cleanupRequests?: number }
      checks: { name: string; requests: number }[]
      exploration?: { divergences: unknown[] }
    }
    // The longest chain: the most requests one check sent, each after the answer to the last.
    const longest = report.checks.reduce((a, b) => (b.requests > a.requests ? b : a))
    return {
      wallMs,
      ...(report.exploration ? { divergences: report.exploration.divergences.length } : {}),
      exitCode,
      requests: report.run.requests,
      cleanupRequests: report.run.cleanupRequests ?? 0,
      longestChain: longest.requests,
      longestCheck: longest.name,
    }
  } finally {
    rmSync(reports, { recursive: true, force: true })
    await server.stop()
  }
}

export interface CheckLatencyFigures {
  runs: number
  load: { before: number; after: number }
  byConcurrency: { concurrency: number; runs: CheckRun[] }[]
  /** One `check --explore 200` at 1 and at the default (each takes minutes at 1). */
  explored: { concurrency: number; run: CheckRun }[]
}

export const measureCheckLatency = async (runs: number): Promise<CheckLatencyFigures> => {
  const before = loadavg()[0] ?? 0
  const byConcurrency: CheckLatencyFigures['byConcurrency'] = []
  for (const concurrency of [1, DEFAULTS.concurrency]) {
    const done: CheckRun[] = []
    for (let run = 0; run < runs; run += 1) {
      log(
        `check against serve --latency ${LATENCY_MS}, --concurrency ${concurrency}, run ${run + 1}`,
      )
      done.push(await checkOnce(concurrency))
    }
    byConcurrency.push({ concurrency, runs: done })
  }
  const explored: CheckLatencyFigures['explored'] = []
  for (const concurrency of [1, DEFAULTS.concurrency]) {
    log(
      `check ${EXPLORE.join(' ')} against serve --latency ${LATENCY_MS}, --concurrency ${concurrency}`,
    )
    explored.push({ concurrency, run: await checkOnce(concurrency, EXPLORE) })
  }
  return { runs, load: { before, after: loadavg()[0] ?? 0 }, byConcurrency, explored }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

export const renderCheckLatency = (figures: CheckLatencyFigures): string => {
  const rows = figures.byConcurrency.map(({ concurrency, runs }) => {
    const first = runs[0] as CheckRun
    const chain = Math.max(...runs.map((r) => r.longestChain))
    return [
      concurrency === DEFAULTS.concurrency ? `${concurrency} (the default)` : String(concurrency),
      seconds(median(runs.map((r) => r.wallMs))),
      `${first.requests} + ${first.cleanupRequests} clean-up`,
      `${chain} × ${LATENCY_MS} ms = ${chain * LATENCY_MS} ms`,
      runs.map((r) => r.exitCode).join(', '),
    ]
  })
  const longest = figures.byConcurrency[0]?.runs[0]?.longestCheck ?? ''
  const one = figures.explored[0]?.run.wallMs ?? Number.NaN
  const exploreRows = figures.explored.map(({ concurrency, run }) => [
    concurrency === DEFAULTS.concurrency ? `${concurrency} (the default)` : String(concurrency),
    seconds(run.wallMs),
    `${Math.round((run.wallMs / one) * 100)} %`,
    `${run.requests} + ${run.cleanupRequests} clean-up`,
    String(run.divergences ?? '—'),
    String(run.exitCode),
  ])
  return [
    '## check against a late deployment',
    '',
    `\`engagement-mock check\` (the CLI's wall time, its start included; median of ${figures.runs}) against \`serve --latency ${LATENCY_MS}\` on loopback, a fresh server each run. The floor: the longest chain of requests one check sends in order (read per check from conformance.json; "${longest}") × ${LATENCY_MS} ms; no concurrency goes under it. The goal: the default within 5 s. Load average (1 min) ${figures.load.before.toFixed(1)} before, ${figures.load.after.toFixed(1)} after, on ${availableParallelism()} cores: above that, other work shared them.`,
    '',
    table(
      [
        ['--concurrency', '---'],
        ['Wall time', '--:'],
        ['Requests', '--:'],
        ['Longest chain × latency', '--:'],
        ['Exit', '--:'],
      ],
      rows,
    ),
    '',
    `The same with exploration, \`check ${EXPLORE.join(' ')}\` (the catalog, then 200 runs, as many at once as checks; one run each). The goal: the default within 25 % of one at a time, with no divergence.`,
    '',
    table(
      [
        ['--concurrency', '---'],
        ['Wall time', '--:'],
        ['Of one at a time', '--:'],
        ['Requests', '--:'],
        ['Divergences', '--:'],
        ['Exit', '--:'],
      ],
      exploreRows,
    ),
  ].join('\n')
}

/** Measures and writes the section; `npm run bench` calls it after its own sections. */
export const benchCheckLatency = async (runs: number): Promise<void> => {
  const figures = await measureCheckLatency(runs)
  const out = fileURLToPath(new URL('./RESULTS.md', import.meta.url))
  writeSection(out, 'check-latency', renderCheckLatency(figures))
  log(`Wrote the check-latency section of ${out}`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  await benchCheckLatency(Number(process.env.BENCH_RUNS ?? 3))
}

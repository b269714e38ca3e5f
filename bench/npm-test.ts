/**
 * `npm run bench:test`: how long `npm test` takes and where the time goes. Runs its steps as
 * `npm test` does (typecheck, lint, then one vitest run of its projects) and measures each:
 * wall time, and CPU time of the step's whole process tree (user + system, from the kernel's count
 * of waited-for children, Linux). The vitest step also reports each file (bench/npm-test-reporter.ts):
 * per project its files, tests, the span from its first file's start to its last file's end, and
 * the longest files. Writes the "npm test" section of bench/RESULTS.md.
 * Knob: VITEST_MAX_WORKERS (vitest's own) to compare worker counts on the same machine.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FileTiming } from './npm-test-reporter.ts'
import { writeSection } from './sections.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const BIN = join(ROOT, 'node_modules', '.bin')

/** CPU seconds (user, system) of this process's waited-for children, from /proc/self/stat. */
const childrenCpu = (): { user: number; system: number } => {
  const stat = readFileSync('/proc/self/stat', 'utf8')
  // Fields after the command name (which may hold spaces) start at field 3; cutime is 16, cstime 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = 100 // USER_HZ, 100 on Linux
  return { user: Number(fields[13]) / ticks, system: Number(fields[14]) / ticks }
}

interface Step {
  name: string
  wallS: number
  cpuS: number
  status: number | null
}

const step = (name: string, command: string, args: string[], env = process.env): Step => {
  const before = childrenCpu()
  const started = performance.now()
  const run = spawnSync(command, args, { cwd: ROOT, env, stdio: 'inherit' })
  const wallS = (performance.now() - started) / 1000
  const after = childrenCpu()
  const cpuS = after.user - before.user + (after.system - before.system)
  return { name, wallS, cpuS, status: run.status }
}

const timings = mkdtempSync(join(tmpdir(), 'engagement-mock-npm-test-'))
const timingsFile = join(timings, 'files.json')
const loadBefore = loadavg()[0] ?? 0
// As `npm test`: the conformance suite against its own mock, whatever the shell has set.
const { CONTRACT_BASE_URL: _target, ...inherited } = process.env
const vitestEnv = { ...inherited, NPM_TEST_TIMINGS: timingsFile }
const steps = [
  // The script itself, so the bench measures what `npm test` runs (three tsc programs side by side).
  step('typecheck (npm run typecheck)', 'npm', ['run', '--silent', 'typecheck']),
  step('lint (biome check .)', join(BIN, 'biome'), ['check', '.']),
  step(
    'vitest run (every project)',
    join(BIN, 'vitest'),
    ['run', '--reporter=default', `--reporter=${join(ROOT, 'bench', 'npm-test-reporter.ts')}`],
    vitestEnv,
  ),
]
const loadAfter = loadavg()[0] ?? 0
const files = JSON.parse(readFileSync(timingsFile, 'utf8')) as FileTiming[]
rmSync(timings, { recursive: true, force: true })

const s = (seconds: number) => `${seconds.toFixed(1)} s`
const projects = [...new Set(files.map((f) => f.project))].sort()
const perProject = projects.map((project) => {
  const own = files.filter((f) => f.project === project)
  const sum = (key: 'passed' | 'failed' | 'skipped') => own.reduce((n, f) => n + f[key], 0)
  const first = Math.min(...own.map((f) => f.startMs))
  const last = Math.max(...own.map((f) => f.endMs))
  const busy = own.reduce((n, f) => n + (f.endMs - f.startMs), 0)
  return `| ${project} | ${own.length} | ${sum('passed')} | ${sum('failed')} | ${sum('skipped')} | ${s((last - first) / 1000)} | ${s(busy / 1000)} |`
})
const longest = [...files]
  .sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs))
  .slice(0, 12)
  .map((f) => `| ${f.file} | ${f.project} | ${s((f.endMs - f.startMs) / 1000)} |`)
const total = steps.reduce((n, x) => n + x.wallS, 0)
const totalCpu = steps.reduce((n, x) => n + x.cpuS, 0)
const workers =
  process.env.VITEST_MAX_WORKERS ??
  `${availableParallelism() + 1} (vitest.config.ts: the cores and one)`

const markdown = `## npm test

Written by \`npm run bench:test\` (bench/npm-test.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; do not edit by hand. ${availableParallelism()} cores, Node ${process.version}, vitest workers: ${workers}; load average (1 min) ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after. CPU is user + system of each step's process tree. On a shared machine wall time grows with the others' load; CPU much less.

| Step | Wall | CPU | Exit |
|---|--:|--:|--:|
${steps.map((x) => `| ${x.name} | ${s(x.wallS)} | ${s(x.cpuS)} | ${x.status} |`).join('\n')}
| **npm test** | **${s(total)}** | **${s(totalCpu)}** | |

Per project of the vitest run ("span": its first file's start to its last file's end; "files": the sum of its files' own times, set-up and imports included):

| Project | Files | Passed | Failed | Skipped | Span | Sum of files |
|---|--:|--:|--:|--:|--:|--:|
${perProject.join('\n')}

The longest files:

| File | Project | Time |
|---|---|--:|
${longest.join('\n')}
`

const out = join(ROOT, 'bench', 'RESULTS.md')
writeSection(out, 'npm-test', markdown)
process.stdout.write(`${markdown}\nWrote the "npm test" section of ${out}\n`)
process.exitCode = steps.some((x) => x.status !== 0) ? 1 : 0

import { Run } from '../mock/conformance/engine/run-state.ts'
import {
  EXPLORE_DEFAULTS,
  type ExploreResult,
  explore,
} from '../mock/conformance/explore/explore.ts'
import { alternativeDeployment } from '../test/contract-selftest/alternative.ts'
import { RACE_DEVIANTS } from '../test/contract-selftest/deviants-races.ts'
import { PROFILE_DIALECT, SEQUENCE_DEVIANTS } from '../test/contract-selftest/deviants-sequences.ts'
import { FOREIGN_DIALECT, startForeignTarget } from '../test/contract-selftest/foreign.ts'
import { startTarget } from '../test/contract-selftest/harness.ts'
import { mockForms } from '../test/contract-selftest/stored-forms.ts'
import { BENIGN_VARIANTS, oneAtATime } from '../test/contract-selftest/variants.ts'
import { machine } from './lib/machine.ts'

/**
 * `npx tsx bench/explore.ts`: exploration's default bound measured on this machine, and the long
 * no-false-alarm proofs too slow for every `npm test`. For each sequence-only deviant of the
 * self-test and each seed, in front of our mock and in front of the foreign deployment (test/foreign,
 * with its deployment file): the run that found it, the shrunk length, the requests and the time.
 * Then BENCH_EXPLORE_RUNS (1000) runs per seed against the faithful mock, the benign variant and
 * the foreign deployment, and BENCH_VARIANT_RUNS (as many) per seed against each benign variant of
 * variants.ts (BENCH_VARIANT_SLICE=k/n: the k-th of n slices): all must find nothing. `races`: each
 * deployment with a race (deviants-races.ts) and each seed; `foreign-races`: the same races inside
 * the foreign deployment, each seed, then each with a share of 0 (one request at a time), which
 * must find none; `time`: the faithful mock with concurrent steps off (share 0) and at the default
 * share, BENCH_TIME_RUNS (200) runs per seed, for the time a concurrent share costs: wall seconds
 * and this process's CPU seconds (explorer, proxy and mock all run in it, so the CPU figure holds
 * on a machine shared with other work), in all and for the median seed. Knobs:
 * BENCH_EXPLORE_SEEDS (1,2,3), BENCH_EXPLORE_PARTS
 * (deviants,foreign-deviants,proof,foreign,variants,races,foreign-races,time). Prints markdown.
 */
const seeds = (process.env.BENCH_EXPLORE_SEEDS ?? '1,2,3').split(',').map(Number)
const proofRuns = Number(process.env.BENCH_EXPLORE_RUNS ?? 1000)
const variantRuns = Number(process.env.BENCH_VARIANT_RUNS ?? proofRuns)
/** `k/n`: the k-th of n slices of the variants, so the proof can run in n processes at once. */
const [slice, slices] = (process.env.BENCH_VARIANT_SLICE ?? '1/1').split('/').map(Number) as [
  number,
  number,
]
const timeRuns = Number(process.env.BENCH_TIME_RUNS ?? EXPLORE_DEFAULTS.runs)
const parts = new Set(
  (
    process.env.BENCH_EXPLORE_PARTS ??
    'deviants,foreign-deviants,proof,foreign,variants,races,foreign-races,time'
  ).split(','),
)
const target = await startTarget()
const foreign = await startForeignTarget()
const runOnce = async (
  runs: number,
  seed: number,
  concurrentShare: number = EXPLORE_DEFAULTS.concurrentShare,
) => {
  const run = new Run(target.env({ strict: false, maxRequests: 1_000_000 }))
  return explore({
    run,
    runs,
    seed,
    concurrentShare,
    timeLimitMs: Math.max(EXPLORE_DEFAULTS.timeLimitMs, runs * 1_000),
  })
}
const lines = [
  `Machine: ${JSON.stringify(machine())}`,
  '',
  `Default bound: ${EXPLORE_DEFAULTS.runs} runs of at most ${EXPLORE_DEFAULTS.maxSteps} commands.`,
]
const out = (line: string) => {
  lines.push(line)
  process.stderr.write(`${line}\n`)
}
const found = (deviant: string, seed: number, result: ExploreResult) => {
  const divergence = result.divergences[0]
  out(
    `| ${deviant} | ${seed} | ${divergence ? result.runsDone : '**missed**'} | ${divergence?.steps.length ?? '-'} | ${result.requests} | ${(result.durationMs / 1000).toFixed(1)} |`,
  )
}
const nothing = (name: string, seed: number | string, result: ExploreResult, extra = '') =>
  out(
    `| ${name} | ${seed} | ${result.runsDone} | ${result.divergences.length === 0 ? 0 : `**${result.divergences.length}**: ${result.divergences[0]?.summary}`} | ${result.notes.reduce((n, note) => n + note.count, 0)} | ${result.requests} | ${(result.durationMs / 1000).toFixed(1)} |${extra}`,
  )
const deviantHeader = [
  '| Deviant | Seed | Found in run | Shrunk steps | Requests | Seconds |',
  '|---|---|---|---|---|---|',
]
const proofHeader = [
  '| Deployment | Seed | Runs | Divergences | Notes (choices seen) | Requests | Seconds |',
  '|---|---|---|---|---|---|---|',
]

if (parts.has('deviants')) {
  lines.push('', '### Sequence faults in front of our mock', '', ...deviantHeader)
  for (const deviant of SEQUENCE_DEVIANTS) {
    for (const seed of seeds) {
      await target.reset()
      target.proxy.use(deviant.make())
      found(deviant.name, seed, await runOnce(EXPLORE_DEFAULTS.runs, seed))
    }
  }
}
if (parts.has('foreign-deviants')) {
  lines.push('', '### Sequence faults in front of the foreign deployment', '', ...deviantHeader)
  for (const deviant of SEQUENCE_DEVIANTS) {
    for (const seed of seeds) {
      foreign.reset()
      foreign.proxy.use(deviant.make(FOREIGN_DIALECT))
      found(deviant.name, seed, await foreign.explore(EXPLORE_DEFAULTS.runs, seed))
    }
  }
}
if (parts.has('proof')) {
  lines.push('', `### No false alarm: ${proofRuns} runs per seed`, '', ...proofHeader)
  for (const [name, handler] of [
    ['faithful mock', undefined],
    ['benign variant (alternative.ts)', alternativeDeployment],
  ] as const) {
    for (const seed of seeds) {
      await target.reset()
      target.proxy.use(handler)
      nothing(name, seed, await runOnce(proofRuns, seed))
    }
  }
}
if (parts.has('foreign')) {
  if (!parts.has('proof'))
    lines.push('', `### No false alarm: ${proofRuns} runs per seed`, '', ...proofHeader)
  for (const seed of seeds) {
    foreign.reset()
    nothing(
      'foreign deployment (test/foreign), its deployment file',
      seed,
      await foreign.explore(proofRuns, seed),
    )
  }
}
if (parts.has('variants')) {
  lines.push(
    '',
    `### Benign variants of our mock (variants.ts): ${variantRuns} runs each, seeds ${seeds.join(', ')}${slices > 1 ? ` (slice ${slice} of ${slices})` : ''}`,
    '',
    '| Variant | Seed | Runs | Divergences | Notes (choices seen) | Requests | Seconds | Met |',
    '|---|---|---|---|---|---|---|---|',
  )
  for (const [index, variant] of BENIGN_VARIANTS.entries()) {
    if (index % slices !== slice - 1) continue
    for (const seed of seeds) {
      await target.reset()
      let met = 0
      const handler = variant.make(
        () => target.mock.mock,
        () => {
          met += 1
        },
      )
      target.proxy.use(variant.overlaps ? handler : oneAtATime(handler))
      nothing(variant.name, seed, await runOnce(variantRuns, seed), ` ${met} |`)
    }
  }
}
if (parts.has('races')) {
  lines.push('', '### Races in front of our mock (deviants-races.ts)', '', ...deviantHeader)
  for (const deviant of RACE_DEVIANTS) {
    for (const seed of seeds) {
      await target.reset()
      target.proxy.use(
        deviant.make(
          mockForms(() => target.mock.mock),
          PROFILE_DIALECT,
        ),
      )
      found(deviant.name, seed, await runOnce(EXPLORE_DEFAULTS.runs, seed))
    }
  }
}
if (parts.has('foreign-races')) {
  lines.push(
    '',
    '### Races in front of the foreign deployment (deviants-races.ts in its store, its deployment file)',
    '',
    ...deviantHeader,
  )
  // One run at a time, as in front of our mock: the race is inside a concurrent step.
  for (const deviant of RACE_DEVIANTS) {
    for (const seed of seeds) {
      foreign.reset()
      foreign.proxy.use(deviant.make(foreign.forms, FOREIGN_DIALECT))
      found(
        deviant.name,
        seed,
        await foreign.explore(EXPLORE_DEFAULTS.runs, seed, { concurrency: 1 }),
      )
    }
  }
  lines.push(
    '',
    `With a share of 0 (one request at a time), seed ${seeds[0]}: each must find nothing.`,
    '',
    ...proofHeader,
  )
  for (const deviant of RACE_DEVIANTS) {
    foreign.reset()
    foreign.proxy.use(deviant.make(foreign.forms, FOREIGN_DIALECT))
    const seed = seeds[0] ?? 1
    nothing(
      deviant.name,
      seed,
      await foreign.explore(EXPLORE_DEFAULTS.runs, seed, { concurrency: 1, concurrentShare: 0 }),
    )
  }
}
if (parts.has('time')) {
  // CPU seconds of this process (explorer, proxy and mock run in it): what a shared machine's
  // load does not inflate, unlike the wall seconds beside them.
  lines.push(
    '',
    `### What concurrent steps cost: the faithful mock, ${timeRuns} runs per seed`,
    '',
    '| Share of concurrent steps | Seed | Runs | Divergences | Requests | Seconds | CPU seconds |',
    '|---|---|---|---|---|---|---|',
  )
  const shares = [0, EXPLORE_DEFAULTS.concurrentShare]
  const totals = shares.map(() => ({ wall: [] as number[], cpu: [] as number[], requests: 0 }))
  const rows: string[][] = shares.map(() => [])
  // One run of each share unrecorded first, so the JIT's warm-up is charged to neither; then the
  // shares alternate seed by seed, so a busy spell of the machine falls on both alike.
  for (const share of shares) {
    await target.reset()
    await runOnce(Math.ceil(timeRuns / 4), seeds[0] ?? 1, share)
  }
  for (const seed of seeds) {
    for (const [i, share] of shares.entries()) {
      await target.reset()
      const before = process.cpuUsage()
      const result = await runOnce(timeRuns, seed, share)
      const used = process.cpuUsage(before)
      const cpu = (used.user + used.system) / 1e6
      const total = totals[i] as (typeof totals)[number]
      total.wall.push(result.durationMs / 1000)
      total.cpu.push(cpu)
      total.requests += result.requests
      const row = `| ${share} | ${seed} | ${result.runsDone} | ${result.divergences.length} | ${result.requests} | ${(result.durationMs / 1000).toFixed(1)} | ${cpu.toFixed(1)} |`
      rows[i]?.push(row)
      process.stderr.write(`${row}\n`)
    }
  }
  lines.push(...rows.flat())
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const mid = Math.floor(sorted.length / 2)
    return sorted.length % 2 === 1
      ? (sorted[mid] ?? 0)
      : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
  }
  const [off, on] = totals
  if (off && on) {
    const growth = (a: number, b: number) =>
      `${a.toFixed(1)} → ${b.toFixed(1)} (${b >= a ? '+' : ''}${((b / a - 1) * 100).toFixed(0)} %)`
    lines.push(
      '',
      `Share ${shares[1]} against 0, seeds ${seeds.join(',')}: CPU seconds in all ${growth(sum(off.cpu), sum(on.cpu))}, median seed ${growth(median(off.cpu), median(on.cpu))}; wall seconds in all ${growth(sum(off.wall), sum(on.wall))}, median seed ${growth(median(off.wall), median(on.wall))}; requests ${off.requests} → ${on.requests} (${((on.requests / off.requests - 1) * 100).toFixed(0)} %).`,
    )
    process.stderr.write(`${lines.at(-1)}\n`)
  }
}
await foreign.close()
await target.close()
process.stdout.write(`${lines.join('\n')}\n`)

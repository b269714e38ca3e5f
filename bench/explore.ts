import { EXPLORE_DEFAULTS, explore } from '../mock/conformance/explore/explore.ts'
import { Run } from '../mock/conformance/run.ts'
import { alternativeDeployment } from '../test/contract-selftest/alternative.ts'
import { SEQUENCE_DEVIANTS } from '../test/contract-selftest/deviants-sequences.ts'
import { startTarget } from '../test/contract-selftest/harness.ts'
import { machine } from './lib/machine.ts'

/**
 * `npx tsx bench/explore.ts`: exploration's default bound measured on this machine. For each
 * sequence-only deviant of the self-test and each seed: the run that found it, the shrunk length,
 * the requests and the time; then BENCH_EXPLORE_RUNS (1000) runs against the faithful mock and the
 * benign variant, which must find nothing. Knob: BENCH_EXPLORE_SEEDS (1,2,3,4,5). Prints markdown.
 */
const seeds = (process.env.BENCH_EXPLORE_SEEDS ?? '1,2,3,4,5').split(',').map(Number)
const proofRuns = Number(process.env.BENCH_EXPLORE_RUNS ?? 1000)
const target = await startTarget()
const runOnce = async (runs: number, seed: number) => {
  const run = new Run(target.env({ strict: false, maxRequests: 1_000_000 }))
  return explore({ run, runs, seed })
}
const lines = [
  `Machine: ${JSON.stringify(machine())}`,
  '',
  `Default bound: ${EXPLORE_DEFAULTS.runs} runs of at most ${EXPLORE_DEFAULTS.maxSteps} commands.`,
  '',
  '| Deviant | Seed | Found in run | Shrunk steps | Requests | Seconds |',
  '|---|---|---|---|---|---|',
]
for (const deviant of SEQUENCE_DEVIANTS) {
  for (const seed of seeds) {
    await target.reset()
    target.proxy.use(deviant.make())
    const result = await runOnce(EXPLORE_DEFAULTS.runs, seed)
    const found = result.divergences[0]
    lines.push(
      `| ${deviant.name} | ${seed} | ${found ? result.runsDone : '**missed**'} | ${found?.steps.length ?? '-'} | ${result.requests} | ${(result.durationMs / 1000).toFixed(1)} |`,
    )
    process.stderr.write(`${lines.at(-1)}\n`)
  }
}
lines.push('', '| Deployment | Runs | Divergences | Requests | Seconds |', '|---|---|---|---|---|')
for (const [name, handler] of [
  ['faithful mock', undefined],
  ['benign variant (alternative.ts)', alternativeDeployment],
] as const) {
  await target.reset()
  target.proxy.use(handler)
  const result = await runOnce(proofRuns, 1)
  lines.push(
    `| ${name} | ${result.runsDone} | ${result.divergences.length} | ${result.requests} | ${(result.durationMs / 1000).toFixed(1)} |`,
  )
  process.stderr.write(`${lines.at(-1)}\n`)
}
await target.close()
process.stdout.write(`${lines.join('\n')}\n`)

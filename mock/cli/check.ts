import { resolve } from 'node:path'
import { type Command, Option } from 'commander'
import { DeploymentError } from '../conformance/deployment.ts'
import { EXPLORE_DEFAULTS } from '../conformance/explore/defaults.ts'
import { explorationSummary } from '../conformance/explore/report.ts'
import { initDeployment } from '../conformance/init.ts'
import {
  type ConformanceOptions,
  ConformanceOptionsError,
  resolveDeployment,
  runConformance,
} from '../conformance/run-conformance.ts'
import { EXIT, parseHttpUrl, parsePositive, stringOption, UsageError } from './options.ts'
import { createProgress } from './progress.ts'
import { printInit, printSummary } from './report.ts'

interface CheckOptions {
  key?: string
  otherOrgKey?: string
  entitlementsKey?: unknown
  strict?: boolean
  maxRequests?: number
  timeoutMs?: number
  reportDir?: string
  deployment?: string
  init?: string
  explore?: number | true
  exploreSeed?: number
  exploreDivergences?: number
}

/** `--explore [runs]` and its companions as runConformance's `explore`; the lines go to stderr. */
const exploreOption = (options: CheckOptions): Pick<ConformanceOptions, 'explore'> =>
  options.explore === undefined
    ? {}
    : {
        explore: {
          runs: options.explore === true ? EXPLORE_DEFAULTS.runs : options.explore,
          ...(options.exploreSeed === undefined ? {} : { seed: options.exploreSeed }),
          ...(options.exploreDivergences === undefined
            ? {}
            : { maxDivergences: options.exploreDivergences }),
          log: (line) => process.stderr.write(`${line}\n`),
        },
      }

/** A seed is any whole number from 0 up (fast-check's seeds are 32-bit). */
const parseSeed = (raw: string): number => (raw.trim() === '0' ? 0 : parsePositive(raw))

/** Bad options and deployment files are usage errors: exit 2, before any request. */
const usage = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (error) {
    if (error instanceof DeploymentError || error instanceof ConformanceOptionsError) {
      throw new UsageError(error.message)
    }
    throw error
  }
}

const check = async (baseUrl: string, options: CheckOptions): Promise<void> => {
  const key = options.key ?? process.env.CONTRACT_API_KEY
  if (!key) {
    throw new UsageError(
      'Give an API key of an organization holding both entitlements: --key <key> or CONTRACT_API_KEY.',
    )
  }
  const otherOrg = options.otherOrgKey ?? process.env.CONTRACT_API_KEY_OTHER_ORG
  const noEntitlements =
    stringOption(options.entitlementsKey) ?? process.env.CONTRACT_API_KEY_NO_ENTITLEMENTS
  const common: ConformanceOptions = {
    baseUrl,
    key,
    ...(otherOrg ? { otherOrgKey: otherOrg } : {}),
    ...(noEntitlements ? { noEntitlementsKey: noEntitlements } : {}),
    ...(options.strict ? { strict: true } : {}),
    ...(options.maxRequests === undefined ? {} : { maxRequests: options.maxRequests }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...exploreOption(options),
  }
  if (options.init !== undefined) {
    if (options.deployment !== undefined) {
      throw new UsageError(
        '--init writes a deployment file; it cannot also read one (--deployment).',
      )
    }
    const file = options.init
    process.stderr.write(`Probing ${baseUrl} with the profile's requests (at most 40)…\n`)
    const result = await usage(() => initDeployment({ ...common, out: file }))
    printInit(result)
    process.exitCode = result.problem ? EXIT.blocked : EXIT.ok
    return
  }
  // Read before anything is sent: a bad file is refused with its key, and nothing happens.
  const deployment =
    options.deployment === undefined
      ? undefined
      : await usage(() => resolveDeployment(options.deployment))
  const reportDir = resolve(options.reportDir ?? process.env.CONTRACT_REPORT_DIR ?? 'reports')
  process.stderr.write(
    `Checking ${baseUrl} against the contract (${options.strict ? 'strict profile' : 'documented behaviour'}${options.deployment ? `, deployment file ${options.deployment}` : ''})…\n`,
  )
  let progress: ReturnType<typeof createProgress> | undefined
  const result = await usage(() =>
    runConformance({
      ...common,
      ...(deployment ? { deployment } : {}),
      reportDir,
      onCheck: (done, count, total) => {
        progress ??= createProgress(total)
        if (done.state === 'failed') progress.note(`✗ ${done.name}`)
        if (done.state === 'blocked') progress.note(`■ blocked: ${done.name}`)
        progress.step(count, done.name)
      },
    }),
  )
  progress?.end()
  printSummary(result)
  if (result.exploration) {
    process.stdout.write(`Exploration: ${explorationSummary(result.exploration)}.\n`)
  }
  process.exitCode = result.exitCode
}

export const registerCheck = (program: Command): void => {
  program
    .command('check')
    .description(
      'Run the conformance suite against a deployment of the API and report what conforms.',
    )
    .argument(
      '<base-url>',
      'API root of the deployment, e.g. https://staging.example.com/api/v1',
      (raw) => parseHttpUrl(raw),
    )
    .addOption(
      new Option('--key <key>', 'API key of an organization holding both entitlements').env(
        'CONTRACT_API_KEY',
      ),
    )
    .addOption(
      new Option('--other-org-key <key>', 'API key of a second organization (scoping checks)').env(
        'CONTRACT_API_KEY_OTHER_ORG',
      ),
    )
    .addOption(
      new Option(
        '--no-entitlements-key <key>',
        'API key of an organization without entitlements (403 checks)',
      ).env('CONTRACT_API_KEY_NO_ENTITLEMENTS'),
    )
    .option(
      '--deployment <file>',
      'deployment file (.json, or a .mjs/.js/.ts module): how this deployment spells what §4 does not show',
    )
    .option(
      '--init <file>',
      "probe the deployment with the profile's requests (at most 40, marked, cleaned up) and write a starter deployment file",
    )
    .option('--strict', "assert the mock profile's exact choices too (CONTRACT_PROFILE=strict)")
    .option(
      '--max-requests <n>',
      'stop after this many requests (CONTRACT_MAX_REQUESTS)',
      parsePositive,
    )
    .option(
      '--timeout-ms <ms>',
      'per-request time-out (CONTRACT_TIMEOUT_MS; default 10000)',
      parsePositive,
    )
    .option('--report-dir <dir>', 'where the reports go (CONTRACT_REPORT_DIR; default reports/)')
    .option(
      '--explore [runs]',
      `after the catalog, send random sequences of operations to the deployment and to the mock as a model, and report the first divergence shrunk to a curl script (default ${EXPLORE_DEFAULTS.runs} runs)`,
      parsePositive,
    )
    .option('--explore-seed <n>', 'replay the exploration of this seed', parseSeed)
    .option(
      '--explore-divergences <n>',
      'keep exploring until this many divergences are found (default 1)',
      parsePositive,
    )
    .addHelpText(
      'after',
      `
Checks that need a key you did not give are skipped, and say which variable would enable them.
A check is blocked when the deployment refuses a request it needs to set up (e.g. a create body
spelled as our profile spells it): the report names the request, the answer and the deployment
file key that would fix it. Start a deployment file with --init, complete it, pass --deployment.
Reports: conformance.md, conformance.json and contract-junit.xml in the report folder.
--explore prints its request bound before its first request; the bound is added to the default
--max-requests, or held within an explicit one. A divergence is a failure (exit 1), reported with
its seed, the shrunk sequence as a curl script, and the model's answer beside the deployment's.

Exit status:
  0  every check that ran passed (skipped and observed checks aside)
  1  a check failed: the deployment does not conform
  2  usage error: bad option or deployment file (nothing was sent)
  3  could not check: no check failed, but some were blocked, or the deployment
     could not be reached (wrong URL, server down, key refused)

Examples:
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY"
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY" --init deployment.json
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY" --deployment deployment.json
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY" --explore 200
  $ engagement-mock check http://localhost:4010/api/v1 --key acme-demo-key \\
      --other-org-key globex-demo-key --no-entitlements-key globex-demo-key --strict`,
    )
    .action((baseUrl: string, options: CheckOptions) => check(baseUrl, options))
}

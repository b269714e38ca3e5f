import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { type Command, Option } from 'commander'
import { EXPLORE_DEFAULTS } from '../conformance/explore/defaults.ts'
import { EXIT, parseHttpUrl, parsePositive, stringOption, UsageError } from './options.ts'

/** A seed is any whole number from 0 up (fast-check's seeds are 32-bit). */
const parseSeed = (raw: string): number => (raw === '0' ? 0 : parsePositive(raw))

import { packageRoot } from './paths.ts'
import { printSummary } from './report.ts'

interface CheckOptions {
  key?: string
  otherOrgKey?: string
  entitlementsKey?: unknown
  strict?: boolean
  maxRequests?: number
  reportDir?: string
  explore?: number | true
  exploreSeed?: number
  exploreDivergences?: number
}

/** Where the conformance suite's own vitest config may live (the suite owns the name). */
const SUITE_CONFIGS = [
  'test/contract/vitest.config.ts',
  'test/contract/vitest.config.mts',
  'vitest.contract.config.ts',
]

const findSuite = (root: string) => {
  const config = SUITE_CONFIGS.map((name) => join(root, name)).find((path) => existsSync(path))
  let vitest: string | undefined
  try {
    const manifest = createRequire(join(root, 'package.json')).resolve('vitest/package.json')
    vitest = join(dirname(manifest), 'vitest.mjs')
  } catch {
    vitest = undefined
  }
  if (config === undefined || vitest === undefined || !existsSync(vitest)) {
    throw new UsageError(
      'The conformance suite ships with the repository, not the installed package: run ' +
        '`npx engagement-mock check …` (or `npm run contract`) from a clone after `npm install`.',
    )
  }
  return { config, vitest }
}

/** `--explore [runs]` and its companions, as the suite's CONTRACT_EXPLORE* variables. */
const exploreVars = (options: CheckOptions): NodeJS.ProcessEnv => {
  if (options.explore === undefined) return {}
  return {
    CONTRACT_EXPLORE: options.explore === true ? 'default' : String(options.explore),
    ...(options.exploreSeed === undefined
      ? {}
      : { CONTRACT_EXPLORE_SEED: String(options.exploreSeed) }),
    ...(options.exploreDivergences === undefined
      ? {}
      : { CONTRACT_EXPLORE_DIVERGENCES: String(options.exploreDivergences) }),
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
  const root = packageRoot()
  const suite = findSuite(root)
  // Absolute, because the suite runs in the package folder and the caller may be elsewhere.
  const reportDir = resolve(
    options.reportDir ?? process.env.CONTRACT_REPORT_DIR ?? join(root, 'reports'),
  )
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CONTRACT_BASE_URL: baseUrl,
    CONTRACT_API_KEY: key,
    ...(otherOrg ? { CONTRACT_API_KEY_OTHER_ORG: otherOrg } : {}),
    ...(noEntitlements ? { CONTRACT_API_KEY_NO_ENTITLEMENTS: noEntitlements } : {}),
    ...(options.strict ? { CONTRACT_PROFILE: 'strict' } : {}),
    ...(options.maxRequests === undefined
      ? {}
      : { CONTRACT_MAX_REQUESTS: String(options.maxRequests) }),
    CONTRACT_REPORT_DIR: reportDir,
    ...exploreVars(options),
  }
  process.stderr.write(
    `Checking ${baseUrl} against the contract (${options.strict ? 'strict profile' : 'documented behaviour'})…\n`,
  )
  const started = Date.now()
  // The suite's reporter is the progress display: its output goes straight to this terminal.
  const child = spawn(process.execPath, [suite.vitest, 'run', '--config', suite.config], {
    cwd: root,
    env,
    stdio: 'inherit',
  })
  const forward = (signal: NodeJS.Signals) => child.kill(signal)
  process.on('SIGINT', forward)
  process.on('SIGTERM', forward)
  const code = await new Promise<number>((done) =>
    child.on('close', (status, signal) => done(status ?? (signal ? 1 : 0))),
  )
  process.off('SIGINT', forward)
  process.off('SIGTERM', forward)
  const passed = printSummary(reportDir, started)
  process.exitCode = code === 0 && passed !== false ? EXIT.ok : EXIT.failed
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
    .option('--strict', "assert the mock profile's exact choices too (CONTRACT_PROFILE=strict)")
    .option(
      '--max-requests <n>',
      'stop after this many requests (CONTRACT_MAX_REQUESTS)',
      parsePositive,
    )
    .option('--report-dir <dir>', 'where the reports go (CONTRACT_REPORT_DIR; default reports/)')
    .option(
      '--explore [runs]',
      `after the catalog, send random sequences of operations to the deployment and to the mock as a model, and report the first divergence shrunk to a curl script (CONTRACT_EXPLORE; default ${EXPLORE_DEFAULTS.runs} runs)`,
      parsePositive,
    )
    .option(
      '--explore-seed <n>',
      'replay the exploration of this seed (CONTRACT_EXPLORE_SEED)',
      parseSeed,
    )
    .option(
      '--explore-divergences <n>',
      'keep exploring until this many divergences are found (CONTRACT_EXPLORE_DIVERGENCES; default 1)',
      parsePositive,
    )
    .addHelpText(
      'after',
      `
Checks that need a key you did not give are skipped, and say which variable would enable them.
Reports: conformance.md, conformance.json and contract-junit.xml in the report folder.
Exploration (--explore) prints its request bound before its first request; the bound is added to
--max-requests' default, or held within an explicit --max-requests.
Exit status: 0 every check passed, 1 a check failed, 2 usage error.

Examples:
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY"
  $ CONTRACT_API_KEY=… CONTRACT_API_KEY_OTHER_ORG=… engagement-mock check https://staging.example.com/api/v1
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY" --explore 200
  $ engagement-mock check http://localhost:4010/api/v1 --key acme-demo-key \\
      --other-org-key globex-demo-key --no-entitlements-key globex-demo-key --strict`,
    )
    .action((baseUrl: string, options: CheckOptions) => check(baseUrl, options))
}

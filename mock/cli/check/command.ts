import { type Command, Option } from 'commander'
import { DEFAULTS } from '../../conformance/engine/env.ts'
import { RETRY_LIMIT } from '../../conformance/engine/slow-down.ts'
import { EXPLORE_DEFAULTS, MAX_CONCURRENT_SHARE } from '../../conformance/explore/defaults.ts'
import { INIT_REQUESTS } from '../../conformance/init/bound.ts'
import { REPORT_FILES } from '../../report-format/files.ts'
import { parseHttpUrl, parsePositive } from '../shared/options.ts'
import { type CheckOptions, parseConcurrency, parseConcurrentShare } from './options.ts'

/** A seed is any whole number from 0 up (fast-check's seeds are 32-bit). */
const parseSeed = (raw: string): number => (raw.trim() === '0' ? 0 : parsePositive(raw))

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
      `probe the deployment with the profile's requests (${INIT_REQUESTS.typical} requests when everything is accepted; the probe at most ${INIT_REQUESTS.most}, then its clean-up; marked) and write a starter deployment file`,
    )
    .option(
      '--release <date>',
      'the release of the API the deployment runs (§9): a date (the release in force that day) or a ' +
        "release's name; checks of what came later are not in this release and send nothing " +
        '(CONTRACT_RELEASE; wins over the deployment file\'s "release"; default: the latest)',
    )
    .option('--strict', "assert the mock profile's exact choices too (CONTRACT_PROFILE=strict)")
    .option(
      '--max-requests <n>',
      'stop after this many requests (CONTRACT_MAX_REQUESTS): the checks it stops are skipped, ' +
        'never failed, and the run exits 3 unless a check failed before',
      parsePositive,
    )
    .option(
      '--timeout-ms <ms>',
      'per-request time-out (CONTRACT_TIMEOUT_MS; default 10000)',
      parsePositive,
    )
    .option(
      '--concurrency <n>',
      `checks (and exploration runs, at most 16) in flight at once, each sending its requests in order (CONTRACT_CONCURRENCY, or the deployment file's "concurrency"; default ${DEFAULTS.concurrency}; 1 sends one request at a time); the reports are the same whatever it is`,
      parseConcurrency,
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
    .option(
      '--explore-concurrent-share <fraction>',
      `share of exploration's commands that send 2–4 operations at once, judged by linearizability (0 to ${MAX_CONCURRENT_SHARE}; 0 sends one request at a time; default ${EXPLORE_DEFAULTS.concurrentShare})`,
      parseConcurrentShare,
    )
    .addHelpText(
      'after',
      `
Checks that need a key you did not give are skipped, and say which flag (or variable) would enable them.
A check is blocked when the deployment refuses a request it needs to set up (e.g. a create body
spelled as our profile spells it): the report names the request, the answer and the deployment
file key that would fix it. Start a deployment file with --init, complete it, pass --deployment.
Reports: ${REPORT_FILES.join(', ')} in the report folder.
A deployment still on an earlier release (§9: slides arrived on 2026-07-11, series and sponsor
reports on 2026-07-13): --release 2026-07-12 (or "release" in the deployment file). The checks
of what came later are "not in this release": nothing of theirs is sent, and they do not count
against the exit status. --init proposes the release from what the deployment answers.
A deployment that answers 429 or 503 with Retry-After slows the run: fewer requests in flight, the
wait it asks for, then the same request again (at most ${RETRY_LIMIT} times, each counted in --max-requests);
never a failure by itself, and the reports say how often it asked.
--explore prints its request bound before its first request; the bound is added to the default
--max-requests, or held within an explicit one. A divergence is a failure (exit 1), reported with
its seed, the shrunk sequence as a curl script, and the model's answer beside the deployment's.

Exit status:
  0  every check that ran passed (skipped and observed checks aside)
  1  a check failed: the deployment does not conform
  2  usage error: bad option or deployment file, an option that would do nothing here, or a
     --report-dir / --init it cannot write (nothing was sent)
  3  could not check: no check failed, but some were blocked or stopped by
     --max-requests, or the deployment could not be reached (wrong URL, server
     down, key refused), or the run (or exploration) stopped on an error of
     its own: the reports of what ran are still written, naming it

Examples:
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY"
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY" --init deployment.json
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY" --deployment deployment.json
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY" --explore 200
  $ engagement-mock check https://staging.example.com/api/v1 --key "$STAGING_KEY" --release 2026-07-12
  $ engagement-mock check http://localhost:4010/api/v1 --key acme-demo-key \\
      --other-org-key globex-demo-key --no-entitlements-key globex-demo-key --strict`,
    )
    .action(async (baseUrl: string, options: CheckOptions) => {
      // The command's module is its own chunk: `serve` and --help never load the conformance engine.
      const { check } = await import('./action.ts')
      await check(baseUrl, options)
    })
}

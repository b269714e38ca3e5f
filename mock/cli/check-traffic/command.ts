import type { Command } from 'commander'
import { REPORT_FILES } from '../../report-format/files.ts'
import { parseHttpUrl, parsePositive } from '../shared/options.ts'
import { parseReleaseArgument, TRAFFIC_RELEASE_HELP } from '../shared/release-option.ts'
import type { CheckTrafficOptions } from './options.ts'

export const registerCheckTraffic = (program: Command): void => {
  program
    .command('check-traffic')
    .description(
      'Check recorded traffic (a HAR file) against the contract, offline: nothing is sent.',
    )
    .argument(
      '<file.har>',
      "HAR 1.2: Chromium's or Firefox's devtools export, Playwright's recordHar, the proxy's --record",
    )
    .option(
      '--deployment <file>',
      'deployment file: where its inferred operations live, its option spellings and state names',
    )
    .option('--report-dir <dir>', 'where the reports go', 'reports')
    .option(
      '--api-root <url>',
      "the API root the traffic addressed (default: found from the entries' URLs)",
      (raw) => parseHttpUrl(raw),
    )
    .option(
      '--max-body <bytes>',
      'check each body up to this many bytes of UTF-8, as proxy does (default 2097152); longer ones only that far',
      parsePositive,
    )
    .option('--release <date>', TRAFFIC_RELEASE_HELP, parseReleaseArgument)
    .addHelpText(
      'after',
      `
Entries outside the API root are ignored. Each violation and request issue is printed as one line;
the reports hold every one with a curl that repeats its request (the key as $API_KEY).
Reports: ${REPORT_FILES.join(', ')} in the report folder.

With --release, which backend release the app needs (§9: slides arrived on 2026-07-11, series
and sponsor reports on 2026-07-13): every exchange a deployment of that release could not serve
is printed as one line and listed in the reports' own section, with the release the traffic needs.

Exit status:
  0  no violation (and, with --release, every exchange served by that release)
  1  a violation was found, or (--release) an exchange needs a later release
  2  usage error, a file that cannot be read or is not HAR, or one with no answered exchange
     under the API root (with the reason); a --report-dir it cannot write
  3  could not check everything: an entry could not be checked, an error of the checker's own
     (printed and named in every report)

Examples:
  $ engagement-mock check-traffic session.har
  $ engagement-mock check-traffic session.har --deployment deployment.json --report-dir reports/traffic
  $ engagement-mock check-traffic export.har --api-root https://staging.example.com/api/v1
  $ engagement-mock check-traffic session.har --release 2026-07-12   # does it run on that backend?`,
    )
    .action(async (file: string, options: CheckTrafficOptions) => {
      const { checkTraffic } = await import('./action.ts')
      await checkTraffic(file, options)
    })
}

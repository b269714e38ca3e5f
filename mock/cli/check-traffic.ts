import type { Command } from 'commander'
import { parseHttpUrl, parsePositive } from './options.ts'

export interface CheckTrafficOptions {
  deployment?: string
  reportDir: string
  apiRoot?: string
  maxBody?: number
}

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
    .addHelpText(
      'after',
      `
Entries outside the API root are ignored. Each violation and request issue is printed as one line;
the reports hold every one with a curl that repeats its request (the key as $API_KEY).

Exit status:
  0  no violation
  1  a violation was found
  2  usage error, or a file that cannot be read or is not HAR (with the reason)

Examples:
  $ engagement-mock check-traffic session.har
  $ engagement-mock check-traffic session.har --deployment deployment.json --report-dir reports/traffic
  $ engagement-mock check-traffic export.har --api-root https://staging.example.com/api/v1`,
    )
    .action(async (file: string, options: CheckTrafficOptions) => {
      const { checkTraffic } = await import('./check-traffic-run.ts')
      await checkTraffic(file, options)
    })
}

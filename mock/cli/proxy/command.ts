import type { Command } from 'commander'
import { REPORT_FILES } from '../../report-format/files.ts'
import { parseHttpUrl, parsePort, parsePositive } from '../shared/options.ts'
import { parseReleaseArgument, TRAFFIC_RELEASE_HELP } from '../shared/release-option.ts'
import type { ProxyOptions } from './options.ts'

export const registerProxy = (program: Command): void => {
  program
    .command('proxy')
    .description(
      'Forward an app’s requests to a real deployment and check every exchange against the contract, without sending anything of its own.',
    )
    .argument(
      '<upstream-api-root>',
      'API root of the deployment, e.g. https://staging.example.com/api/v1',
      (raw) => parseHttpUrl(raw),
    )
    .option('-p, --port <port>', 'port to listen on; 0 picks a free one', parsePort, 4010)
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option(
      '--deployment <file>',
      'deployment file: where its inferred operations live, its option spellings and state names',
    )
    .option('--errors', 'answer a violating answer with 502 and a JSON body listing the violations')
    .option('--report-dir <dir>', 'where the reports go when the proxy stops', 'reports')
    .option(
      '--record <file.har>',
      'also write every exchange to a new HAR file (secrets left out; an existing file is refused)',
    )
    .option(
      '--max-body <bytes>',
      'check each body up to this many bytes (default 2097152); longer ones only that far',
      parsePositive,
    )
    .option(
      '--timeout-ms <ms>',
      'answer 502 when the deployment has not answered in this long (default 30000)',
      parsePositive,
    )
    .option('--release <date>', TRAFFIC_RELEASE_HELP, parseReleaseArgument)
    .addHelpText(
      'after',
      `
Point your app (or curl) at the proxy's API root instead of the deployment's: requests are
forwarded unchanged and answers come back unchanged, streamed, with the deployment's status and
headers. Each violation is printed as one line as it happens (exchange number, operation, method,
path, status, what is wrong); a request that breaks the reference is printed as a request issue
(the client's problem). Each answer carries x-contract-exchange (its number) and, for what the
request line, its headers and the status alone decide (not the bodies, which pass after the
headers), x-contract-violations / x-contract-request-issues; with --errors every answer is held
until checked, so its headers name all of them and a violating one is a 502.
Paths outside the API root and unknown paths pass through, counted as outside the contract.
No credential is printed, reported or recorded: each Authorization value (and the same value
wherever the deployment echoes it) is written as $API_KEY_1, $API_KEY_2, … one per key, in lines,
curls, reports and the --record HAR (Authorization: Bearer $API_KEY_1).

Ctrl+C (SIGINT) or SIGTERM stops it and writes the reports to the report folder:
${REPORT_FILES.join(', ')}.

With --release, which backend release the app needs (§9): each exchange a deployment of that
release could not serve (an operation or an activity kind that came later) is printed as one line
as it happens, and the reports list them in their own section, with the release the traffic needs.

Exit status (on stop):
  0  no violation (request issues alone are the client's); with --release, every exchange served
  1  a violation was seen, or (--release) an exchange needs a later release
  2  usage error: bad option, deployment file or port, or a --record / --report-dir it cannot
     write (an existing --record file is never replaced)
  3  could not check everything: the proxy met an error of its own (printed, and named in
     every report, which are still written)

Examples:
  $ engagement-mock proxy https://staging.example.com/api/v1
  $ engagement-mock proxy https://staging.example.com/api/v1 --port 8080 --deployment deployment.json
  $ engagement-mock proxy https://staging.example.com/api/v1 --errors --record session.har
  $ engagement-mock proxy https://staging.example.com/api/v1 --release 2026-07-12
  $ curl -H "Authorization: Bearer $API_KEY" http://localhost:4010/api/v1/forms`,
    )
    .action(async (upstream: string, options: ProxyOptions) => {
      const { proxy } = await import('./action.ts')
      await proxy(upstream, options)
    })
}

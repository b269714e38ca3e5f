import type { Command } from 'commander'
import { parseHttpUrl, parsePublicUrl } from '../shared/options.ts'
import type { ImportTrafficOptions } from './options.ts'

export const registerImportTraffic = (program: Command): void => {
  program
    .command('import-traffic')
    .description(
      "Turn recorded traffic (HAR files) into a state the mock loads: every record the API's answers showed, live and editable offline.",
    )
    .argument(
      '<file.har...>',
      "HAR 1.2: Chromium's or Firefox's devtools export, Playwright's recordHar, the proxy's --record",
    )
    .requiredOption('-o, --out <state.json>', 'where to write the state (for serve --scenario)')
    .option(
      '--deployment <file>',
      "deployment file: read the deployment's words (field kinds and configs, activity contents, state names, values) back into the contract's",
    )
    .option(
      '--api-root <url>',
      "the API root the traffic addressed (default: found from each file's entries)",
      (raw) => parseHttpUrl(raw),
    )
    .option(
      '--keep-personal-data',
      "keep respondents' email addresses and free-text answers as recorded (default: deterministic fakes)",
    )
    .option(
      '--public-url <url>',
      'base of the share links written in the state file (default http://localhost:4010); a mock that loads the state answers them on its own public URL',
      (raw) => parsePublicUrl(raw),
    )
    .option('--json', 'print the report as JSON instead of text')
    .addHelpText(
      'after',
      `
Every record the answers showed is kept at its latest version (a list and a read by id merged),
with its ids, join codes and slugs as recorded where the mock can hold them. Each API key of the
traffic is one organization, given a demo key (acme-demo-key for the one with most records, then
globex-demo-key, then generated ones); no recorded key reaches the state or the console. What
respondents submitted (a response's email address and free-text answers) is replaced by
deterministic fakes unless --keep-personal-data; a record's own definition (titles, field configs,
settings, activity contents) is kept as recorded. What cannot be held is left out and counted in
the report.

Exit status:
  0  the state was written
  2  usage error, or a file that cannot be read, is not HAR or holds no exchange of the API
     (with the reason; nothing is written)

Examples:
  $ engagement-mock import-traffic staging.har --out state.json
  $ engagement-mock serve --scenario state.json
  $ engagement-mock import-traffic a.har b.har --deployment deployment.json --out state.json --json
  $ engagement-mock seed http://localhost:4010/api/v1 --key acme-demo-key --from state.json`,
    )
    .action(async (files: string[], options: ImportTrafficOptions) => {
      const { importTraffic } = await import('./action.ts')
      await importTraffic(files, options)
    })
}

import { type Command, Option } from 'commander'
import { CONTROL_TOKEN_ENV } from '../../http/control-access.ts'
import { openPort } from '../../http/open-port.ts'
import {
  parseControlToken,
  parseLatency,
  parsePort,
  parsePublicUrl,
  parseRate,
  parseSeed,
} from '../shared/options.ts'
import type { ServeOptions } from './options.ts'

export const registerServe = (program: Command): void => {
  program
    .command('serve')
    .description(
      'Run the mock API over HTTP, seeded with the demo data (what `npm start` runs). ' +
        'Stops cleanly on Ctrl+C / SIGTERM.',
    )
    .addOption(
      new Option('-p, --port <port>', 'port to listen on; 0 picks a free one')
        .env('PORT')
        .argParser(parsePort)
        .default(4010),
    )
    .option('--host <host>', 'interface to listen on (0.0.0.0 in a container)', '127.0.0.1')
    .option('--seed <n>', 'demo data seed: the same seed gives the same data', parseSeed, 1)
    .option(
      '--public-url <url>',
      'base of the share/join links the mock hands out (default: the address it listens on)',
      parsePublicUrl,
    )
    .option(
      '--state <file>',
      'keep the mock state in this file: loaded at start (if it exists), every change saved ' +
        'within 100 ms (to <file>.journal, folded into the file now and then and on shutdown)',
    )
    .option(
      '--scenario <name|file>',
      'starting data: demo (default), empty (organizations and keys only), large ' +
        '(large:forms=1000,sessions=50 sets counts), or a state file exported from /__mock/state; ' +
        'reset goes back to it, and an existing --state file wins over it',
    )
    .option(
      '--latency <ms>',
      'delay every API answer: fixed (800) or a random range (200-800)',
      parseLatency,
    )
    .option('--fail-rate <share>', 'answer this share of API requests (0-1) with 503', parseRate)
    .addOption(
      new Option(
        '--control-token <token>',
        'required as "Authorization: Bearer <token>" by the control routes (/__mock/*); ' +
          'without it they are open on loopback, and off loopback need a token made for the run ' +
          '(printed at start)',
      )
        .env(CONTROL_TOKEN_ENV)
        .argParser(parseControlToken),
    )
    .option(
      '--release <date>',
      'answer as an earlier release of the API (§9): a date (the release in force that day) or a ' +
        "release's name; later operations are unknown paths, later activity kinds unknown kinds, " +
        'and the demo data, /docs and /openapi.json are that release’s (default: the latest)',
    )
    .addHelpText(
      'after',
      `
Exit status:
  0  stopped by Ctrl+C / SIGTERM after serving (the state saved, with --state)
  1  the server failed while running
  2  usage error: bad option, port in use, or a --scenario / --state file it cannot start
     from (unreadable, not a state, or holding what its --release cannot)

Examples:
  $ engagement-mock serve
  $ engagement-mock serve --port 8080 --seed 7
  $ engagement-mock serve --state .state/mock.json      # keep your changes, even through a crash
  $ engagement-mock serve --scenario empty              # first-run screens: no records
  $ engagement-mock serve --scenario large:forms=2000   # paging and long lists
  $ engagement-mock serve --scenario qa/checkout.json   # a state saved from /__mock/state
  $ engagement-mock serve --latency 200-800 --fail-rate 0.1
  $ engagement-mock serve --release 2026-07-12          # a backend on that day's release
  $ PORT=0 engagement-mock serve                         # any free port; the URL is printed
  $ engagement-mock serve --host 0.0.0.0 --public-url https://mock.example.com
  $ ENGAGEMENT_MOCK_CONTROL_TOKEN=<secret> engagement-mock serve --host 0.0.0.0 \\
      --state /data/mock.json                            # one mock for a team, see docs/usage.md`,
    )
    .action(async (options: ServeOptions) => {
      // The port is opened before the mock is loaded and built: a client that connects meanwhile
      // (a test or script polling for the port) waits for its answer instead of being refused and
      // retrying, and a port in use is known at once. Nothing is answered before the mock can.
      const opened = openPort(options.port, options.host)
      // The command's module is its own chunk: --help and the other commands never load it.
      const { serve } = await import('./action.ts').catch((error: unknown) => {
        opened.close()
        throw error
      })
      await serve(options, opened)
    })
}

import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { type Command, Option } from 'commander'
import type { MockOptions } from '../create.ts'
import type { Scenario } from '../scenarios.ts'
import { importStateFile, loadStateFile, saveStateFile } from '../state-file.ts'
import {
  parseHttpUrl,
  parseLatency,
  parsePort,
  parseRate,
  parseSeed,
  UsageError,
} from './options.ts'

interface ServeOptions {
  port: number
  host: string
  seed: number
  publicUrl?: string
  state?: string
  scenario?: string
  latency?: number | [number, number]
  failRate?: number
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'])

/** Port 0 asks for a free port up front, so the share links can name the port the server gets. */
const freePort = (host: string) =>
  new Promise<number>((done, fail) => {
    const probe = createServer().once('error', fail)
    probe.listen(0, host, () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? done(address.port) : fail()))
    })
  })

/** A scenario name, or the path of a state file exported from `/__mock/state`. */
const scenarioOption = async (text: string | undefined): Promise<Scenario | undefined> => {
  if (text === undefined) return undefined
  const { parseScenarioName } = await import('../scenarios.ts')
  const named = parseScenarioName(text)
  if ('scenario' in named) return named.scenario
  // Not a name: a state file, if one is there.
  const looksLikeName = /^(demo|empty|large)(:|$)/.test(text) || !/[./\\]/.test(text)
  if (looksLikeName) throw new UsageError(`--scenario: ${named.error}`)
  const path = resolve(text)
  const state = await loadStateFile(path)
  if (state === undefined) {
    throw new UsageError(
      `--scenario: no state file at ${path}; ${named.error.replace(/^Unknown[^:]*: /, '')}`,
    )
  }
  return state
}

const serve = async (options: ServeOptions): Promise<void> => {
  // Loaded here, not at the top: --help and usage errors stay quick. The pages (and express)
  // wait for the first request outside the API.
  const [{ createMock }, { startServer }, { banner }] = await Promise.all([
    import('../create.ts'),
    import('../listen.ts'),
    import('./banner.ts'),
  ])
  const port = options.port === 0 ? await freePort(options.host) : options.port
  const shownHost = LOOPBACK.has(options.host) ? 'localhost' : options.host
  const origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`
  const scenario = await scenarioOption(options.scenario)
  const mockOptions: MockOptions = {
    seed: options.seed,
    ...(scenario === undefined ? {} : { scenario }),
    publicUrl: options.publicUrl ?? origin,
    ...(options.latency === undefined ? {} : { latency: options.latency }),
    ...(options.failRate === undefined ? {} : { failRate: options.failRate }),
  }
  const mock = createMock(mockOptions)
  await mock.ready
  const statePath = options.state === undefined ? undefined : resolve(options.state)
  const stateLoaded = statePath === undefined ? false : await importStateFile(statePath, mock)

  const running = await startServer({
    port,
    host: options.host,
    mock,
    loadExtend: async () => (await import('../pages/index.ts')).mountPages,
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error
    throw new Error(
      `Port ${port} is in use: pick another with --port <n>, or --port 0 for any free one.`,
    )
  })
  process.stdout.write(
    banner({
      origin,
      publicBase: mock.publicBase,
      seed: options.seed,
      ...(options.scenario === undefined ? {} : { scenario: options.scenario }),
      ...(options.latency === undefined ? {} : { latency: options.latency }),
      ...(options.failRate === undefined ? {} : { failRate: options.failRate }),
      ...(statePath === undefined ? {} : { statePath, stateLoaded }),
    }),
  )

  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    // A second Ctrl+C while saving means "now": leave without waiting.
    if (stopping) process.exit(1)
    stopping = true
    process.stderr.write(`\n${signal}: stopping the mock…\n`)
    try {
      await running.close()
      if (statePath !== undefined) {
        await saveStateFile(statePath, mock.exportState())
        process.stderr.write(`Saved the state to ${statePath}\n`)
      }
      process.exit(0)
    } catch (error) {
      process.stderr.write(`Could not stop cleanly: ${String(error)}\n`)
      process.exit(1)
    }
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

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
      parseHttpUrl,
    )
    .option(
      '--state <file>',
      'load the mock state from this file at start (if it exists), save it there on shutdown',
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
    .addHelpText(
      'after',
      `
Examples:
  $ engagement-mock serve
  $ engagement-mock serve --port 8080 --seed 7
  $ engagement-mock serve --state .state/mock.json      # keep your changes across restarts
  $ engagement-mock serve --scenario empty              # first-run screens: no records
  $ engagement-mock serve --scenario large:forms=2000   # paging and long lists
  $ engagement-mock serve --scenario qa/checkout.json   # a state saved from /__mock/state
  $ engagement-mock serve --latency 200-800 --fail-rate 0.1
  $ PORT=0 engagement-mock serve                         # any free port; the URL is printed
  $ engagement-mock serve --host 0.0.0.0 --public-url https://mock.example.com`,
    )
    .action((options: ServeOptions) => serve(options))
}

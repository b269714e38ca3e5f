// This module is imported only when `serve` runs (command.ts), so what it needs is imported here at
// the top, in one chunk. The pages, express and /docs wait for the first request outside the API;
// state files (node:crypto, node:fs/promises) wait for an option that names one.
import { resolve } from 'node:path'
import {
  addedAfter,
  LATEST_RELEASE,
  releaseLabel,
  resolveRelease,
} from '../../../contract/releases.ts'
import { createMock, type MockOptions } from '../../create.ts'
import { startServer } from '../../http/listen.ts'
import type { OpenPort } from '../../http/open-port.ts'
import type { KeptState } from '../../http/state/keeper.ts'
import { parseScenarioName, type Scenario } from '../../scenarios.ts'
import { UsageError } from '../shared/options.ts'
import { checkOutputFile } from '../shared/outputs.ts'
import { banner } from './banner.ts'
import type { ServeOptions } from './options.ts'

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'])

/** Whether a file begins as a HAR does: recorded traffic given where a state goes. */
const isHar = async (path: string): Promise<boolean> => {
  const [{ open }, { startsAsHar }] = await Promise.all([
    import('node:fs/promises'),
    import('../../traffic/har.ts'),
  ])
  const handle = await open(path, 'r').catch(() => undefined)
  if (!handle) return false
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0)
    return startsAsHar(buffer.toString('utf8', 0, bytesRead))
  } finally {
    await handle.close()
  }
}

/** A scenario name, or the path of a state file exported from `/__mock/state`. */
const scenarioOption = async (text: string | undefined): Promise<Scenario | undefined> => {
  if (text === undefined) return undefined
  const named = parseScenarioName(text)
  if ('scenario' in named) return named.scenario
  // Not a name: a state file, if one is there.
  const looksLikeName = /^(demo|empty|large)(:|$)/.test(text) || !/[./\\]/.test(text)
  if (looksLikeName) throw new UsageError(`--scenario: ${named.error}`)
  const path = resolve(text)
  const { loadStateFile, STATE_ADVICE, StateFileError } = await import('../../state-file/file.ts')
  const state = await loadStateFile(path).catch(async (error: unknown) => {
    if (!(error instanceof StateFileError)) throw error
    if (await isHar(path)) {
      throw new UsageError(
        `--scenario ${text}: a HAR file is recorded traffic, not a state. Turn it into a state, then serve that: engagement-mock import-traffic ${text} --out state.json, then engagement-mock serve --scenario state.json.`,
      )
    }
    throw new StateFileError(
      error.message.replace(STATE_ADVICE, 'fix it, or give another --scenario'),
    )
  })
  if (state === undefined) {
    throw new UsageError(
      `--scenario: no state file at ${path}; ${named.error.replace(/^Unknown[^:]*: /, '')}`,
    )
  }
  return state
}

/** `--release`: a release's name or a date; anything else is a usage error listing the releases. */
const releaseOption = (text: string | undefined) => {
  if (text === undefined) return undefined
  const resolved = resolveRelease(text)
  if ('error' in resolved) throw new UsageError(`--release: ${resolved.error}`)
  return resolved
}

/** The port's own error, said as a command line user can act on it: a usage error (exit 2), as in proxy. */
const portError = (port: number, host: string, error: NodeJS.ErrnoException) =>
  error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN' || error.code === 'EAI_NONAME'
    ? new UsageError(
        `--host ${host}: neither an IP address nor a host name that resolves (${error.code}). Give an address of this machine, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every interface).`,
      )
    : error.code === 'EADDRINUSE'
      ? new UsageError(
          `Port ${port} is in use: pick another with --port <n>, or --port 0 for any free one.`,
        )
      : error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL'
        ? new UsageError(`Cannot listen on port ${port} (${error.code}): check --port and --host.`)
        : error

/**
 * A --scenario or --state file the mock cannot start from (unreadable, not a state, or holding what
 * its release cannot): bad input, exit 2 like every other command's, naming the option.
 */
const startFileError = (option: string, error: unknown): unknown =>
  error instanceof Error && !(error instanceof UsageError)
    ? new UsageError(`${option}: ${error.message}`)
    : error

/**
 * `engagement-mock serve` on the port the command opened (`opened`, listening already): loaded
 * only when that command runs. If the start fails, the port is closed.
 */
export const serve = async (options: ServeOptions, opened: OpenPort): Promise<void> => {
  try {
    await start(options, opened)
  } catch (error) {
    opened.close()
    throw error
  }
}

const start = async (options: ServeOptions, opened: OpenPort): Promise<void> => {
  // Where changes are kept is checked before anything is loaded or written.
  const statePath =
    options.state === undefined
      ? undefined
      : checkOutputFile(options.state, {
          option: '--state',
          ...(options.scenario === undefined ? {} : { inputs: [options.scenario] }),
        })
  // Port 0 picks a free port: the one it got is named by the share links.
  const port = await opened.listening.catch((error: NodeJS.ErrnoException) => {
    throw portError(options.port, options.host, error)
  })
  const shownHost = LOOPBACK.has(options.host) ? 'localhost' : options.host
  const origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`
  const scenario = await scenarioOption(options.scenario).catch((error: unknown) => {
    throw startFileError(`--scenario ${options.scenario}`, error)
  })
  const release = releaseOption(options.release)
  const mockOptions: MockOptions = {
    seed: options.seed,
    ...(release ? { release: release.release } : {}),
    ...(scenario === undefined ? {} : { scenario }),
    publicUrl: options.publicUrl ?? origin,
    // The demo snapshot's parts are loaded when an answer first needs one (forms for GET /forms),
    // not all at start: the four others, their text and the code that holds it stay out of the
    // start and out of its V8 code cache (a quarter of it: less to read and deserialize).
    // What exports the state (the save below, GET /__mock/state) awaits filled() first.
    loadOnFirstUse: true,
    ...(options.latency === undefined ? {} : { latency: options.latency }),
    ...(options.failRate === undefined ? {} : { failRate: options.failRate }),
  }
  const mock = createMock(mockOptions)
  // With --state, the file is loaded (its journal replayed) and then kept up to date.
  let kept: KeptState | undefined
  const load = async () => {
    // Our own scenarios always build; a state given as the scenario may not.
    await mock.ready.catch((error: unknown) => {
      throw typeof scenario === 'object' && scenario !== null && 'format' in scenario
        ? startFileError(`--scenario ${options.scenario}`, error)
        : error
    })
    if (statePath === undefined) return false
    const { keepState } = await import('../../http/state/keeper.ts')
    kept = await keepState(statePath, mock).catch((error: unknown) => {
      throw error instanceof Error && error.name === 'StateFileError'
        ? startFileError(`--state ${options.state}`, error)
        : error
    })
    return kept.loaded
  }
  const stateLoaded = await load()

  const running = await startServer({
    opened,
    host: options.host,
    mock,
    loadExtend: async () => (await import('../../http/pages/index.ts')).mountPages,
    ...(options.controlToken === undefined ? {} : { controlToken: options.controlToken }),
  })
  // Handlers first: a signal sent as soon as the banner is read must stop (and save) cleanly.
  let stopping = false
  const stop = async (signal: NodeJS.Signals) => {
    // A second Ctrl+C while saving means "now": leave without waiting.
    if (stopping) process.exit(1)
    stopping = true
    process.stderr.write(`\n${signal}: stopping the mock…\n`)
    try {
      await running.close()
      if (kept) {
        await kept.close()
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
  process.stdout.write(
    banner({
      origin,
      publicBase: mock.publicBase,
      seed: options.seed,
      ...(options.scenario === undefined ? {} : { scenario: options.scenario }),
      ...(options.latency === undefined ? {} : { latency: options.latency }),
      ...(options.failRate === undefined ? {} : { failRate: options.failRate }),
      ...(statePath === undefined || !kept
        ? {}
        : {
            statePath,
            stateLoaded,
            replayed: kept.replayed,
            journalPath: kept.journalPath,
            windowMs: kept.windowMs,
          }),
      control: running.control,
      ...(release && release.release !== LATEST_RELEASE
        ? {
            release: {
              label: releaseLabel(release.release, release.given),
              later: addedAfter(release.release),
            },
          }
        : {}),
    }),
  )
}

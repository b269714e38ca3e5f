import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Command, CommanderError } from 'commander'
import { DeploymentError } from '../deployment/error.ts'
import { HarError } from '../traffic/har-error.ts'
import { EXIT, UsageError } from './shared/options.ts'
import { packageRoot } from './shared/paths.ts'

/** Help and version are successes; every other parse error is a usage error (exit 2). */
const SUCCESS_CODES = new Set(['commander.helpDisplayed', 'commander.version'])

export const version = (): string => {
  const manifest = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8'))
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0'
}

/** Each command's name and how it adds itself (its options and help) to the program. */
export type Commands = Record<string, (program: Command) => void>

/**
 * The program with every command, or with only `command` when that names one: a command's own
 * parsing and help need only its definition, and `serve` starts without building the others.
 * Anything else (no command, --help, --version, a mistyped name) gets them all, for the list.
 */
export const createProgram = (commands: Commands, command?: string): Command => {
  const program = new Command('engagement-mock')
    .description(
      'Mock, seed and check the Engagement Service API. Run a command with --help for its examples.',
    )
    .version(version())
    .showHelpAfterError('(add --help for usage and examples)')
    // Set before the commands are added, so each of them inherits it.
    .exitOverride()
  const only = command !== undefined && Object.hasOwn(commands, command) ? command : undefined
  for (const [name, register] of Object.entries(commands)) {
    if (only === undefined || name === only) register(program)
  }
  program.addHelpText(
    'after',
    `
Examples:
  $ engagement-mock serve                                   # the mock on http://localhost:4010
  $ engagement-mock check https://staging.example.com/api/v1 --key "$KEY"
  $ engagement-mock proxy https://staging.example.com/api/v1   # watch an app's traffic
  $ engagement-mock check-traffic session.har
  $ engagement-mock import-traffic staging.har --out state.json   # then serve --scenario state.json
  $ engagement-mock seed http://localhost:4010/api/v1 --key acme-demo-key --dry-run
  $ engagement-mock openapi --out openapi.json`,
  )
  return program
}

/**
 * A reader that closes early (`engagement-mock check --help | head -5`) is not an error of the
 * command: without a listener Node throws EPIPE as an unhandled 'error' event with a stack trace.
 * Later writes are dropped; the command ends as it would have (a proxy still writes its reports).
 */
const ignoreClosedReader = (stream: NodeJS.WriteStream): void => {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error
  })
}

export const main = async (commands: Commands, argv: readonly string[]): Promise<void> => {
  ignoreClosedReader(process.stdout)
  ignoreClosedReader(process.stderr)
  try {
    await createProgram(commands, argv[0]).parseAsync([...argv], { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has already printed its message.
      process.exitCode = SUCCESS_CODES.has(error.code) ? EXIT.ok : EXIT.usage
      return
    }
    // A deployment file or a HAR file that cannot be used is a usage error too: nothing was sent.
    if (
      error instanceof UsageError ||
      error instanceof DeploymentError ||
      error instanceof HarError
    ) {
      process.stderr.write(`error: ${error.message}\n`)
      process.exitCode = EXIT.usage
      return
    }
    process.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exitCode = EXIT.failed
  }
}

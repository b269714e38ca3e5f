import { type ChildProcess, spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** The command as `npx engagement-mock` runs it from a clone: the launcher, then the TS source. */
export const BIN = fileURLToPath(new URL('../../mock/cli/bin.cjs', import.meta.url))

export interface CliResult {
  status: number | null
  stdout: string
  stderr: string
}

/** Environment without variables that would change what the CLI does. */
const cleanEnv = (extra: Record<string, string | undefined>) => {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' }
  for (const name of Object.keys(env)) {
    if (/^(CONTRACT_|SEED_|ENGAGEMENT_MOCK_)/.test(name) || name === 'PORT') delete env[name]
  }
  return { ...env, ...extra }
}

/** Runs the CLI to its end, asynchronously: the servers it talks to live in this process. */
export const runCli = (
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; cwd?: string } = {},
): Promise<CliResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? ROOT,
      env: cleanEnv(options.env ?? {}),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })

export interface LongRunning {
  child: ChildProcess
  output: () => string
  /** Resolves with the output once it matches, rejects if the process ends first. */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>
  exited: Promise<number | null>
}

/** Starts a long-running command (serve) and lets a test wait for what it prints. */
export const startCli = (
  args: readonly string[],
  options: { env?: Record<string, string | undefined> } = {},
): LongRunning => {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: cleanEnv(options.env ?? {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let text = ''
  child.stdout?.on('data', (chunk) => (text += chunk))
  child.stderr?.on('data', (chunk) => (text += chunk))
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
  const waitFor = (pattern: RegExp, timeoutMs = 20_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => {
        clearInterval(poll)
        reject(new Error(`Timed out waiting for ${pattern}; output so far:\n${text}`))
      }, timeoutMs)
      const poll = setInterval(() => {
        const found = text.match(pattern)
        if (found) {
          clearInterval(poll)
          clearTimeout(timer)
          resolve(found)
        } else if (child.exitCode !== null) {
          clearInterval(poll)
          clearTimeout(timer)
          reject(new Error(`Exited with ${child.exitCode} before ${pattern}:\n${text}`))
        }
      }, 25)
    })
  return { child, output: () => text, waitFor, exited }
}

import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { BIN, ROOT, runCli } from './cli.ts'

describe.concurrent('engagement-mock --help', () => {
  it('lists every command with examples', async () => {
    const { status, stdout } = await runCli(['--help'])
    expect(status).toBe(0)
    for (const command of ['serve', 'check', 'seed', 'openapi']) expect(stdout).toContain(command)
    expect(stdout).toContain('Examples:')
  })

  it.each(['serve', 'check', 'seed', 'openapi'])(
    '%s --help shows runnable examples',
    async (command) => {
      const { status, stdout } = await runCli([command, '--help'])
      expect(status).toBe(0)
      expect(stdout).toContain(`Usage: engagement-mock ${command}`)
      expect(stdout).toContain('Examples:')
      expect(stdout).toContain(`$ engagement-mock ${command}`)
    },
  )
})

describe('every command documents its exit statuses', () => {
  it('in its --help: 0, and 2 for a usage error, as every other command', async () => {
    const { stdout } = await runCli(['--help'])
    const commands = [...stdout.matchAll(/^ {2}([a-z-]+) \[options\]/gm)].map((m) => m[1] as string)
    expect(commands.length).toBeGreaterThanOrEqual(7)
    const helps = await Promise.all(commands.map((command) => runCli([command, '--help'])))
    commands.forEach((command, i) => {
      const text = helps[i]?.stdout ?? ''
      expect(text, command).toMatch(/\nExit status[^\n]*:\n {2}0 {2}/)
      expect(text, command).toMatch(/\n {2}2 {2}usage error/)
    })
  }, 60_000)
})

describe.concurrent('usage errors end with exit status 2 and say what is wrong', () => {
  it.each([
    [['serve', '--bogus'], /unknown option '--bogus'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['serve', '--port', 'abc'], /--port.*'abc' is invalid.*port number/],
    [['serve', '--port', '70000'], /port number from 0 to 65535/],
    [['serve', '--fail-rate', '2'], /--fail-rate.*'2' is invalid.*from 0 to 1/],
    [['serve', '--latency', 'x'], /--latency.*'x' is invalid.*200-800/],
    [['serve', '--latency', '800-200'], /--latency.*'800-200' is invalid/],
    [['serve', '--seed', '-1'], /--seed.*is invalid/],
    [['seed', '--forms', 'many', '--out', 'x.json'], /--forms.*'many' is invalid/],
    [['seed'], /Give the API root to seed/],
    [['seed', 'http://127.0.0.1:9/api/v1'], /Give the API key of the organization to seed/],
    [['check'], /missing required argument 'base-url'/],
    [['check', 'not-a-url', '--key', 'k'], /'not-a-url' is invalid.*http\(s\) URL/],
    [['check', 'http://127.0.0.1:9/api/v1'], /--key <key> or CONTRACT_API_KEY/],
    [['openapi', '--server-url', 'ftp://x'], /--server-url.*is invalid/],
  ])('%j', async (args, message) => {
    const { status, stderr, stdout } = await runCli(args)
    expect(stderr).toMatch(message)
    expect(stdout).toBe('')
    expect(status).toBe(2)
  })

  it('rejects a bad PORT from the environment the same way', async () => {
    const { status, stderr } = await runCli(['serve'], { env: { PORT: 'abc' } })
    expect(stderr).toMatch(/env 'PORT' is invalid/)
    expect(status).toBe(2)
  })

  it('shows no help for a mistake without --help, only a pointer to it', async () => {
    const { stderr } = await runCli(['serve', '--bogus'])
    expect(stderr).toContain('--help')
    expect(stderr).not.toContain('Options:')
  })
})

describe('a reader that closes early', () => {
  it.each(['check', 'check-traffic', 'proxy'])(
    '`%s --help | head` ends with exit 0 and no stack trace',
    async (command) => {
      // stdout closed before the command writes: each write fails with EPIPE.
      const child = spawn(process.execPath, [BIN, command, '--help'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child.stdout.destroy()
      let stderr = ''
      child.stderr.on('data', (chunk) => (stderr += chunk))
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
      expect(stderr).not.toMatch(/EPIPE|Unhandled/)
      expect(status).toBe(0)
    },
  )
})

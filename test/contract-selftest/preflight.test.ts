import { spawn } from 'node:child_process'
import { mkdtemp, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { EnvError, readEnv } from '../../mock/conformance/engine/env.ts'
import { preflight } from '../../mock/conformance/engine/preflight.ts'
import { startServer } from '../../mock/http/index.ts'

const servers: Server[] = []
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

const listen = async (handler: Parameters<typeof createServer>[1]): Promise<string> => {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
}
/** A port nothing listens on: bound once, then released. */
const closedPort = async (): Promise<string> => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}/api/v1`
}
const envFor = (baseUrl: string, timeout = '2000') =>
  readEnv({ CONTRACT_BASE_URL: baseUrl, CONTRACT_API_KEY: 'k', CONTRACT_TIMEOUT_MS: timeout })

/** The real `npm run contract` command line, in a child process, with its own report directory. */
const runContract = async (vars: Record<string, string>) => {
  const dir = await mkdtemp(join(tmpdir(), 'contract-'))
  // Only the variables given here: a CONTRACT_* of the calling shell must not leak in.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('CONTRACT_')),
  )
  const child = spawn('npx', ['vitest', 'run', '--config', 'test/contract/vitest.config.ts'], {
    env: { ...inherited, ...vars, CONTRACT_REPORT_DIR: dir },
  })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { code, output, dir }
}

describe('a deployment that cannot be tested gets one clear sentence', () => {
  it('names the network error when nothing listens', async () => {
    expect(await preflight(envFor(await closedPort()))).toMatch(
      /^Could not reach http:\/\/127\.0\.0\.1:\d+\/api\/v1\/forms: ECONNREFUSED\./,
    )
  })

  it('says the body is not JSON when the server answers HTML', async () => {
    const url = await listen((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><h1>Welcome</h1>'),
    )
    expect(await preflight(envFor(url))).toMatch(
      /answered 200 with a body that is not JSON \(text\/html\): "<!doctype html><h1>Welcome<\/h1>"/,
    )
  })

  it('gives up after the per-request time-out when the server never answers', async () => {
    const url = await listen(() => {})
    expect(await preflight(envFor(url, '300'))).toMatch(/^No answer from .* within 300 ms/)
  })

  it('says the key was refused', async () => {
    const mock = await startServer({ port: 0 })
    try {
      expect(await preflight(envFor(mock.baseUrl))).toMatch(/refused CONTRACT_API_KEY \(401/)
    } finally {
      await mock.close()
    }
  })

  it('names the missing variable when CONTRACT_API_KEY is not set', () => {
    expect(() => readEnv({ CONTRACT_BASE_URL: 'https://staging.example.com/api/v1' })).toThrow(
      EnvError,
    )
    expect(() => readEnv({ CONTRACT_BASE_URL: 'https://staging.example.com/api/v1' })).toThrow(
      /CONTRACT_API_KEY/,
    )
  })

  it('ends npm run contract with that sentence, no stack trace, and a JUnit file that says why', async () => {
    const { code, output, dir } = await runContract({
      CONTRACT_BASE_URL: await closedPort(),
      CONTRACT_API_KEY: 'k',
    })
    expect(code).toBe(1)
    expect(output).toMatch(/Contract suite cannot run: Could not reach .*ECONNREFUSED/)
    expect(output).not.toMatch(/^\s+at /m)
    expect(await readFile(join(dir, 'contract-junit.xml'), 'utf8')).toContain('ECONNREFUSED')
  })
})

describe('npm run contract against a separately started mock, without the optional keys', () => {
  it('passes, reports the checks that need a key as skipped with its variable, and writes the four reports', async () => {
    const mock = await startServer({ port: 0 })
    try {
      const { code, output, dir } = await runContract({
        CONTRACT_BASE_URL: mock.baseUrl,
        CONTRACT_API_KEY: 'acme-demo-key',
      })
      expect(code, output).toBe(0)
      const junit = await readFile(join(dir, 'contract-junit.xml'), 'utf8')
      expect(junit).toContain(
        '<skipped message="needs --other-org-key (CONTRACT_API_KEY_OTHER_ORG)" />',
      )
      expect(junit).toContain(
        '<skipped message="needs --no-entitlements-key (CONTRACT_API_KEY_NO_ENTITLEMENTS)" />',
      )
      const report = JSON.parse(await readFile(join(dir, 'conformance.json'), 'utf8'))
      expect(report.totals.failed).toBe(0)
      expect(report.totals.skipped).toBeGreaterThan(0)
      expect(report.run.strict).toBe(false)
      const markdown = await readFile(join(dir, 'conformance.md'), 'utf8')
      expect(markdown).toContain('## Observations')
      expect(markdown).toContain('needs --other-org-key (CONTRACT_API_KEY_OTHER_ORG)')
      // Without the other organization's key, nobody else's record was tried: coverage says so,
      // and which key would let it.
      expect(report.coverage.neverSeen).toContain(
        "getForm: another organization's record (§5) (needs --other-org-key (CONTRACT_API_KEY_OTHER_ORG))",
      )
      expect(report.coverage.neverSeen).toContainEqual(
        expect.stringMatching(
          /^createSeries: .*entitlement.* \(needs --no-entitlements-key \(CONTRACT_API_KEY_NO_ENTITLEMENTS\)\)$/,
        ),
      )
      const html = await readFile(join(dir, 'conformance.html'), 'utf8')
      expect(html).toContain(
        '<p id="verdict" class="verdict conforms" data-verdict="conforms" data-exit-code="0">',
      )
      expect(output).toMatch(/Contract against .*: \d+ passed, 0 failed, 0 blocked, \d+ skipped/)
    } finally {
      await mock.close()
    }
  })
})

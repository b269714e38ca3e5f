import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { parseDeployment } from '../../mock/deployment/schema.ts'
import { readSnippets } from '../cli/snippets.ts'
import { type RunningProxy, startProxy } from '../contract-selftest/proxy.ts'
import { respelledDeployment } from '../contract-selftest/respelled.ts'
import { installedPackage, projectFor } from './packed.ts'

/**
 * The backend team's path, from an empty folder with only the packed package installed: the mock
 * started from that install, `npx engagement-mock check` against it, and every "backend" snippet of
 * docs/usage.md (init, the deployment file, check, runConformance, vitest and node:test adapters)
 * run as written against a deployment that spells what §4 does not show differently.
 */
const root = fileURLToPath(new URL('../..', import.meta.url))
const env: Record<string, string | undefined> = {
  ...process.env,
  npm_config_loglevel: 'error',
  NO_COLOR: '1',
}
for (const name of Object.keys(env)) if (name.startsWith('CONTRACT_')) delete env[name]
const snippets = readSnippets(readFileSync(join(root, 'docs', 'usage.md'), 'utf8'))
const snippet = (group: string, file?: string) => {
  const found = snippets.find((s) => s.group === group && (file === undefined || s.file === file))
  if (!found) throw new Error(`docs/usage.md has no snippet "${group}"`)
  return found.code
}

let tmp = ''
let project = ''
let mock: ChildProcess | undefined
let mockUrl = ''
let proxy: RunningProxy | undefined

const run = (command: string, args: string[], extra: Record<string, string> = {}) =>
  new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd: project, env: { ...env, ...extra } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (status) => resolve({ status, output }))
  })

beforeAll(async () => {
  // The package as `npm publish` would send it, packed and installed once per run (packed.ts).
  const installed = await installedPackage()
  tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-conformance-'))
  project = projectFor(installed, tmp, 'backend')
  // The mock, started from the install.
  const bin = join(project, 'node_modules', 'engagement-mock', 'mock', 'cli', 'bin.cjs')
  mock = spawn(process.execPath, [bin, 'serve', '--port', '0', '--host', '127.0.0.1'], {
    cwd: project,
    env,
  })
  mockUrl = await new Promise<string>((resolve, reject) => {
    let seen = ''
    mock?.stdout?.on('data', (chunk) => {
      seen += chunk
      const url = /API root\s+(http:\/\/\S+\/api\/v1)/.exec(seen)?.[1]
      if (url) resolve(url)
    })
    mock?.on('close', (code) => reject(new Error(`serve exited ${code}: ${seen}`)))
  })
  proxy = await startProxy(mockUrl)
  proxy.use(respelledDeployment)
}, 300_000)

afterAll(async () => {
  await proxy?.close()
  mock?.kill()
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

const allKeys = [
  '--key',
  ACME_KEY,
  '--other-org-key',
  GLOBEX_KEY,
  '--no-entitlements-key',
  GLOBEX_KEY,
]

describe('the conformance suite from an installed package', () => {
  it('npx engagement-mock check passes against the mock started from the install and writes the four reports', async () => {
    const { status, output } = await run('npx', [
      'engagement-mock',
      'check',
      mockUrl,
      ...allKeys,
      '--report-dir',
      'reports',
    ])
    expect(output).toMatch(/total\s+[1-9]\d*\s+0\s+0\s+0/)
    expect(output).toContain('Conforms: every check that ran passed.')
    for (const name of [
      'conformance.md',
      'conformance.json',
      'contract-junit.xml',
      'conformance.html',
    ]) {
      expect(existsSync(join(project, 'reports', name)), name).toBe(true)
    }
    expect(status, output).toBe(0)
  }, 180_000)

  it('docs/usage.md, backend from zero: --init, the completed file, check', async () => {
    const vars = {
      API_URL: proxy?.baseUrl ?? '',
      API_KEY: ACME_KEY,
      OTHER_ORG_KEY: GLOBEX_KEY,
      NO_ENTITLEMENTS_KEY: GLOBEX_KEY,
    }
    const init = await run('bash', ['-c', snippet('backend from zero', 'init')], vars)
    expect(init.output).toMatch(/✗ forms\.create\.publishNow/)
    expect(init.status, init.output).toBe(0)
    const started = JSON.parse(readFileSync(join(project, 'deployment.json'), 'utf8'))
    expect(started.sessions['// create']).toContain('REFUSED')
    // Editing, as the docs show it: the completed file for this deployment.
    const completed = snippet('backend from zero', 'deployment.json')
    parseDeployment(JSON.parse(completed), 'docs/usage.md')
    writeFileSync(join(project, 'deployment.json'), completed)
    const check = await run('bash', ['-c', snippet('backend from zero', 'check')], vars)
    expect(check.output).toContain('Conforms: every check that ran passed.')
    expect(check.status, check.output).toBe(0)
  }, 180_000)

  it('docs/usage.md, backend from code: runConformance gives a typed result', async () => {
    writeFileSync(join(project, 'check.ts'), snippet('backend from code'))
    const tsx = join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs')
    const { status, output } = await run(process.execPath, [tsx, 'check.ts'], {
      API_URL: proxy?.baseUrl ?? '',
      API_KEY: ACME_KEY,
    })
    expect(output).toMatch(/^conforms: [1-9]\d* passed, 0 failed$/m)
    expect(status, output).toBe(0)
  }, 180_000)

  it("docs/usage.md, backend in vitest: every check is a test of the caller's vitest", async () => {
    writeFileSync(join(project, 'conformance.test.ts'), snippet('backend in vitest'))
    const { status, output } = await run('npx', ['vitest', 'run', 'conformance.test.ts'], {
      API_URL: proxy?.baseUrl ?? '',
      API_KEY: ACME_KEY,
    })
    expect(output).toMatch(/Tests\s+[1-9]\d* passed \| [1-9]\d* skipped/)
    expect(status, output).toBe(0)
    expect(existsSync(join(project, 'reports', 'contract-junit.xml'))).toBe(true)
  }, 180_000)

  it('docs/usage.md, backend in node:test: every check is a test of node:test', async () => {
    writeFileSync(join(project, 'conformance.test.mjs'), snippet('backend in node --test'))
    const { status, output } = await run(process.execPath, ['--test', 'conformance.test.mjs'], {
      API_URL: proxy?.baseUrl ?? '',
      API_KEY: ACME_KEY,
    })
    expect(output).toMatch(/^# pass [1-9]\d*$/m)
    expect(output).toMatch(/^# fail 0$/m)
    expect(status, output).toBe(0)
  }, 180_000)
})

import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONSUMER_SCRIPT, CONSUMER_TS, CONSUMER_TSCONFIG } from './consumer.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const quiet = {
  stdio: 'pipe',
  encoding: 'utf8',
  env: { ...process.env, npm_config_loglevel: 'error' },
} as const

let tmp = ''
let project = ''
let files: string[] = []

/** Packs the repository as npm would publish it and installs the tarball into a fresh project. */
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-pack-'))
  // prepack builds dist/ first, so the tarball is what `npm publish` would send.
  const packed = JSON.parse(
    execFileSync(npm, ['pack', '--json', '--pack-destination', tmp], {
      ...quiet,
      cwd: root,
    }).replace(/^[^[]*/s, ''),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>
  files = packed[0]?.files.map((file) => file.path) ?? []
  const tarball = readdirSync(tmp).find((name) => name.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${tmp}`)
  project = join(tmp, 'consumer')
  mkdirSync(project)
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  )
  execFileSync(
    npm,
    ['install', '--prefer-offline', '--no-audit', '--no-fund', join(tmp, tarball)],
    { ...quiet, cwd: project },
  )
  writeFileSync(join(project, 'imports.mjs'), CONSUMER_SCRIPT)
  writeFileSync(join(project, 'consumer.ts'), CONSUMER_TS)
  writeFileSync(join(project, 'tsconfig.json'), CONSUMER_TSCONFIG)
}, 180_000)

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true })
})

describe('the installable package', () => {
  it('ships the build, the launcher and the readme, and no source or tests', () => {
    expect(files).toContain('dist/contract/index.js')
    expect(files).toContain('dist/contract/index.d.ts')
    expect(files).toContain('dist/mock/node.js')
    expect(files).toContain('mock/cli/bin.mjs')
    expect(files.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))).toEqual([])
    expect(files.filter((path) => path.includes('.test.'))).toEqual([])
  })

  it('exposes every entry point to node, and refuses the browser entry there', () => {
    const run = spawnSync(process.execPath, ['imports.mjs'], { ...quiet, cwd: project })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual({
      'engagement-mock': 'function',
      'engagement-mock/contract': 'function',
      'engagement-mock/mock': 'function',
      'engagement-mock/mock/node': 'function',
      'engagement-mock/fixtures': 'function',
      'engagement-mock/mock/browser': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
      'GET /forms through setupMockServer': 200,
    })
    expect(run.status).toBe(0)
  }, 60_000)

  it('refuses the node entry to a bundler resolving for the browser', () => {
    const probe = `import('engagement-mock/mock/node').then(() => console.log('imported'), (e) => console.log(e.code))`
    const run = spawnSync(
      process.execPath,
      ['--conditions=browser', '--input-type=module', '-e', probe],
      { ...quiet, cwd: project },
    )
    expect(run.stdout.trim()).toBe('ERR_PACKAGE_PATH_NOT_EXPORTED')
  }, 60_000)

  it('type-checks a consumer using the client and the node mock (nodenext)', () => {
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {
      ...quiet,
      cwd: project,
    })
    expect(run.stdout + run.stderr).toBe('')
    expect(run.status).toBe(0)
  }, 120_000)

  it('runs its command from the installed build', () => {
    const bin = join(project, 'node_modules', 'engagement-mock', 'mock', 'cli', 'bin.mjs')
    const run = spawnSync(process.execPath, [bin, 'openapi'], { ...quiet, cwd: project })
    expect(run.status).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ openapi: '3.1.0' })
  }, 60_000)
})

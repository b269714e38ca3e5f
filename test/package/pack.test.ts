import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import { docsBrowserSnippet } from '../browser/app/sources.ts'
import { createViteApp } from '../browser/vite-app.ts'
import { readSnippets } from '../cli/snippets.ts'
import { CONSUMER_SCRIPT, CONSUMER_TS, CONSUMER_TSCONFIG, DOCS_TSCONFIG } from './consumer.ts'
import { linkedDocuments, relativeLinks } from './links.ts'
import { installedPackage } from './packed.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const quiet = {
  stdio: 'pipe',
  encoding: 'utf8',
  env: { ...process.env, npm_config_loglevel: 'error' },
} as const

let project = ''
let files: string[] = []

/** The package as npm would publish it, installed into a fresh project once per run (packed.ts). */
beforeAll(async () => {
  const installed = await installedPackage()
  files = installed.files
  project = installed.project
  writeFileSync(join(project, 'imports.mjs'), CONSUMER_SCRIPT)
  writeFileSync(join(project, 'consumer.ts'), CONSUMER_TS)
  writeFileSync(join(project, 'tsconfig.json'), CONSUMER_TSCONFIG)
}, 180_000)

describe('the installable package', () => {
  it('ships the build, the launcher and the readme, and no source or tests', () => {
    expect(files).toContain('dist/contract/index.js')
    expect(files).toContain('dist/contract/index.d.ts')
    expect(files).toContain('dist/mock/node/index.js')
    expect(files).toContain('mock/cli/bin.cjs')
    expect(files.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))).toEqual([])
    expect(files.filter((path) => path.includes('.test.'))).toEqual([])
  })

  it('exposes every entry point to node, refuses the browser ones there, and needs the Playwright peers', () => {
    const run = spawnSync(process.execPath, ['imports.mjs'], { ...quiet, cwd: project })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual({
      'engagement-mock': 'function',
      'engagement-mock/contract': 'function',
      'engagement-mock/mock': 'function',
      'engagement-mock/mock/node': 'function',
      'engagement-mock/fixtures': 'function',
      'engagement-mock/mock/server': 'function',
      'engagement-mock/conformance': 'function',
      'engagement-mock/mock/browser': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
      'engagement-mock/mock/storybook': 'ERR_PACKAGE_PATH_NOT_EXPORTED',
      'engagement-mock/mock/playwright': 'ERR_MODULE_NOT_FOUND',
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
    const bin = join(project, 'node_modules', 'engagement-mock', 'mock', 'cli', 'bin.cjs')
    const run = spawnSync(process.execPath, [bin, 'openapi'], { ...quiet, cwd: project })
    expect(run.status).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ openapi: '3.1.0' })
  }, 60_000)

  it('ships every document the README links to, and every file those link to', () => {
    const documents = linkedDocuments(root)
    expect(files).toEqual(expect.arrayContaining(documents))
    const linked = documents.flatMap((document) => relativeLinks(root, document))
    expect(linked).toContain('docs/engagement-service-api.md')
    expect(linked.filter((path) => !files.includes(path))).toEqual([])
  })

  it('is publishable: not private, described, licensed, `npm publish --dry-run` clean', () => {
    const manifest = JSON.parse(
      readFileSync(join(project, 'node_modules', 'engagement-mock', 'package.json'), 'utf8'),
    ) as Record<string, unknown>
    expect(manifest.private).toBeUndefined()
    expect(manifest).toMatchObject({ license: 'MIT', sideEffects: false })
    expect(manifest.repository).toMatchObject({
      type: 'git',
      url: expect.stringMatching(/^git\+https:/),
    })
    expect((manifest.keywords as string[]).length).toBeGreaterThan(3)
    expect(files).toContain('LICENSE')
    // dist/ was built by the run's pack (packed.ts); publishing must not need anything else.
    const run = spawnSync(npm, ['publish', '--dry-run', '--ignore-scripts', '--json'], {
      ...quiet,
      cwd: root,
    })
    expect(run.status, run.stderr).toBe(0)
    // npm would publish, and corrected nothing in package.json on the way (no "npm warn publish"
    // but the one saying a dry run needs no login).
    const warnings = run.stderr
      .split('\n')
      .filter((line) => line.includes('warn publish') && !line.includes('logged in'))
    expect(warnings).toEqual([])
    const report = JSON.parse(run.stdout.replace(/^[^{]*/s, '')) as Record<string, unknown>
    expect(report['engagement-mock']).toMatchObject({ name: 'engagement-mock', version: '0.1.0' })
  }, 120_000)

  it("builds the docs' browser recipe with Vite for production without mock code (installed copy)", async () => {
    const app = createViteApp({
      files: { 'src/main.ts': docsBrowserSnippet() },
      engagementMock: 'installed',
      parent: project,
      worker: false,
    })
    try {
      const mockCode = (modules: string[]) =>
        modules.filter((file) =>
          /node_modules\/(engagement-mock\/dist\/(mock|fixtures)|msw|@msw\/data|@faker-js)\//.test(
            file,
          ),
        )
      const development = await app.build({ mode: 'development', modules: true })
      expect(mockCode(development.modules)).toContain(
        relative(root, join(project, 'node_modules/engagement-mock/dist/mock/browser/index.js')),
      )
      const production = await app.build({ modules: true })
      expect(mockCode(production.modules)).toEqual([])
    } finally {
      app.remove()
    }
  }, 120_000)

  it("runs docs/usage.md's test setup as a fresh vitest project: overrides do not leak", () => {
    const markdown = readFileSync(join(root, 'docs', 'usage.md'), 'utf8')
    const group = readSnippets(markdown).filter((s) => s.group === 'tests with msw/node')
    expect(group.map((s) => s.file)).toContain('test/setup.ts')
    for (const snippet of group) {
      mkdirSync(dirname(join(project, snippet.file)), { recursive: true })
      writeFileSync(join(project, snippet.file), snippet.code)
    }
    // The consumer's own vitest, installed beside the package as `npm install -D vitest` gives it.
    const vitest = join(project, 'node_modules', 'vitest', 'vitest.mjs')
    const tests = spawnSync(process.execPath, [vitest, 'run'], {
      ...quiet,
      cwd: project,
      env: { ...quiet.env, NO_COLOR: '1' },
    })
    expect(tests.status, tests.stdout + tests.stderr).toBe(0)
    // Every test the snippets declare ran and passed (docs/usage.md may add one).
    const declared = group.reduce((n, s) => n + (s.code.match(/^\s*it\(/gm)?.length ?? 0), 0)
    expect(declared).toBeGreaterThanOrEqual(7)
    expect(tests.stdout).toMatch(new RegExp(`Tests\\s+${declared} passed \\(${declared}\\)`))
    // Type-checked as a fresh Vite/vitest project is configured: no allowImportingTsExtensions.
    writeFileSync(join(project, 'tsconfig.docs.json'), DOCS_TSCONFIG)
    const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc')
    const typed = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.docs.json'], {
      ...quiet,
      cwd: project,
    })
    expect(typed.stdout + typed.stderr).toBe('')
    expect(typed.status).toBe(0)
  }, 180_000)
})

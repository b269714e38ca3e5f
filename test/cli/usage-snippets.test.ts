import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { startServer } from '../../mock/http/index.ts'
import { FOREIGN_FILE } from '../contract-selftest/foreign.ts'
import { startForeign } from '../foreign/server.ts'
import { EXAMPLE_SRC, repoFile } from '../frontend/example.ts'
import { ROOT } from './cli.ts'
import { driveForeignApp, recordThroughProxy } from './import-flow.ts'
import { readSnippets, type Snippet, sourceEntries, toSource } from './snippets.ts'

const snippets = readSnippets(readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8'))
const entries = sourceEntries(ROOT)
const BROWSER_GROUP = 'frontend with msw/browser'
/** Run in Chromium by test/browser/watch.test.ts. */
const WATCH_GROUP = 'frontend watching a real API'
/** Run below against a recording of test/foreign and an empty mock. */
const OFFLINE_GROUP = 'work offline with staging data'
/** Run in Chromium by test/storybook/storybook.test.ts and test/playwright/playwright.test.ts. */
const STORYBOOK_GROUP = 'storybook'
const PLAYWRIGHT_GROUP = 'playwright'
/** The backend path runs from an installed package: test/package/conformance.test.ts runs these. */
const fromInstall = (group: string) => group.startsWith('backend ')
mkdirSync(join(ROOT, '.scratch'), { recursive: true })
// Inside the repository, so the snippets resolve vitest, msw and tsx from its node_modules.
const scratch = mkdtempSync(join(ROOT, '.scratch', 'usage-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

const run = (command: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
  new Promise<{ status: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env, NO_COLOR: '1' } })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (status) => resolve({ status, output }))
  })

/** Writes a group's files into its own folder, package imports pointed at the source. */
const writeGroup = (group: Snippet[], name: string): string => {
  const dir = join(scratch, name.replace(/\W+/g, '-'))
  for (const snippet of group) {
    const path = join(dir, snippet.file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, snippet.lang === 'ts' ? toSource(snippet.code, entries) : snippet.code)
  }
  return dir
}

/**
 * What `tsc -p` would report in the snippets' own files: the program is built as tsc builds it
 * (the sources behind `paths` resolved and read), but only the snippets are checked in full; the
 * sources are checked as far as the snippets use them, and on their own by `npm run typecheck`.
 * Checking every source file again cost ~20 s of CPU per run.
 */
const snippetErrors = (tsconfig: string): string => {
  const folder = `${dirname(tsconfig)}/`
  const config = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  })
  if (!config) throw new Error(`${tsconfig} could not be read`)
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options })
  const own = program.getSourceFiles().filter((file) => file.fileName.startsWith(folder))
  expect(own.length).toBeGreaterThanOrEqual(config.fileNames.length)
  const diagnostics = [
    ...config.errors,
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...own.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ]
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => dirname(tsconfig),
    getNewLine: () => '\n',
  })
}

const groups = new Map<string, Snippet[]>()
for (const s of snippets.filter(
  (s) =>
    s.lang === 'ts' &&
    s.group !== BROWSER_GROUP &&
    s.group !== WATCH_GROUP &&
    s.group !== STORYBOOK_GROUP &&
    s.group !== PLAYWRIGHT_GROUP &&
    !fromInstall(s.group),
)) {
  groups.set(s.group, [...(groups.get(s.group) ?? []), s])
}

describe('docs/usage.md', () => {
  it('has the four everyday uses as marked snippets', () => {
    expect([...new Set(snippets.map((s) => s.group))]).toEqual([
      BROWSER_GROUP,
      'tests with msw/node',
      'script with msw/node',
      'older release with msw/node',
      'backend from zero',
      'vocabulary',
      'backend from code',
      'backend in vitest',
      'backend in node --test',
      'staging check in CI',
      'watch with the proxy',
      'watch a HAR file',
      WATCH_GROUP,
      OFFLINE_GROUP,
      STORYBOOK_GROUP,
      PLAYWRIGHT_GROUP,
    ])
  })

  it.each([...groups.keys()])(
    '"%s" runs as written',
    async (name) => {
      const group = groups.get(name) ?? []
      const dir = writeGroup(group, name)
      const usesVitest = group.some((s) => s.file === 'vitest.config.ts')
      const tool = usesVitest
        ? [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run']
        : [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), group[0]?.file ?? '']
      const { status, output } = await run(process.execPath, tool, dir)
      expect(status, output).toBe(0)
      // forms.test.ts overrides GET /forms in one test and expects the mock's answer in the next;
      // data.test.ts loads other data per test and expects the demo data back after;
      // journal.test.ts expects the journal emptied between tests.
      if (usesVitest) expect(output).toMatch(/Tests\s+9 passed \(9\)/)
    },
    60_000,
  )

  it('type-checks every TypeScript snippet, the browser one included', async () => {
    const all = snippets.filter((s) => s.lang === 'ts')
    const dir = join(scratch, 'typecheck')
    for (const s of all) {
      const path = join(dir, s.group.replace(/\W+/g, '-'), s.file)
      mkdirSync(dirname(path), { recursive: true })
      writeFileSync(path, s.code)
    }
    // The component the Storybook snippets render (the reader's own, in their project).
    const component = join(dir, STORYBOOK_GROUP, 'src', 'FormsList.tsx')
    writeFileSync(component, repoFile(join(EXAMPLE_SRC, 'FormsList.tsx'), { asPackage: true }))
    // What a Vite project's src/vite-env.d.ts gives the browser snippet: `import.meta.env`.
    writeFileSync(join(dir, 'vite-env.d.ts'), '/// <reference types="vite/client" />\n')
    // The imports stay as a consumer writes them; `paths` maps them to the source.
    const paths = Object.fromEntries([...entries].map(([name, source]) => [name, [source]]))
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.json'),
        // As Vite and vitest projects resolve: extensionless relative imports. The sources behind
        // `paths` import with `.ts`; that a consumer needs no such option is checked below and,
        // against the installed package, in test/package.
        compilerOptions: {
          paths,
          noEmit: true,
          module: 'preserve',
          moduleResolution: 'bundler',
          allowImportingTsExtensions: true,
        },
        include: ['**/*.ts'],
      }),
    )
    expect(snippetErrors(join(dir, 'tsconfig.json'))).toBe('')
  }, 120_000)

  it('needs no package but this one: overrides import http/HttpResponse from our entry points', () => {
    const ts = snippets.filter((s) => s.lang === 'ts')
    // Storybook's and Playwright's sections import those tools (and msw's binding for each).
    const tools = new Set([STORYBOOK_GROUP, PLAYWRIGHT_GROUP])
    const packages = ts
      .filter((s) => !tools.has(s.group))
      .flatMap((s) => [...s.code.matchAll(/from '([^.'][^']*)'/g)].map((m) => m[1]?.split('/')[0]))
    // `vite` only in the Vite app's own vite.config.ts.
    expect(new Set(packages)).toEqual(new Set(['engagement-mock', 'vitest', 'vite']))
    const toolPackages = ts
      .filter((s) => tools.has(s.group))
      .flatMap((s) => [...s.code.matchAll(/from '([^.'][^']*)'/g)].map((m) => m[1]))
    expect(new Set(toolPackages)).toEqual(
      new Set([
        '@storybook/react-vite',
        'engagement-mock/mock/storybook',
        'msw-storybook-addon/csf3',
        'storybook/test',
        '@playwright/test',
        'engagement-mock/mock/playwright',
      ]),
    )
    expect(
      ts.some((s) =>
        /import \{[^}]*\bhttp\b[^}]*\} from 'engagement-mock\/mock\/node'/.test(s.code),
      ),
    ).toBe(true)
  })

  it('imports its own files without a `.ts` extension (a fresh project cannot)', () => {
    const relativeImports = snippets
      .filter((s) => s.lang === 'ts')
      .flatMap((s) => [...s.code.matchAll(/from '(\.{1,2}\/[^']*)'/g)].map((m) => m[1]))
    expect(relativeImports.length).toBeGreaterThan(0)
    expect(relativeImports.filter((path) => path?.endsWith('.ts'))).toEqual([])
  })

  it('"staging check in CI" passes against the mock with the demo keys', async () => {
    const [snippet] = snippets.filter((s) => s.group === 'staging check in CI')
    const server = await startServer({ port: 0 })
    try {
      const { status, output } = await run('bash', ['-c', snippet?.code ?? 'exit 9'], ROOT, {
        STAGING_API_URL: server.baseUrl,
        STAGING_API_KEY: ACME_KEY,
        STAGING_OTHER_ORG_KEY: 'globex-demo-key',
        STAGING_NO_ENTITLEMENTS_KEY: 'globex-demo-key',
        CONTRACT_REPORT_DIR: join(scratch, 'reports'),
      })
      expect(output).toMatch(/total\s+[1-9]\d*\s+0\s+0/)
      expect(status).toBe(0)
    } finally {
      await server.close()
    }
  }, 120_000)

  it('"work offline with staging data" imports a recording and seeds an empty mock with it', async () => {
    const [snippet] = snippets.filter((s) => s.group === OFFLINE_GROUP)
    const dir = join(scratch, 'offline')
    mkdirSync(dir, { recursive: true })
    const foreign = await startForeign()
    const server = await startServer({ port: 0, scenario: 'empty' })
    try {
      const har = await recordThroughProxy(foreign.baseUrl, driveForeignApp)
      writeFileSync(join(dir, 'staging.har'), JSON.stringify(har))
      writeFileSync(join(dir, 'deployment.json'), readFileSync(FOREIGN_FILE))
      const { status, output } = await run('bash', ['-c', snippet?.code ?? 'exit 9'], dir, {
        DEMO_API_URL: server.baseUrl,
        DEMO_API_KEY: ACME_KEY,
      })
      expect(status, output).toBe(0)
      const state = JSON.parse(readFileSync(join(dir, 'staging-state.json'), 'utf8'))
      const answer = await fetch(`${server.baseUrl}/forms`, {
        headers: { authorization: `Bearer ${ACME_KEY}` },
      })
      const forms = ((await answer.json()) as { forms: Array<{ title: string }> }).forms
      // The snippet gives one key: the organization imported as acme-demo-key is seeded, the
      // other's records wait for --other-key.
      const acme = state.organizations.find((o: { apiKey: string }) => o.apiKey === ACME_KEY)
      expect(state.organizations.length).toBeGreaterThan(1)
      expect(forms.map((f) => f.title).sort()).toEqual(
        state.forms
          .filter((f: { orgId: string }) => f.orgId === acme.id)
          .map((f: { title: string }) => f.title)
          .sort(),
      )
      expect(forms.length).toBeGreaterThan(0)
    } finally {
      await server.close()
      await foreign.close()
    }
  }, 120_000)
})

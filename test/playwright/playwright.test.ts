import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { describeInChromium } from '../browser/chromium.ts'
import { createViteApp, type ViteApp, type ViteServer } from '../browser/vite-app.ts'
import { docsFiles, EXAMPLE_SRC, ROOT, repoFile, runNode, writeFiles } from '../frontend/example.ts'

const HERE = join(ROOT, 'test', 'playwright')

/** The parts of Playwright's JSON report read here. */
const Result = z.object({
  status: z.string(),
  workerIndex: z.number(),
  errors: z.array(z.object({ message: z.string().optional() })),
})
const Test = z.object({
  projectName: z.string(),
  expectedStatus: z.string(),
  status: z.string(),
  results: z.array(Result),
})
const Spec = z.object({ title: z.string(), tests: z.array(Test) })
const Suite = z.object({
  specs: z.array(Spec).default([]),
  get suites() {
    return z.array(Suite).default([])
  },
})
type Suite = z.infer<typeof Suite>
const Report = z.object({
  suites: z.array(Suite),
  stats: z.object({ expected: z.number(), unexpected: z.number(), flaky: z.number() }),
  errors: z.array(z.object({ message: z.string().optional() })),
})

const flatten = (suites: Suite[]): { title: string; test: z.infer<typeof Test> }[] =>
  suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({ title: spec.title, test })),
    ),
    ...flatten(suite.suites ?? []),
  ])

describeInChromium('Playwright on the mock: docs/usage.md section 7 over a real Vite app', () => {
  let app: ViteApp | undefined
  let server: ViteServer | undefined
  let scratch: string | undefined
  let run: { status: number | null; output: string } | undefined
  let report: z.infer<typeof Report> | undefined

  beforeAll(async () => {
    // The app as shipped: a production build, with no mock of its own.
    app = createViteApp({
      files: {
        'src/main.ts': repoFile(join(HERE, 'app', 'main.ts')),
        'src/FormsList.tsx': repoFile(join(EXAMPLE_SRC, 'FormsList.tsx')),
      },
      worker: false,
    })
    await app.build()
    server = await app.preview()
    scratch = mkdtempSync(join(ROOT, '.scratch', 'playwright-'))
    writeFiles(join(scratch, 'docs'), docsFiles('playwright'))
    const reportFile = join(scratch, 'report.json')
    run = await runNode(
      '@playwright/test/cli.js',
      ['test', '--config', join(HERE, 'playwright.config.ts')],
      ROOT,
      {
        APP_URL: server.url,
        DOCS_SPECS: join(scratch, 'docs', 'tests'),
        REPORT_FILE: reportFile,
        OUTPUT_DIR: join(scratch, 'results'),
        PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      },
    )
    report = Report.parse(JSON.parse(readFileSync(reportFile, 'utf8')))
  }, 180_000)
  afterAll(async () => {
    await server?.close()
    app?.remove()
    if (scratch) rmSync(scratch, { recursive: true, force: true })
  })

  const tests = () => {
    if (!report) throw new Error('no Playwright report')
    return flatten(report.suites)
  }

  it('runs every test as expected: the docs snippets and the example specs', () => {
    expect(report?.errors, run?.output).toEqual([])
    const outcomes = tests().map(({ title, test }) => [test.projectName, title, test.status])
    expect(
      outcomes.filter(([, , status]) => status !== 'expected'),
      run?.output,
    ).toEqual([])
    expect(outcomes.filter(([project]) => project === 'docs')).toHaveLength(3)
    expect(run?.status, run?.output).toBe(0)
  })

  it("runs the isolation tests in two worker processes, none seeing another's write", () => {
    const isolation = tests().filter(({ title }) => /sees its own write/.test(title))
    expect(isolation).toHaveLength(4)
    const workers = new Set(isolation.flatMap(({ test }) => test.results.map((r) => r.workerIndex)))
    expect(workers.size).toBeGreaterThanOrEqual(2)
    for (const { test } of isolation) expect(test.status).toBe('expected')
  })

  it('fails the journal assertion when the app sends a wrong body', () => {
    const [wrong] = tests().filter(({ title }) => /catches a body/.test(title))
    expect(wrong?.test.expectedStatus).toBe('failed')
    expect(wrong?.test.results.map((r) => r.status)).toEqual(['failed'])
    const message = wrong?.test.results[0]?.errors.map((e) => e.message ?? '').join('\n') ?? ''
    expect(message).toMatch(/toEqual/)
    expect(message).toMatch(/"description": "Quarterly survey"/)
  })
})

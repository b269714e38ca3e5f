import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, ConsoleMessage, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { ACME_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { runCli } from '../cli/cli.ts'
import { readSnippets } from '../cli/snippets.ts'
import { type RunningProxy, startProxy } from '../contract-selftest/proxy.ts'
import { edit, list, on } from '../contract-selftest/rewrite.ts'
import { type ApiSite, serveWithApi } from './api-site.ts'
import { type BuiltPage, buildPage } from './bundle.ts'
import { describeInChromium, launchChromium, ROOT } from './chromium.ts'
import { createViteApp } from './vite-app.ts'

const Answer = z.object({ status: z.number(), text: z.string() })
const Finding = z.object({ kind: z.string(), operationId: z.string(), message: z.string() })
const AppResult = z.object({
  listed: Answer,
  created: Answer,
  read: Answer,
  anonymous: Answer,
  traffic: z
    .object({
      exchanges: z.number(),
      violations: z.array(Finding),
      requestIssues: z.array(Finding),
      coverage: z.object({
        line: z.string(),
        operations: z.object({ seen: z.number(), notSeen: z.array(z.string()) }),
      }),
    })
    .optional(),
})

const tmp = mkdtempSync(join(tmpdir(), 'engagement-watch-'))
let browser: Browser | undefined
let built: BuiltPage | undefined
let mock: RunningServer | undefined
let deviant: RunningProxy | undefined
let faithfulSite: ApiSite | undefined
let deviantSite: ApiSite | undefined

/** Opens the app in a context of its own; `har` records the context's traffic (Chromium's recordHar). */
const open = async (site: ApiSite, mode: 'watch' | 'plain', har?: string) => {
  if (!browser) throw new Error('Chromium did not start')
  const context = await browser.newContext({
    ...(har ? { recordHar: { path: har, content: 'embed' as const } } : {}),
  })
  const page: Page = await context.newPage()
  const console: ConsoleMessage[] = []
  page.on('console', (message) => console.push(message))
  await page.goto(`${site.url}/?mode=${mode}`)
  await page.waitForFunction(() => 'appResult' in globalThis || 'appError' in globalThis)
  const { result, error } = await page.evaluate(() => ({
    result: Reflect.get(globalThis, 'appResult') as unknown,
    error: Reflect.get(globalThis, 'appError') as unknown,
  }))
  await context.close()
  if (error !== undefined) throw new Error(`The app failed in the page: ${String(error)}`)
  return { result: AppResult.parse(result), console }
}

/** The groups the watcher opened in the console, and the warnings inside them. */
const groups = (console: ConsoleMessage[]) =>
  console.filter((m) => m.type() === 'startGroupCollapsed').map((m) => m.text())
const warnings = (console: ConsoleMessage[]) =>
  console.filter((m) => m.type() === 'warning').map((m) => m.text())

describeInChromium(
  'startMockWorker({ watch }): the app talks to the real API, each answer checked',
  () => {
    beforeAll(async () => {
      browser = await launchChromium()
      built = await buildPage('test/browser/app/watch.ts')
      mock = await startServer({ port: 0 })
      deviant = await startProxy(mock.baseUrl, mock.mock)
      // A deployment whose form lists come oldest first (§1: newest first).
      deviant.use(
        on(
          'GET',
          /^\/forms$/,
          edit((body) => ({ forms: list(body.forms).reverse() })),
        ),
      )
      faithfulSite = await serveWithApi(built.dir, mock.url)
      deviantSite = await serveWithApi(built.dir, new URL(deviant.baseUrl).origin)
    })
    afterAll(async () => {
      await browser?.close()
      await faithfulSite?.close()
      await deviantSite?.close()
      await deviant?.close()
      await mock?.close()
      built?.remove()
      rmSync(tmp, { recursive: true, force: true })
    })

    it('warns nothing against a faithful deployment but the app’s own mistake, answers unchanged', async () => {
      if (!faithfulSite || !mock) throw new Error('not started')
      await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })
      const direct = await (
        await fetch(`${mock.baseUrl}/forms`, { headers: { authorization: `Bearer ${ACME_KEY}` } })
      ).text()
      const { result, console } = await open(faithfulSite, 'watch')
      expect(result.listed).toEqual({ status: 200, text: direct })
      expect(result.created.status).toBe(201)
      expect(result.read.status).toBe(200)
      expect(result.traffic?.exchanges).toBe(4)
      expect(result.traffic?.violations).toEqual([])
      expect(result.traffic?.requestIssues.map((f) => f.operationId)).toEqual(['listSessions'])
      // What the app uses: four operations; the rest never used.
      expect(result.traffic?.coverage.operations.seen).toBe(4)
      expect(result.traffic?.coverage.operations.notSeen).toContain('publishForm')
      expect(result.traffic?.coverage.line).toMatch(/^What your app uses: operations 4\/25, /)
      expect(groups(console)).toEqual([
        '[engagement-mock] request issue: listSessions GET /sessions → 401',
      ])
      expect(console.some((m) => m.text().includes('Watching http://127.0.0.1:'))).toBe(true)
    })

    it('warns once per violation, in a group naming the operation, and passes the answer on unchanged', async () => {
      if (!deviantSite || !deviant || !mock) throw new Error('not started')
      await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })
      const direct = await (
        await fetch(`${deviant.baseUrl}/forms`, {
          headers: { authorization: `Bearer ${ACME_KEY}` },
        })
      ).text()
      const { result, console } = await open(deviantSite, 'watch')
      expect(result.listed).toEqual({ status: 200, text: direct })
      expect(result.traffic?.violations.map((f) => f.operationId)).toEqual(['listForms'])
      expect(groups(console)).toEqual([
        '[engagement-mock] contract violation: listForms GET /forms → 200',
        '[engagement-mock] request issue: listSessions GET /sessions → 401',
      ])
      expect(warnings(console)).toEqual([
        expect.stringMatching(/^The API answered against the reference: not newest first \(§1\)/),
        expect.stringMatching(
          /^The app sent a request the reference rules out: sent without credentials/,
        ),
      ])
    })

    it('records a HAR in Chromium that check-traffic checks: the deviant’s defect found, nothing on the faithful one', async () => {
      if (!deviantSite || !faithfulSite || !mock) throw new Error('not started')
      const verdicts: Record<string, { status: number | null; stdout: string }> = {}
      for (const [name, site] of [
        ['faithful', faithfulSite],
        ['deviant', deviantSite],
      ] as const) {
        await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })
        const har = join(tmp, `${name}.har`)
        await open(site, 'plain', har)
        const checked = await runCli(['check-traffic', har, '--report-dir', join(tmp, name)])
        verdicts[name] = { status: checked.status, stdout: checked.stdout }
      }
      expect(verdicts.faithful?.status).toBe(0)
      expect(verdicts.faithful?.stdout).toMatch(
        /! #\d+ listSessions GET \/sessions → 401 request issue/,
      )
      expect(verdicts.deviant?.status).toBe(1)
      expect(verdicts.deviant?.stdout).toMatch(
        /✗ #\d+ listForms GET \/forms → 200: not newest first/,
      )
      expect(verdicts.deviant?.stdout).not.toContain(ACME_KEY)
    })

    it('runs docs/usage.md’s "frontend watching a real API" in a Vite dev server, as written', async () => {
      if (!browser || !deviant || !mock) throw new Error('not started')
      await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })
      const snippet = readSnippets(readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8')).find(
        (s) => s.group === 'frontend watching a real API',
      )
      if (!snippet) throw new Error('docs/usage.md has no "frontend watching a real API" snippet')
      // Staging is the oldest-first deployment here, reached cross-origin as a real API is.
      const staging = 'https://staging.example.com/api/v1'
      expect(snippet.code).toContain(`'${staging}'`)
      const app = createViteApp({
        files: {
          'src/main.ts': snippet.code.replace(staging, deviant.baseUrl),
          '.env': `VITE_API_KEY=${ACME_KEY}\n`,
        },
      })
      const dev = await app.dev()
      const context = await browser.newContext()
      try {
        const page = await context.newPage()
        const console: ConsoleMessage[] = []
        page.on('console', (message) => console.push(message))
        await page.goto(dev.url)
        await expect.poll(() => page.locator('ul > li').count(), { timeout: 30_000 }).toBe(12)
        await expect
          .poll(() => groups(console), { timeout: 10_000 })
          .toEqual(['[engagement-mock] contract violation: listForms GET /forms → 200'])
        expect(warnings(console)).toEqual([
          expect.stringMatching(/^The API answered against the reference: not newest first \(§1\)/),
        ])
      } finally {
        await context.close()
        await dev.close()
        app.remove()
      }
    }, 120_000)
  },
)

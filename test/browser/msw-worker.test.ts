import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { contract } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { createMock } from '../../mock/create.ts'
import { readSnippets } from '../cli/snippets.ts'
import { type BuiltPage, buildPage } from './bundle.ts'
import { describeInChromium, ROOT, screenshot, useChromium } from './chromium.ts'
import { type StaticServer, serveFolder } from './static-server.ts'
import { createViteApp, type ViteApp, type ViteServer } from './vite-app.ts'

const Answer = z.object({ status: z.number(), body: z.unknown() })
const AppResult = z.object({
  controlled: z.boolean(),
  before: Answer,
  created: Answer,
  after: Answer,
  journal: z.array(z.tuple([z.string().nullable(), z.number().optional(), z.unknown()])),
})
const FormList = contract.listForms.success.profile
const Created = contract.createForm.success.profile

/** Waits for the bundled app to report, and fails with its error if it threw. */
const appResult = async (page: Page) => {
  await page.waitForFunction(() => 'appResult' in globalThis || 'appError' in globalThis)
  const { result, error } = await page.evaluate(() => ({
    result: Reflect.get(globalThis, 'appResult') as unknown,
    error: Reflect.get(globalThis, 'appError') as unknown,
  }))
  if (error !== undefined) throw new Error(`The app failed in the page: ${String(error)}`)
  return AppResult.parse(result)
}

/** The demo forms as the Node-side mock lists them: the worker must answer the very same. */
const demoForms = async () => {
  const mock = createMock()
  const answer = await mock.handle({
    method: 'GET',
    path: '/forms',
    headers: { authorization: `Bearer ${ACME_KEY}` },
  })
  return FormList.parse(JSON.parse(answer.text)).forms
}

describeInChromium('msw in the browser: the stateful mock answers a static page', () => {
  const chromium = useChromium()
  let built: BuiltPage | undefined
  let site: StaticServer | undefined
  beforeAll(async () => {
    built = await buildPage('test/browser/app/main.ts')
    site = await serveFolder(built.dir)
  })
  afterAll(async () => {
    await site?.close()
    built?.remove()
  })

  it('lists the demo forms, creates one and sees it first, with no API server running', async () => {
    if (!site) throw new Error('no static server')
    const page = await chromium.newPage()
    await page.goto(site.url)
    const result = await appResult(page)

    expect(result.controlled).toBe(true)
    expect(result.before.status).toBe(200)
    const before = FormList.parse(result.before.body).forms
    expect(before).toEqual(await demoForms())

    expect(result.created.status).toBe(201)
    const created = Created.parse(result.created.body).form
    expect(created.title).toBe('Made in the browser')

    expect(result.after.status).toBe(200)
    const after = FormList.parse(result.after.body).forms
    expect(after[0]).toEqual(created)
    expect(after.slice(1)).toEqual(before)
    expect(result.journal).toEqual([
      ['listForms', 200, undefined],
      ['createForm', 201, { title: 'Made in the browser' }],
      ['listForms', 200, undefined],
    ])

    // The static server saw the page and its files, never an API call.
    expect(site.requests.filter((r) => r.includes('/api/'))).toEqual([])
    expect(site.requests).toContain('GET /mockServiceWorker.js')
  })
})

describeInChromium(
  'docs/usage.md: the browser snippet runs as written, in a Vite dev server',
  () => {
    const chromium = useChromium()
    let app: ViteApp | undefined
    let dev: ViteServer | undefined
    beforeAll(async () => {
      const markdown = readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8')
      const snippet = readSnippets(markdown).find((s) => s.group === 'frontend with msw/browser')
      if (!snippet) throw new Error('docs/usage.md has no "frontend with msw/browser" snippet')
      app = createViteApp({ files: { 'src/main.ts': snippet.code } })
      dev = await app.dev()
    }, 60_000)
    afterAll(async () => {
      await dev?.close()
      app?.remove()
    })

    it("shows Acme's demo forms from a worker answering an address that does not resolve", async () => {
      if (!dev) throw new Error('no dev server')
      const page = await chromium.newPage()
      const failures: string[] = []
      page.on('pageerror', (error) => failures.push(error.message))
      await page.goto(dev.url)
      const items = page.locator('ul > li')
      const forms = await demoForms()
      await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(forms.length)
      expect(failures).toEqual([])
      const first = forms[0]
      expect(await items.first().textContent()).toBe(
        `${first?.title} (${first?.status}) ${first?.shareUrl}`,
      )
      // The devtools one-liner the docs give: `await engagementMock.reset()`.
      expect(
        await page.evaluate(() => typeof Reflect.get(globalThis, 'engagementMock')?.reset),
      ).toBe('function')
      expect(dev.requests.filter((r) => r.includes('/api/'))).toEqual([])
      await screenshot(page, 'usage-snippet')
    })
  },
)

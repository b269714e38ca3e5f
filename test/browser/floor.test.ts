import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { createMock } from '../../mock/create.ts'
import { FLOOR_APP, FLOOR_MODULE } from './app/sources.ts'
import { describeInChromium, useChromium } from './chromium.ts'
import { createViteApp, type ViteApp, type ViteServer } from './vite-app.ts'

/** The titles the mock itself answers to the demo's first GET /forms. */
const mockTitles = async () => {
  const answer = await createMock().handle({
    method: 'GET',
    path: '/forms',
    headers: { authorization: `Bearer ${ACME_KEY}` },
  })
  return (JSON.parse(answer.text) as { forms: { title: string }[] }).forms.map((f) => f.title)
}

const shownTitles = async (page: Page) => {
  await page.locator('#app[data-rendered-at]').waitFor({ state: 'attached', timeout: 20_000 })
  return page.locator('#app li').allTextContents()
}

// bench:browser judges the mock's first render against this floor: it must answer the same list,
// or a broken floor (an empty list, another organization's) would look fast and flatter nothing.
describeInChromium("bench:browser's floor of our dependencies (vite preview)", () => {
  const chromium = useChromium()
  let app: ViteApp | undefined
  let server: ViteServer | undefined
  beforeAll(async () => {
    app = createViteApp({
      files: { 'src/main.ts': FLOOR_APP, 'src/floor.ts': FLOOR_MODULE, '.env': 'VITE_MOCK=on\n' },
    })
    await app.build()
    server = await app.preview()
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    app?.remove()
  })

  it('renders the demo forms the mock answers, in its order, on the first load and after a reload', async () => {
    const expected = await mockTitles()
    expect(expected.length).toBeGreaterThan(1)
    const page = await chromium.newPage()
    await page.goto(`${server?.url}/`)
    expect(await shownTitles(page)).toEqual(expected)
    await page.reload()
    expect(await shownTitles(page)).toEqual(expected)
  })
})

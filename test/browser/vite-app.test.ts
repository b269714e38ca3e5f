import { afterAll, beforeAll, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { createMock } from '../../mock/create.ts'
import { describeInChromium, useChromium } from './chromium.ts'
import { createViteApp, type ViteApp, type ViteServer } from './vite-app.ts'

/** Starts the worker, then renders the forms or the error: msw's start-then-render pattern. */
const APP = `
import { createClient } from 'engagement-mock'
import { startMockWorker } from 'engagement-mock/mock/browser'

const baseUrl = '/api/v1'
const app = document.querySelector('#app')!

const render = async () => {
  const listed = await createClient({ baseUrl, apiKey: '${ACME_KEY}' }).listForms()
  if (!listed.ok) throw new Error('listForms answered ' + listed.status)
  const list = document.createElement('ul')
  for (const form of listed.body.forms) {
    const item = document.createElement('li')
    item.textContent = form.title
    list.append(item)
  }
  app.append(list)
}

startMockWorker({ baseUrl, quiet: true })
  .then(render)
  .catch((error) => {
    app.setAttribute('data-error', error instanceof Error ? error.message : String(error))
  })
`

describeInChromium('a real Vite app (default targets) on the browser mock', () => {
  const chromium = useChromium()
  const apps: ViteApp[] = []
  const servers: ViteServer[] = []
  let withWorker: ViteServer | undefined
  let withoutWorker: ViteServer | undefined
  beforeAll(async () => {
    for (const worker of [true, false]) {
      const app = createViteApp({ files: { 'src/main.ts': APP }, worker })
      apps.push(app)
      await app.build()
      servers.push(await app.preview())
    }
    ;[withWorker, withoutWorker] = servers
  }, 120_000)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
    for (const app of apps) app.remove()
  })

  it('lists the demo forms under `vite preview`, the API never reaching the server', async () => {
    if (!withWorker) throw new Error('no preview server')
    const mock = createMock()
    const answer = await mock.handle({
      method: 'GET',
      path: '/forms',
      headers: { authorization: `Bearer ${ACME_KEY}` },
    })
    const titles = (JSON.parse(answer.text) as { forms: Array<{ title: string }> }).forms.map(
      (form) => form.title,
    )
    const page = await chromium.newPage()
    await page.goto(withWorker.url)
    const items = page.locator('#app li')
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(titles.length)
    expect(await items.allTextContents()).toEqual(titles)
    expect(withWorker.requests.filter((r) => r.includes('/api/'))).toEqual([])
  })

  it("names `npx msw init` when the app's public folder has no worker script", async () => {
    if (!withoutWorker) throw new Error('no preview server')
    const page = await chromium.newPage()
    await page.goto(withoutWorker.url)
    const app = page.locator('#app[data-error]')
    await app.waitFor({ state: 'attached', timeout: 15_000 })
    const message = await app.getAttribute('data-error')
    // vite preview answers the missing file with its index.html, as most dev servers do.
    expect(message).toContain(`${withoutWorker.url}/mockServiceWorker.js is not JavaScript`)
    expect(message).toContain('npx msw init <public dir>')
  })
})

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { START_MARKS } from '../../mock/browser/marks.ts'
import { createMock } from '../../mock/create.ts'
import { LARGE_COUNTS } from '../../mock/scenarios.ts'
import { OFFLINE_APP } from './app/offline-app.ts'
import { describeInChromium, screenshot, useChromium } from './chromium.ts'
import { createViteApp, type ViteApp, type ViteServer } from './vite-app.ts'

/** A page's first create waits for faker's chunk (imported when idle): more than poll's 1 s on a busy machine. */
const CREATED = { timeout: 10_000 }

const count = (page: Page) => page.locator('#app').getAttribute('data-count')
const first = (page: Page) => page.locator('#app').getAttribute('data-first')

/** Waits until the app rendered a list (or an error) and returns how many forms it shows. */
const rendered = async (page: Page) => {
  await page
    .locator('#app[data-count], #app[data-error]')
    .first()
    .waitFor({ state: 'attached', timeout: 20_000 })
  const error = await page.locator('#app').getAttribute('data-error')
  if (error) throw new Error(`The app shows an error: ${error}`)
  return Number(await count(page))
}

const demoCount = async () => {
  const answer = await createMock().handle({
    method: 'GET',
    path: '/forms',
    headers: { authorization: `Bearer ${ACME_KEY}` },
  })
  return (JSON.parse(answer.text) as { forms: unknown[] }).forms.length
}

/** A state saved from `GET /__mock/state`, as QA would keep one: the empty scenario and one form. */
const savedState = async () => {
  const mock = createMock({ scenario: 'empty' })
  const created = await mock.handle({
    method: 'POST',
    path: '/forms',
    headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Checkout survey (QA)' }),
  })
  if (created.status !== 201) throw new Error(created.text)
  return mock.exportState()
}

describeInChromium('a Vite app working offline on the browser mock (vite preview)', () => {
  const chromium = useChromium()
  let app: ViteApp | undefined
  let server: ViteServer | undefined
  let demo = 0
  beforeAll(async () => {
    app = createViteApp({
      files: {
        'src/main.ts': OFFLINE_APP,
        '.env': 'VITE_MOCK=on\n',
        'public/qa/one-form.json': JSON.stringify(await savedState()),
      },
    })
    await app.build()
    server = await app.preview()
    demo = await demoCount()
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    app?.remove()
  })
  const url = (query = '') => {
    if (!server) throw new Error('no preview server')
    return `${server.url}/${query}`
  }

  it('keeps what the app created across a reload, and the devtools one-liner resets it', async () => {
    const page = await chromium.newPage()
    await page.goto(url())
    expect(await rendered(page)).toBe(demo)
    await page.click('#create')
    await expect.poll(() => count(page), CREATED).toBe(String(demo + 1))
    const made = await first(page)
    expect(made).toMatch(/^Made offline/)

    await page.reload()
    expect(await rendered(page)).toBe(demo + 1)
    expect(await first(page)).toBe(made)

    await page.evaluate(() => Reflect.get(globalThis, 'engagementMock').reset())
    await page.reload()
    expect(await rendered(page)).toBe(demo)
    expect(server?.requests.filter((r) => r.includes('/api/'))).toEqual([])
  })

  it("marks its start in the page's Performance timeline, once each and in order, before the first answer", async () => {
    const page = await chromium.newPage()
    await page.goto(url())
    expect(await rendered(page)).toBe(demo)
    const { start, worker, state, ready } = START_MARKS
    const names = [start, worker, state, ready, 'app:answered']
    const times = await page.evaluate(
      (list) =>
        list.map((name) => performance.getEntriesByName(name, 'mark').map((m) => m.startTime)),
      names,
    )
    expect(times.map((found) => found.length)).toEqual(names.map(() => 1))
    const [t0, tWorker, tState, tReady, tAnswered] = times.map(([at]) => at ?? Number.NaN) as [
      number,
      number,
      number,
      number,
      number,
    ]
    // The worker's start and the store run side by side; both end before the handlers answer.
    expect(Math.max(tWorker, tState)).toBeLessThanOrEqual(tReady)
    expect(Math.min(tWorker, tState)).toBeGreaterThanOrEqual(t0)
    expect(tReady).toBeLessThanOrEqual(tAnswered)
  })

  it('imports faker after the first answer without waiting for a write', async () => {
    const page = await chromium.newPage()
    await page.goto(url())
    expect(await rendered(page)).toBe(demo)
    const fakerRequested = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/ids-faker-[\w-]+\.js$/.test(new URL(entry.name).pathname)),
      )
    await expect.poll(fakerRequested, { timeout: 10_000 }).toBe(true)
  })

  it("reloads its scripts from the browser's cache under the worker, not asking the server again (recipe's vite.config.ts)", async () => {
    // Asked again (a 304), a script loses its compiled code in Chromium under a service worker
    // and is compiled anew on every load: the largest part of the first render (bench/browser.ts).
    const page = await chromium.newPage()
    await page.goto(url())
    expect(await rendered(page)).toBe(demo)
    await page.reload()
    expect(await rendered(page)).toBe(demo)
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => /^\/assets\/.+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, transferSize: entry.transferSize })),
    )
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    // The entry, the mock's chunk and the demo's parts at least: all from the cache (no bytes sent).
    expect(scripts.length).toBeGreaterThanOrEqual(3)
    expect(scripts.filter((script) => script.transferSize !== 0)).toEqual([])
    // Only the hashed files: the page itself and the worker script are asked for each time.
    const cacheControl = async (path: string) =>
      (await fetch(url().replace(/\/$/, path))).headers.get('cache-control')
    expect(await cacheControl(scripts[0]?.path ?? '')).toContain('immutable')
    expect((await cacheControl('/')) ?? '').not.toMatch(/max-age|immutable/)
    expect((await cacheControl('/mockServiceWorker.js')) ?? '').not.toMatch(/max-age|immutable/)
  })

  it('shows a form created in one tab in a second tab, live, and a reset in both', async () => {
    const one = await chromium.newPage()
    await one.goto(url())
    expect(await rendered(one)).toBe(demo)
    const two = await one.context().newPage()
    await two.goto(url())
    expect(await rendered(two)).toBe(demo)

    await one.click('#create')
    await expect.poll(() => count(one), CREATED).toBe(String(demo + 1))
    await expect.poll(() => count(two), { timeout: 10_000 }).toBe(String(demo + 1))
    expect(await first(two)).toBe(await first(one))

    await two.evaluate(() => Reflect.get(globalThis, 'engagementMock').reset())
    await expect.poll(() => count(one), { timeout: 10_000 }).toBe(String(demo))
    await screenshot(two, 'offline-second-tab')
  })

  it('opens in the scenario a QA link names, each with its own saved state', async () => {
    const page = await chromium.newPage()
    await page.goto(url('?mock-scenario=empty'))
    expect(await rendered(page)).toBe(0)
    await page.click('#create')
    await expect.poll(() => count(page), CREATED).toBe('1')
    await page.reload()
    expect(await rendered(page)).toBe(1)

    await page.goto(url('?mock-scenario=large:forms=60'))
    expect(await rendered(page)).toBe(60)
    await page.goto(url())
    expect(await rendered(page)).toBe(demo)
    expect(LARGE_COUNTS.forms).toBeGreaterThan(60)

    await page.goto(url('?mock-scenario=/qa/one-form.json'))
    expect(await rendered(page)).toBe(1)
    expect(await first(page)).toBe('Checkout survey (QA)')

    await page.goto(url('?mock-scenario=huge'))
    await page.locator('#app[data-error]').waitFor({ state: 'attached', timeout: 20_000 })
    expect(await page.locator('#app').getAttribute('data-error')).toContain(
      '?mock-scenario=huge: Unknown scenario "huge": use `demo`',
    )
  })

  it('shows an override answering in the contract’s error shape', async () => {
    const page = await chromium.newPage()
    await page.goto(url('?fail-list'))
    await page.locator('#app[data-error]').waitFor({ state: 'attached', timeout: 20_000 })
    expect(await page.locator('#app').getAttribute('data-error')).toBe(
      '503 The forms service is down (override).',
    )
    // `worker.resetHandlers()` drops the override and keeps the mock's own handlers.
    await page.evaluate(() => {
      Reflect.get(globalThis, 'worker').resetHandlers()
      dispatchEvent(new Event(Reflect.get(globalThis, 'MOCK_CHANGE_EVENT')))
    })
    await expect.poll(() => count(page), { timeout: 10_000 }).toBe(String(demo))
  })

  it("answers with a plain msw handler from the package's http (one msw in the app)", async () => {
    const page = await chromium.newPage()
    await page.goto(url('?raw-empty-list'))
    expect(await rendered(page)).toBe(0)
    await page.evaluate(() => {
      Reflect.get(globalThis, 'worker').resetHandlers()
      dispatchEvent(new Event(Reflect.get(globalThis, 'MOCK_CHANGE_EVENT')))
    })
    await expect.poll(() => count(page), { timeout: 10_000 }).toBe(String(demo))
  })

  it('drops a corrupt saved state with a console warning and renders the scenario', async () => {
    const page = await chromium.newPage()
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto(url())
    expect(await rendered(page)).toBe(demo)
    await page.click('#create')
    await expect.poll(() => count(page), CREATED).toBe(String(demo + 1))
    // Break every saved state of this origin, as a crash or a hand edit could.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('engagement-mock')
          open.onsuccess = () => {
            const tx = open.result.transaction('states', 'readwrite')
            const table = tx.objectStore('states')
            const keys = table.getAllKeys()
            keys.onsuccess = () => {
              for (const key of keys.result)
                table.put('{"format": "engagement-mock-state", "ver', key)
            }
            tx.oncomplete = () => resolve()
            tx.onerror = () => reject(tx.error)
          }
        }),
    )
    await page.reload()
    expect(await rendered(page)).toBe(demo)
    expect(warnings.join('\n')).toMatch(
      /\[engagement-mock\] The saved mock state "v[\d.]+\/seed=1\/scenario=demo" could not be used and was dropped: not JSON/,
    )
    await page.reload()
    expect(await rendered(page)).toBe(demo)
  })
})

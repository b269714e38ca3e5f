import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { z } from 'zod'
import { contract } from '../../contract/index.ts'
import { type BuiltPage, buildPage } from './bundle.ts'
import { describeInChromium, useChromium } from './chromium.ts'
import { type StaticServer, serveFolder } from './static-server.ts'

const Answer = z.object({ status: z.number(), body: z.unknown() })
const HostResult = z.object({
  created: Answer,
  listed: Answer,
  reset: Answer,
  after: Answer,
  series: Answer,
})
const FormList = contract.listForms.success.profile

/** Opens the app with `query`, collecting console lines, and waits for its result or error. */
const open = async (page: Page, url: string) => {
  const console: string[] = []
  page.on('console', (message) => console.push(message.text()))
  await page.goto(url)
  await page.waitForFunction(() => 'appResult' in globalThis || 'appError' in globalThis)
  const { result, error } = await page.evaluate(() => ({
    result: Reflect.get(globalThis, 'appResult') as unknown,
    error: Reflect.get(globalThis, 'appError') as unknown,
  }))
  return { result, error: error === undefined ? undefined : String(error), console }
}

describeInChromium('startMockWorker in Chromium: base URL, start message, worker script', () => {
  const chromium = useChromium()
  let built: BuiltPage | undefined
  let site: StaticServer | undefined
  let noWorker: StaticServer | undefined
  beforeAll(async () => {
    built = await buildPage('test/browser/app/host-options.ts')
    site = await serveFolder(built.dir)
    // The same app, as served by a project that never ran `msw init`.
    rmSync(join(built.dir, 'mockServiceWorker.js'))
    noWorker = await serveFolder(built.dir)
  })
  afterAll(async () => {
    await site?.close()
    await noWorker?.close()
    built?.remove()
  })

  it("answers a relative base URL at the page's origin, control routes included", async () => {
    if (!site) throw new Error('no static server')
    const { result, error } = await open(await chromium.newPage(), `${site.url}/?baseUrl=/api/v1`)
    expect(error).toBeUndefined()
    const { created, listed, reset, after } = HostResult.parse(result)
    expect(created.status).toBe(201)
    const titles = FormList.parse(listed.body).forms.map((form) => form.title)
    expect(titles[0]).toBe('Behind a proxy')
    expect(reset).toEqual({ status: 200, body: { ok: true } })
    const afterTitles = FormList.parse(after.body).forms.map((form) => form.title)
    expect(afterTitles).toEqual(titles.slice(1))
    expect(site.requests.filter((r) => r.includes('/api/') || r.includes('/__mock/'))).toEqual([])
  })

  it('says once in the console that mocking is on, and where; `quiet` turns it off', async () => {
    if (!site) throw new Error('no static server')
    const loud = await open(await chromium.newPage(), `${site.url}/?baseUrl=/api/v1`)
    expect(loud.error).toBeUndefined()
    const lines = loud.console.filter((line) => /mocking/i.test(line))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`Mocking is on: ${site.url}/api/v1/`)
    const quiet = await open(await chromium.newPage(), `${site.url}/?baseUrl=/api/v1&quiet=1`)
    expect(quiet.error).toBeUndefined()
    expect(quiet.console.filter((line) => /mocking/i.test(line))).toEqual([])
  })

  it('answers as an earlier release with the release option, and says which', async () => {
    if (!site) throw new Error('no static server')
    const earlier = await open(
      await chromium.newPage(),
      `${site.url}/?baseUrl=/api/v1&release=2026-07-12`,
    )
    expect(earlier.error).toBeUndefined()
    const { series, listed } = HostResult.parse(earlier.result)
    expect(series).toEqual({
      status: 404,
      body: { error: 'No operation matches GET /series; see /openapi.json.' },
    })
    expect(listed.status).toBe(200)
    expect(earlier.console.find((line) => /Mocking is on/.test(line))).toContain(
      'release 2026-07-11 of the API',
    )
    const latest = await open(await chromium.newPage(), `${site.url}/?baseUrl=/api/v1`)
    expect(HostResult.parse(latest.result).series.status).toBe(200)
  })

  it('fails naming `npx msw init` when mockServiceWorker.js is not served', async () => {
    if (!noWorker) throw new Error('no static server')
    const { error } = await open(await chromium.newPage(), `${noWorker.url}/?baseUrl=/api/v1`)
    expect(error).toContain(`${noWorker.url}/mockServiceWorker.js answered 404`)
    expect(error).toContain('npx msw init <public dir>')
  })
})

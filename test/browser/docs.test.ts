import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { operationIds } from '../../contract/index.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { mountPages } from '../../mock/http/pages/index.ts'
import { describeInChromium, screenshot, useChromium } from './chromium.ts'

describeInChromium('/docs: the interactive API reference', () => {
  const chromium = useChromium()
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer({ port: 0, extend: mountPages })
  })
  afterAll(() => server?.close())

  /** Opens /docs, recording every URL the page asks for. */
  const openDocs = async (): Promise<{ page: Page; requested: string[]; origin: string }> => {
    if (!server) throw new Error('no server')
    const page = await chromium.newPage()
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    await page.goto(`${server.url}/docs`)
    await page.waitForSelector('body[data-ready="true"]')
    return { page, requested, origin: server.url }
  }

  it('lists every operation of the contract, once, loading nothing from elsewhere', async () => {
    const { page, requested, origin } = await openDocs()
    const shown = await page.$$eval('.opblock .opblock-summary-operation-id', (nodes) =>
      nodes.map((node) => node.textContent?.trim() ?? ''),
    )
    expect([...shown].sort()).toEqual([...operationIds].sort())
    expect(requested.filter((url) => !url.startsWith(`${origin}/`))).toEqual([])
    expect(requested).toContain(`${origin}/docs/assets/swagger-ui-bundle.js`)
    await screenshot(page, 'docs', false)
  })

  it('runs GET /forms from "Try it out" with the demo key already set', async () => {
    if (!server) throw new Error('no server')
    const listed = await fetch(`${server.baseUrl}/forms`, {
      headers: { authorization: `Bearer ${ACME_KEY}` },
    })
    const { forms } = (await listed.json()) as { forms: Array<{ title: string }> }
    const { page } = await openDocs()
    const operation = page.locator('#operations-forms-listForms')
    await operation.locator('.opblock-summary-control').click()
    await operation.locator('button.try-out__btn').click()
    await operation.locator('button.execute').click()
    const live = operation.locator('.live-responses-table')
    await expect
      .poll(() => live.locator('tr.response .response-col_status').first().textContent())
      .toBe('200')
    expect(await operation.locator('.request-url').textContent()).toContain(
      `${server.url}/api/v1/forms`,
    )
    expect(await operation.locator('.curl').textContent()).toContain(`Bearer ${ACME_KEY}`)
    const body = await live.locator('tr.response .response-col_description').first().textContent()
    expect(body).toContain(JSON.stringify(forms[0]?.title))
    await operation.scrollIntoViewIfNeeded()
    await screenshot(page, 'docs-try-it', false)
  })
})

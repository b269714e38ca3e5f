import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { type ConformanceResult, runConformance } from '../../mock/conformance/run-conformance.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { describeInChromium, screenshot, useChromium } from './chromium.ts'

/** What a hostile deployment puts in an answer: it must be shown as text, never run. */
const INJECTED =
  "<script>window.injected = 'script ran'</script><img src=x onerror=window.injected='onerror-ran'>"

const tmp = mkdtempSync(join(tmpdir(), 'engagement-report-html-'))
let mock: RunningServer | undefined
let result: ConformanceResult | undefined

/**
 * A deployment whose publish answers the form still as a draft, titled with markup: the publish
 * checks fail, and their failure messages carry the answer (with the markup) and its curl.
 */
const hostile: typeof fetch = async (input, init) => {
  const answer = await fetch(input, init)
  const url = String(input instanceof Request ? input.url : input)
  if (init?.method !== 'POST' || !/\/forms\/[^/]+\/publish$/.test(url) || !answer.ok) return answer
  const body = (await answer.json()) as { form: Record<string, unknown> }
  return new Response(
    JSON.stringify({ form: { ...body.form, status: 'draft', title: INJECTED } }),
    {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    },
  )
}

beforeAll(async () => {
  mock = await startServer({ port: 0 })
  result = await runConformance({
    baseUrl: mock.baseUrl,
    key: ACME_KEY,
    otherOrgKey: GLOBEX_KEY,
    noEntitlementsKey: GLOBEX_KEY,
    reportDir: tmp,
    fetch: hostile,
    filter: (check) => check.operations.some((op) => op.endsWith('Form') || op === 'addField'),
  })
}, 60_000)
afterAll(async () => {
  await mock?.close()
  if (!process.env.KEEP) rmSync(tmp, { recursive: true, force: true })
  else console.log(tmp)
})

describeInChromium('conformance.html in Chromium', () => {
  const chromium = useChromium()

  it('opens from a file and shows the verdict, the coverage matrix and each failure, running nothing it was sent', async () => {
    const failed = result?.checks.filter((c) => c.state === 'failed') ?? []
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.some((c) => c.message?.includes(INJECTED))).toBe(true)
    const file = join(tmp, 'conformance.html')
    expect(result?.reports).toContain(file)

    const page = await chromium.newPage()
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto(pathToFileURL(file).href)

    // The verdict the run returned and every other report shows, word for word.
    expect(result?.outcome.text).toMatch(/^Does not conform: \d+ checks? failed\.$/)
    await expect(page.locator('#verdict').innerText()).resolves.toBe(result?.outcome.text)
    // The matrix: a row per operation, each documented outcome a coloured cell.
    const rows = page.locator('#coverage-matrix tbody tr[data-operation]')
    expect(await rows.count()).toBe(25)
    const cell = (op: string, outcome: string) =>
      page.locator(`#coverage-matrix tr[data-operation="${op}"] td[data-outcome="${outcome}"]`)
    await expect(cell('publishForm', 'success').getAttribute('data-state')).resolves.toBe('failed')
    await expect(cell('getForm', 'success').getAttribute('data-state')).resolves.toBe('seen')
    // Every documented cell as conformance.json has it, in its colour.
    const states = await page.locator('#coverage-matrix td[data-outcome]').evaluateAll((cells) =>
      cells.map((td) => {
        const row = td.closest('tr')?.getAttribute('data-operation')
        return `${row} ${td.getAttribute('data-outcome')} ${td.getAttribute('data-state')}`
      }),
    )
    const documented = (result?.coverage?.matrix ?? []).flatMap((row) =>
      row.cells
        .filter((c) => c.layer === 'documented')
        .map((c) => `${row.operation} ${c.outcome} ${c.state}`),
    )
    expect(states).toEqual(documented)
    const unseen = documented.find((text) => text.endsWith(' not-seen'))?.split(' ') ?? []
    expect(unseen).toHaveLength(3)
    const background = (locator: ReturnType<typeof cell>) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor)
    await expect(background(cell('getForm', 'success'))).resolves.toBe('rgb(31, 138, 76)')
    await expect(background(cell('publishForm', 'success'))).resolves.toBe('rgb(198, 40, 40)')
    await expect(background(cell(unseen[0] ?? '', unseen[1] ?? ''))).resolves.toBe(
      'rgb(232, 232, 232)',
    )
    await expect(page.locator('#coverage .line').innerText()).resolves.toBe(result?.coverage?.line)

    // Each failure, with its curl; the markup the deployment sent is text on the page.
    for (const check of failed) {
      const article = page.locator('article.failure').filter({ hasText: check.name }).first()
      await expect(article.isVisible()).resolves.toBe(true)
      await expect(article.locator('pre').innerText()).resolves.toContain('curl')
    }
    await expect(page.getByText(INJECTED).first().isVisible()).resolves.toBe(true)
    await expect(page.evaluate(() => (window as { injected?: string }).injected)).resolves.toBe(
      undefined,
    )
    expect(await page.locator('script, img').count()).toBe(0)
    expect(errors).toEqual([])
    // Self-contained: the page asked for nothing but itself.
    expect(requested).toEqual([pathToFileURL(file).href])
    await screenshot(page, 'conformance-report')
  })

  it('is written beside the other reports, from the same data as conformance.json', () => {
    const json = JSON.parse(readFileSync(join(tmp, 'conformance.json'), 'utf8'))
    const html = readFileSync(join(tmp, 'conformance.html'), 'utf8')
    expect(html).toContain(json.coverage.line.replace(/&/g, '&amp;').replace(/'/g, '&#39;'))
    expect(html).not.toContain(ACME_KEY)
    expect(html).not.toContain(GLOBEX_KEY)
  })
})

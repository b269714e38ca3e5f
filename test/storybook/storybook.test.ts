import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { createMock } from '../../mock/create.ts'
import { describeInChromium, launchChromium } from '../browser/chromium.ts'
import { type StaticSite, serveBuild } from '../frontend/static-site.ts'
import { type BuiltStorybook, buildStorybook } from './build.ts'

interface Shown {
  /** What the story rendered, one line per element, once its data is in. */
  text: string
  /** Why the story or its play function failed, as Storybook reported it; none when it passed. */
  error: string | undefined
}

/** Waits for Storybook to finish the story (render, then play), then for its data. */
const finished = async (page: Page, storyId: string, errors: string[]): Promise<Shown> => {
  await page.waitForFunction((id) => {
    const render = Reflect.get(globalThis, '__STORYBOOK_PREVIEW__')?.currentRender
    const root = document.querySelector<HTMLElement>('#storybook-root')
    return render?.id === id && render.phase === 'finished' && !root?.innerText.includes('Loading…')
  }, storyId)
  const text = await page.locator('#storybook-root').innerText()
  return { text, error: errors.length ? errors.join('\n') : undefined }
}

/** The demo forms' titles as the Node-side mock lists them (a release's, if given). */
const demoTitles = async (release?: string) => {
  const mock = createMock(release === undefined ? {} : { release })
  const answer = await mock.handle({
    method: 'GET',
    path: '/forms',
    headers: { authorization: `Bearer ${ACME_KEY}` },
  })
  return (JSON.parse(answer.text) as { forms: { title: string }[] }).forms.map((f) => f.title)
}

const listed = (shown: Shown) => shown.text.split('\n').filter((line) => line !== '')

describeInChromium('Storybook 10 on the mock: docs/usage.md section 6, built once', () => {
  let built: BuiltStorybook | undefined
  let site: StaticSite | undefined
  let browser: Browser | undefined
  let page: Page | undefined
  const errors: string[] = []
  let first: Shown | undefined
  beforeAll(async () => {
    built = await buildStorybook()
    site = await serveBuild(built.outDir)
    browser = await launchChromium()
    // One preview for every story, as Storybook's UI shows them: a story is switched in place,
    // which is where stories could see each other's data.
    page = await browser.newPage()
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      // A failing play function is logged, not shown in place of the story. Resource loads are
      // left out (a favicon that is not there, the 503 of the error story).
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        errors.push(message.text())
      }
    })
    await page.goto(`${site.url}/iframe.html?id=formslist--demo&viewMode=story`)
    first = await finished(page, 'formslist--demo', errors)
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await site?.close()
    built?.remove()
  })

  /** Another story in the same preview, as Storybook's sidebar switches it: no reload. */
  const show = async (storyId: string): Promise<Shown> => {
    if (!page) throw new Error('no Storybook page')
    errors.splice(0)
    await page.evaluate((id) => {
      Reflect.get(globalThis, '__STORYBOOK_ADDONS_CHANNEL__').emit('setCurrentStory', {
        storyId: id,
        viewMode: 'story',
      })
    }, storyId)
    return finished(page, storyId, errors)
  }

  it('shows the demo forms by default (preview.ts), opened by its link', async () => {
    expect(first?.error).toBeUndefined()
    const titles = await demoTitles()
    expect(listed(first ?? { text: '', error: undefined }).slice(1, 1 + titles.length)).toEqual(
      titles,
    )
  })

  it('shows the empty state in the empty scenario', async () => {
    const shown = await show('formslist--empty')
    expect(shown.error).toBeUndefined()
    expect(listed(shown)).toEqual(['Forms', 'No forms yet', 'Title New form'])
  })

  it('shows the error state when an override answers listForms 503', async () => {
    const shown = await show('formslist--load-error')
    expect(shown.error).toBeUndefined()
    expect(listed(shown)).toContain('Could not load the forms (503)')
  })

  it("shows an earlier release's demo data", async () => {
    const shown = await show('formslist--earlier-release-slow')
    expect(shown.error).toBeUndefined()
    const titles = await demoTitles('2026-07-12')
    expect(listed(shown).slice(1, 1 + titles.length)).toEqual(titles)
  })

  it("passes a play function that reads the story's typed journal", async () => {
    const shown = await show('formslist--creates-a-form')
    expect(shown.error).toBeUndefined()
    expect(listed(shown)).toEqual(['Forms', 'Quarterly survey', 'Title New form'])
  })

  it('fails a story whose play function asserts a body the component did not send', async () => {
    const shown = await show('isolation--wrong-journal-assertion')
    expect(shown.error).toMatch(/Another title/)
  })

  it('starts every story from its own copy: a write in A is not in B, and A opened again is fresh', async () => {
    const a = await show('isolation--writes-a')
    expect(a.error).toBeUndefined()
    expect(listed(a)).toContain('Made in story A')
    const demo = await demoTitles()

    const b = await show('isolation--reads-b')
    expect(listed(b)).not.toContain('Made in story A')
    expect(listed(b).slice(1, 1 + demo.length)).toEqual(demo)

    const again = await show('isolation--writes-a')
    expect(again.error).toBeUndefined()
    expect(listed(again).filter((line) => line === 'Made in story A')).toHaveLength(1)
    expect(listed(await show('isolation--reads-b'))).not.toContain('Made in story A')
  })

  it('shares one mock between stories that ask for it (the check above sees shared writes)', async () => {
    expect(listed(await show('isolation--shared-writes'))).toContain('Made in a shared story')
    expect(listed(await show('isolation--shared-reads'))).toContain('Made in a shared story')
  })
})

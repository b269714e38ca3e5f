import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe } from 'vitest'

export const ROOT = fileURLToPath(new URL('../..', import.meta.url))
/** Debian's package; nothing is downloaded by npm (playwright-core ships no browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
export const SCREENSHOTS = join(ROOT, 'test-results', 'browser')

const ci = process.env.CI
const inCi = ci !== undefined && ci !== '' && ci !== 'false' && ci !== '0'
const found = existsSync(CHROMIUM_PATH)
const MISSING = `Chromium not found at ${CHROMIUM_PATH}; install Debian's chromium to run browser tests`

/**
 * A suite that needs Chromium. On a developer machine without it, the suite is skipped and its
 * title says why; in CI it always runs, so a missing browser fails the build instead of hiding.
 */
export const describeInChromium = (name: string, body: () => void): void => {
  if (found || inCi) {
    describe(name, body)
    return
  }
  // The default reporter shows only a count of skipped tests: say why where it will be read.
  console.warn(`Browser tests skipped: ${MISSING} (or set CHROMIUM_PATH).`)
  describe.skip(`${name} [skipped: ${MISSING} (or set CHROMIUM_PATH)]`, body)
}

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // No name but the loopback resolves: whatever a page shows came from our server or its worker.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
]

export const launchChromium = async (): Promise<Browser> => {
  if (!found) throw new Error(`${MISSING}. CI installs it in .ci/run (apt-get install chromium).`)
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: LAUNCH_ARGS })
}

/**
 * One browser per test file, a fresh context per page (no service worker or storage carries over
 * between tests). Call inside `describeInChromium`.
 */
export const useChromium = () => {
  let browser: Browser | undefined
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()))
  })
  afterAll(async () => {
    await browser?.close()
  })
  return {
    newPage: async (): Promise<Page> => {
      if (!browser) throw new Error('Chromium did not start')
      const context = await browser.newContext({ viewport: { width: 1100, height: 800 } })
      contexts.push(context)
      return context.newPage()
    },
  }
}

/** Kept under test-results/browser (gitignored) for a human to look at. */
export const screenshot = async (page: Page, name: string, fullPage = true): Promise<void> => {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage })
}

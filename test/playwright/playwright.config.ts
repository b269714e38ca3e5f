import { defineConfig } from '@playwright/test'

/**
 * Run by test/playwright/playwright.test.ts (`playwright test` as a child process), which builds
 * the app and serves it (APP_URL), writes docs/usage.md's Playwright snippets (DOCS_SPECS) and reads
 * the JSON report (REPORT_FILE). Debian's Chromium: nothing is downloaded.
 */
export default defineConfig({
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  outputDir: process.env.OUTPUT_DIR ?? 'test-results/playwright',
  reporter: [['json', { outputFile: process.env.REPORT_FILE ?? 'test-results/playwright.json' }]],
  projects: [
    { name: 'docs', testDir: process.env.DOCS_SPECS ?? 'docs-specs-not-written' },
    { name: 'app', testDir: './specs' },
  ],
  use: {
    ...(process.env.APP_URL ? { baseURL: process.env.APP_URL } : {}),
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    },
  },
})

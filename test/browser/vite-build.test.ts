import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readSnippets } from '../cli/snippets.ts'
import { ROOT } from './chromium.ts'
import { createViteApp, type ViteApp, type ViteBuild } from './vite-app.ts'

/** What only the mock brings: our mock and demo data, msw, @msw/data, faker. */
const MOCK_CODE = /^(mock|fixtures)\/|node_modules\/(msw|@msw\/data|@faker-js\/faker)\//
const mockModules = (build: ViteBuild) => build.modules.filter((file) => MOCK_CODE.test(file))

// No browser needed: these are builds, checked file by file.
describe("docs/usage.md's browser snippet in a Vite production build", () => {
  let app: ViteApp | undefined
  let production: ViteBuild | undefined
  let development: ViteBuild | undefined
  beforeAll(async () => {
    const markdown = readFileSync(join(ROOT, 'docs', 'usage.md'), 'utf8')
    const snippet = readSnippets(markdown).find((s) => s.group === 'frontend with msw/browser')
    if (!snippet) throw new Error('docs/usage.md has no "frontend with msw/browser" snippet')
    app = createViteApp({ files: { 'src/main.ts': snippet.code } })
    production = await app.build({ modules: true })
    development = await app.build({ mode: 'development', modules: true })
  }, 120_000)
  afterAll(() => app?.remove())

  it('carries the mock when built for development (what the next check would catch)', () => {
    const found = mockModules(development as ViteBuild)
    expect(found).toContain('mock/browser.ts')
    expect(found.some((file) => file.startsWith('node_modules/@faker-js/faker/'))).toBe(true)
    expect(found.some((file) => file.startsWith('node_modules/msw/'))).toBe(true)
  })

  it('contains no mock code: the static import is dropped with the dev-only branch', () => {
    expect(mockModules(production as ViteBuild)).toEqual([])
    expect(production?.modules).toContain('contract/client.ts')
  })
})

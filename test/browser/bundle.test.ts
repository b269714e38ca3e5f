import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { nodeImportsOf } from './bundle.ts'
import { ROOT } from './chromium.ts'

mkdirSync(join(ROOT, '.scratch'), { recursive: true })

// No browser needed: these run everywhere, so a layering slip shows up even without Chromium.
describe('browser bundles', () => {
  it.each(['mock/browser/index.ts', 'mock/create.ts', 'contract/index.ts', 'fixtures/index.ts'])(
    '%s pulls in no Node built-in',
    async (entry) => {
      expect(await nodeImportsOf(entry)).toEqual([])
    },
  )

  it('names the import chain that brings a Node built-in in', async () => {
    const dir = mkdtempSync(join(ROOT, '.scratch', 'layering-'))
    try {
      writeFileSync(join(dir, 'app.ts'), "import { read } from './store.ts'\nconsole.log(read)\n")
      writeFileSync(
        join(dir, 'store.ts'),
        "import { readFileSync } from 'node:fs'\nexport const read = readFileSync\n",
      )
      const app = relative(ROOT, join(dir, 'app.ts'))
      expect(await nodeImportsOf(app)).toEqual([
        `${app} → ${relative(ROOT, join(dir, 'store.ts'))} → node:fs`,
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

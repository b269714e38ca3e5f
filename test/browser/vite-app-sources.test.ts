import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createViteApp, type ViteApp } from './vite-app.ts'

// bench:browser --baseline builds the same app from another checkout: the harness must then
// resolve `engagement-mock` there, and nowhere else.
describe('a Vite app built from another checkout (`sources`)', () => {
  const checkout = mkdtempSync(join(tmpdir(), 'engagement-checkout-'))
  const apps: ViteApp[] = []
  afterAll(() => {
    for (const app of apps) app.remove()
    rmSync(checkout, { recursive: true, force: true })
  })

  it("bundles that checkout's sources for `engagement-mock`, not this repository's", async () => {
    writeFileSync(
      join(checkout, 'package.json'),
      JSON.stringify({ exports: { '.': { default: './dist/contract/index.js' } } }),
    )
    mkdirSync(join(checkout, 'contract'))
    writeFileSync(
      join(checkout, 'contract', 'index.ts'),
      "export const createClient = () => 'the other checkout'\n",
    )
    const files = {
      'src/main.ts':
        "import { createClient } from 'engagement-mock'\ndocument.title = String(createClient({ baseUrl: '/' }))\n",
    }
    const other = createViteApp({ files, worker: false, sources: checkout })
    const here = createViteApp({ files, worker: false })
    apps.push(other, here)
    const [fromOther, fromHere] = await Promise.all([other.build(), here.build()])
    expect(fromOther.js).toContain('the other checkout')
    expect(fromHere.js).not.toContain('the other checkout')
  }, 120_000)
})

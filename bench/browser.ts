/**
 * The browser mock: what it adds to a Vite production build that enables it, what a page loads
 * before the first answer, and how soon the first forms are rendered after navigation in
 * `vite preview` with the worker already installed. Writes the "Browser mock" section of
 * bench/RESULTS.md. Run: npm run bench:browser (about a minute; needs Chromium).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { OFFLINE_APP } from '../test/browser/app/offline-app.ts'
import { CLIENT_APP, MOCK_APP } from '../test/browser/app/sources.ts'
import { launchChromium, ROOT } from '../test/browser/chromium.ts'
import { createViteApp, type ViteBuild } from '../test/browser/vite-app.ts'
import { sourceEntries } from '../test/cli/snippets.ts'
import { writeSection } from './sections.ts'

/** The commit issue 11 measured; rebuilt and timed again in the same run, for a ratio. */
const BEFORE_COMMIT = 'd71ec7c'

/** A checkout of BEFORE_COMMIT sharing this repository's node_modules, and a Vite config for it. */
const checkoutBefore = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engagement-before-'))
  execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--detach', dir, BEFORE_COMMIT], {
    stdio: 'ignore',
  })
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  const aliases = [...sourceEntries(dir)]
    .map(
      ([name, file]) =>
        `{ find: /^${name.replace(/[/.]/g, '\\$&')}$/, replacement: ${JSON.stringify(file)} }`,
    )
    .join(', ')
  return {
    dir,
    config: `export default { logLevel: 'warn', resolve: { alias: [${aliases}] } }\n`,
    remove: () => {
      execFileSync('git', ['-C', ROOT, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' })
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** From issue 11, measured the same way before this work (main at d71ec7c). */
const BEFORE = { addedGzip: 319 * 1024, firstRenderMs: 285 }
const TARGET = { addedGzip: 150 * 1024, firstRenderMs: 150 }
const RELOADS = 15

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}

const buildOnly = async (source: string): Promise<ViteBuild> => {
  const app = createViteApp({ files: { 'src/main.ts': source }, worker: false })
  try {
    return await app.build()
  } finally {
    app.remove()
  }
}

/** Loads the app once (the worker installs), then times reloads of the demo. */
const measurePage = async (source: string, where: { parent?: string; config?: string } = {}) => {
  const app = createViteApp({
    files: {
      'src/main.ts': source,
      '.env': 'VITE_MOCK=on\n',
      ...(where.config ? { 'vite.config.mjs': where.config } : {}),
    },
    ...(where.parent ? { parent: where.parent } : {}),
  })
  const build = await app.build()
  const server = await app.preview()
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const rendered = async () => {
      await page.locator('#app[data-rendered-at]').waitFor({ state: 'attached', timeout: 30_000 })
      return Number(await page.locator('#app').getAttribute('data-rendered-at'))
    }
    await page.goto(`${server.url}/`)
    await rendered()
    const times: number[] = []
    server.requests.length = 0
    for (let i = 0; i < RELOADS; i++) {
      await page.reload()
      times.push(await rendered())
    }
    // What one page load fetched: the scripts loaded before (and for) the first answer.
    const perLoad = new Set(
      server.requests.filter((r) => r.endsWith('.js')).map((r) => r.split(' ')[1]),
    )
    const loaded = build.assets.filter(
      (a) => perLoad.has(`/${a.file}`) && !a.file.includes('mockServiceWorker'),
    )
    return {
      build,
      loadedGzip: loaded.reduce((sum, a) => sum + a.gzip, 0),
      loaded: loaded.map((a) => a.file),
      median: quantile(times, 0.5),
      p90: quantile(times, 0.9),
    }
  } finally {
    await browser.close()
    await server.close()
    app.remove()
  }
}

const main = async () => {
  const client = await buildOnly(CLIENT_APP)
  const before = checkoutBefore()
  let old: Awaited<ReturnType<typeof measurePage>>
  try {
    old = await measurePage(MOCK_APP, { parent: before.dir, config: before.config })
  } finally {
    before.remove()
  }
  const minimal = await measurePage(MOCK_APP)
  const persisted = await measurePage(OFFLINE_APP)
  const inMemory = await measurePage(
    OFFLINE_APP.replace('quiet: true', 'quiet: true, persist: false'),
  )
  const added = persisted.build.totals.gzip - client.totals.gzip
  const addedLoaded = persisted.loadedGzip - client.totals.gzip
  const verdict = (ok: boolean) => (ok ? 'met' : '**NOT met**')
  const chunks = persisted.build.assets
    .filter((a) => a.file.endsWith('.js') && !a.file.includes('mockServiceWorker'))
    .map((a) => `\`${a.file.replace(/-[\w-]{8}\.js$/, '.js')}\` ${kb(a.gzip)}`)
    .join(', ')
  const markdown = [
    '## Browser mock',
    '',
    `Written by \`npm run bench:browser\` (bench/browser.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; do not edit by hand.`,
    'The app is test/browser/app/offline-app.ts (lists forms with the typed client after `startMockWorker`, the mock enabled in a',
    'production build by `VITE_MOCK=on`), built by Vite with default targets and served by `vite preview` on 127.0.0.1;',
    `first render = \`performance.now()\` when the list is in the DOM, over ${RELOADS} reloads of the demo scenario in headless Chromium`,
    'with the worker already installed; gzip at zlib default level; "added" is over the same app with the client only.',
    '',
    '| Figure | Now | Before (issue 11) | Target |',
    '|---|--:|--:|---|',
    `| JS added, every chunk of the build | ${kb(added)} | ${kb(BEFORE.addedGzip)} | ≤ ${kb(TARGET.addedGzip)}: ${verdict(added <= TARGET.addedGzip)} |`,
    `| JS added, loaded before the first answer (demo) | ${kb(addedLoaded)} | ${kb(BEFORE.addedGzip)} | ≤ ${kb(TARGET.addedGzip)}: ${verdict(addedLoaded <= TARGET.addedGzip)} |`,
    `| First forms rendered, median (p90), state kept across reloads | ${persisted.median.toFixed(0)} ms (${persisted.p90.toFixed(0)}) | ${BEFORE.firstRenderMs} ms | ≤ ${TARGET.firstRenderMs} ms: ${verdict(persisted.median <= TARGET.firstRenderMs)} |`,
    `| First forms rendered, median (p90), \`persist: false\` | ${inMemory.median.toFixed(0)} ms (${inMemory.p90.toFixed(0)}) | — | — |`,
    '',
    `The same run, the smallest app (start the worker, list the forms) built against ${BEFORE_COMMIT} and against this tree,`,
    'so machine load cancels out in the ratio:',
    '',
    `| Smallest app | ${BEFORE_COMMIT} | now | now / before |`,
    '|---|--:|--:|--:|',
    `| JS loaded before the first answer, gzip | ${kb(old.loadedGzip)} | ${kb(minimal.loadedGzip)} | ${(minimal.loadedGzip / old.loadedGzip).toFixed(2)} |`,
    `| JS of the whole build, gzip | ${kb(old.build.totals.gzip)} | ${kb(minimal.build.totals.gzip)} | ${(minimal.build.totals.gzip / old.build.totals.gzip).toFixed(2)} |`,
    `| First forms rendered, median | ${old.median.toFixed(0)} ms | ${minimal.median.toFixed(0)} ms | ${(minimal.median / old.median).toFixed(2)} |`,
    `| First forms rendered, p90 | ${old.p90.toFixed(0)} ms | ${minimal.p90.toFixed(0)} ms | ${(minimal.p90 / old.p90).toFixed(2)} |`,
    '',
    `Chunks (gzip): ${chunks}. Loaded for the demo: ${persisted.loaded.map((f) => `\`${f.replace(/-[\w-]{8}\.js$/, '.js')}\``).join(', ')}.`,
  ].join('\n')
  const out = fileURLToPath(new URL('./RESULTS.md', import.meta.url))
  writeSection(out, 'browser-mock', markdown)
  process.stdout.write(`${markdown}\n\nWrote the "Browser mock" section of ${out}\n`)
}

await main()

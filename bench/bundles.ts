/**
 * Browser bundles: what the package adds to a Vite production build (default targets), as a
 * frontend team builds it. Writes the "Browser bundles" section of bench/RESULTS.md.
 * Run: npm run bench:bundles (about half a minute; needs no browser).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { CLIENT_APP, docsBrowserSnippet, FETCH_APP } from '../test/browser/app/sources.ts'
import { createViteApp, type ViteBuild } from '../test/browser/vite-app.ts'
import { writeSection } from './sections.ts'

/**
 * The same three apps built the same way against main at d71ec7c (before `"sideEffects": false` and
 * the zod-free client; the recipe is today's dev-gated one): totals of JavaScript, bytes.
 */
const BEFORE = {
  baseline: { bytes: 832, gzip: 483 },
  client: { bytes: 115_605, gzip: 33_036 },
  recipe: { bytes: 564_478, gzip: 197_036 },
}
const VITE_VERSION = (
  JSON.parse(
    readFileSync(
      fileURLToPath(new URL('../node_modules/vite/package.json', import.meta.url)),
      'utf8',
    ),
  ) as { version: string }
).version
const TARGET_CLIENT_GZIP = 5 * 1024

const build = async (source: string, mode: 'production' | 'development' = 'production') => {
  const app = createViteApp({ files: { 'src/main.ts': source }, worker: false })
  try {
    return await app.build({ mode })
  } finally {
    app.remove()
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
type Totals = ViteBuild['totals']
const added = (build: Totals, base: Totals) => ({
  bytes: build.bytes - base.bytes,
  gzip: build.gzip - base.gzip,
})
const delta = (build: Totals, base: Totals) => {
  const { bytes, gzip } = added(build, base)
  return `${kb(bytes)} / ${kb(gzip)}`
}

const main = async () => {
  const baseline = await build(FETCH_APP)
  const client = await build(CLIENT_APP)
  const recipe = await build(docsBrowserSnippet())
  const recipeDev = await build(docsBrowserSnippet(), 'development')
  const clientAdded = added(client.totals, baseline.totals)
  const rows = [
    ['Baseline: lists forms with `fetch` by hand', baseline.totals, '—', '—'],
    [
      'Typed client only (`createClient`)',
      client.totals,
      `**${delta(client.totals, baseline.totals)}** over the baseline`,
      `${delta(BEFORE.client, BEFORE.baseline)} over the baseline`,
    ],
    [
      'docs/usage.md browser recipe, production build (mock behind `import.meta.env.DEV`)',
      recipe.totals,
      `**${delta(recipe.totals, client.totals)}** over the client-only app`,
      `${delta(BEFORE.recipe, BEFORE.client)} over the client-only app`,
    ],
    [
      'docs/usage.md browser recipe, development build (mock on)',
      recipeDev.totals,
      `${delta(recipeDev.totals, client.totals)} over the client-only app`,
      '—',
    ],
  ] as const
  const verdict = clientAdded.gzip <= TARGET_CLIENT_GZIP ? 'met' : 'NOT met'
  const markdown = [
    '## Browser bundles',
    '',
    `Written by \`npm run bench:bundles\` (bench/bundles.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; do not edit by hand.`,
    `Vite ${VITE_VERSION}, \`vite build\` with default targets; JavaScript only, minified / gzip (zlib default level) per file, KB = 1,024 bytes;`,
    'the apps are in test/browser/app/sources.ts, built from the sources through the package\'s own exports and `"sideEffects"`.',
    '',
    `Target: the typed client adds ≤ ${kb(TARGET_CLIENT_GZIP)} gzip: **${verdict}** (${kb(clientAdded.gzip)}; was ${kb(added(BEFORE.client, BEFORE.baseline).gzip)}).`,
    '',
    '| App | JS minified | JS gzip | Added (minified / gzip) | Before (d71ec7c) |',
    '|---|--:|--:|---|---|',
    ...rows.map(
      ([name, totals, now, before]) =>
        `| ${name} | ${kb(totals.bytes)} | ${kb(totals.gzip)} | ${now} | ${before} |`,
    ),
  ].join('\n')
  const out = fileURLToPath(new URL('./RESULTS.md', import.meta.url))
  writeSection(out, 'browser-bundles', markdown)
  process.stdout.write(`${markdown}\n\nWrote the "Browser bundles" section of ${out}\n`)
}

await main()

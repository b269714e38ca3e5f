/**
 * The browser mock: what it adds to a Vite production build that enables it, what a page loads
 * before the first answer, and how soon the first forms are rendered after navigation in
 * `vite preview` with the worker already installed. Writes the "Browser mock" section of
 * bench/RESULTS.md. Run: npm run bench:browser (a few minutes; needs Chromium).
 *
 * Every app is built and served first; then the reloads take turns, one app after the other and
 * each round starting with the next app, so a busy machine slows them alike and the ratios hold.
 *
 * `npm run bench:browser -- --baseline DIR [--reloads N]`: only the offline app, built from this
 * tree and from the checkout DIR (its dependencies installed, e.g. a worktree of main), msw alone
 * and the floor of our dependencies, reloaded in turn: a change to the start judged as a ratio
 * from one run, phase by phase.
 * Prints markdown; RESULTS.md is left alone.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { CDPSession, Page } from 'playwright-core'
import { START_MARKS } from '../mock/browser/marks.ts'
import { OFFLINE_APP } from '../test/browser/app/offline-app.ts'
import {
  APP_MARKS,
  CLIENT_APP,
  FLOOR_APP,
  FLOOR_MODULE,
  MOCK_APP,
  MSW_ALONE_APP,
  STATIC_APP,
  STATIC_FORMS,
} from '../test/browser/app/sources.ts'
import { launchChromium, ROOT } from '../test/browser/chromium.ts'
import {
  createViteApp,
  loadedWith,
  type ViteApp,
  type ViteBuild,
} from '../test/browser/vite-app.ts'
import { table } from './lib/markdown.ts'
import { writeSection } from './sections.ts'
import { GUARDS, guardNotes, judge } from './targets.ts'

/** The commit issue 11 measured; rebuilt and timed again in the same run, for a ratio. */
const BEFORE_COMMIT = 'd71ec7c'
/** From issue 11, measured the same way before this work (main at d71ec7c). */
const BEFORE = { addedGzip: 319 * 1024, firstRenderMs: 285 }
/**
 * The client's target (issue 24): the JS a page loads before its first answer. The first render is
 * a guard against regressions (issue 45, GUARDS.firstRender in targets.ts): over the floor of our
 * dependencies (msw + zod + @msw/data), shown beside msw alone with one static handler (its
 * registration and handshake come before any answer of any mock: an absolute figure would judge
 * msw and the machine, not this package; over msw alone, the floor itself is 1.10–1.25×).
 */
const TARGET = { loadedGzip: 160 * 1024 }
const { values: args } = parseArgs({
  options: { baseline: { type: 'string' }, reloads: { type: 'string' } },
})
const RELOADS = Number(args.reloads ?? 40)
if (!Number.isInteger(RELOADS) || RELOADS < 1) {
  throw new Error(`--reloads must be a whole number of at least 1, not ${args.reloads}`)
}
/** A demo part's module: the mock imports it while it answers the first request needing it. */
const DEMO_PART = /(^|\/)fixtures\/demo-snapshot\/\w+\.ts$/

/**
 * What the first answer costs, found by taking the build apart chunk by chunk (each module's
 * rendered code, gzipped by package) and by marks and a CPU profile of page loads. Revise it
 * when the mock or msw changes.
 */
const WHERE_IT_GOES = [
  '**What the first answer costs, and what would cut it.** msw’s own browser client, started with',
  'one static handler (the "msw/browser alone" row), is about 94 KB gzip: its service-worker source',
  'imports msw’s cookie store, which brings tough-cookie and tldts with the whole public suffix list',
  '(~45 KB gzip of it). With Vite 8’s defaults it is ~150 KB (the line above the chunk list): Vite’s',
  'constant inlining copies tldts’ 67 KB label text into each `if` that reads it, so docs/usage.md’s',
  'recipe turns that off in `vite.config.ts`, and every app here is built with it. Above msw, the mock',
  'loads zod (~25 KB) and the contract (~9 KB: the dispatcher validates every request with the contract’s',
  'schemas), @msw/data with mutative and es-toolkit (~14 KB), the mock (~14 KB) and the demo’s forms',
  '(~4 KB: each collection of the 25 KB demo snapshot is a chunk the mock imports when an answer first',
  'needs it). faker (~38 KB) is not among them, nor the write operations, the plan replay and the form',
  'templates’ content: only writes need them (identifiers are drawn only by writes), so they are',
  'imported when the page is idle a quarter second after msw saw the first answer delivered (msw hears of it before',
  'the app’s fetch resolves; imported at the first idle moment, they ran before the app’s render in 9 loads of 15),',
  'and a write that comes first waits for them. The demo snapshot’s frame (0.5 KB) is in the mock’s chunk: imported',
  'on first use, it was a request of its own in the middle of the start.',
  'The first render is, in order (the breakdown table above): the entry module, then the mock’s chunk fetched and run,',
  'then its start, then one request through the worker. Under a service worker Chromium skips its memory cache and asks',
  'for every script again; `vite preview` sends no Cache-Control, so each was answered 304, which drops V8’s code cache',
  'for it (it is kept per response time), and the mock’s ~600 KB were compiled again on every load (140–250 ms in a',
  'trace, for msw alone too). docs/usage.md’s `vite.config.ts` serves the hashed files immutable, as static hosts do,',
  'so the scripts now come from the cache with their compiled code (test/browser/offline.test.ts checks none is asked',
  'for again); a Static Routing rule sending scripts past msw’s fetch handler (Chromium 156 honours it) changed nothing',
  'measurable once they were. What remains over the static page is msw’s registration and handshake (the "msw alone"',
  'row: msw’s own). The floor row adds what any mock on msw, zod and @msw/data pays for this answer: zod and the forms’',
  'schemas evaluated, the forms part stored (about half of that the zod check each @msw/data collection makes of every',
  'record, kept by design). Both check a table’s first thousand records interpreted (mock/core/record-check.ts): zod',
  'compiles a parser per object schema on its first parse, ~26 for a form, which cost the first answer more than the',
  'demo’s 263 records earn back (first render 0.94–0.97 of before in A/B runs).',
  'Each reload is awaited over the DevTools protocol, not with a Playwright locator: a locator first runs Playwright’s',
  'injected script in the page, 8–14 ms of its main thread that a trace found in the middle of every app’s start, where',
  'it delayed each app by what it overlapped. Measured without it (issue 34, session 34), msw alone renders in 73–84 ms,',
  'not 92–110; the floor is 1.10–1.20× msw alone and the mock 1.24–1.41× msw alone, 1.10–1.19× the floor. The figures',
  'before that session carried the injected script in every app, which made every ratio read lower.',
  'From the start on, the mock’s phases are about as long as the floor’s (the worker, the state beside it and IndexedDB’s',
  'open and read, then the first answer through the dispatcher); what it adds is mostly in "code loaded". A CPU profile',
  'of the reloads (source-mapped) puts ~5 ms of it in zod building the sessions’, activities’, series’, sponsors’ and',
  'teams’ schemas at import (which the route table, the store’s tables and the state name), ~0.5 ms each in the state,',
  'the store, the typed client and the bodies’ depth checks, and ~1 ms in more garbage collection. A build with those',
  'resources’ schemas stubbed out, the most that building them on first use could save, had its code loaded 2–4 ms',
  'sooner and rendered 2 ms sooner in an A/B run of 120 reloads (1.28× msw alone where the mock read 1.31×), 3 ms later',
  'in one of 80: within the runs’ noise, and nowhere near 1.2×, the floor itself being at 1.10–1.20×. Building them on',
  'first use would also make every caller that reads them at once wait: `override` checks a',
  'fixed answer against its operation’s schema when it is called, and a scenario given as a state is checked before',
  'the mock starts. Work moved beside the handshake hides little: 10 ms of busy work put after msw’s `start()` instead',
  'of before it delayed msw alone’s render by 6 ms instead of 8 (80 reloads), so what counts is the main thread’s work',
  'before the answer.',
  'Less JS before the first answer would need, first, less zod: every classic',
  'schema carries zod’s JSON-schema code (~6 KB gzip of the ~25), and the contract in zod/mini would be ~11 KB instead,',
  'but zod-to-openapi (which generates the OpenAPI document from the same contract) does not read mini schemas. Moving',
  'the documented layer and the OpenAPI-only text (examples, summaries) out of the mock’s imports would save ~2 KB;',
  'rolldown puts zod and the contract modules the mock, its writes and the demo plan all import in a chunk of their',
  'own (~1 KB of compression lost). The render guard is relative to the floor row, not to msw alone (its registration',
  'and handshake come before any answer, and the floor is itself 1.10–1.25× msw alone): what this package controls is',
  'the margin over the floor.',
].join('\n')

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const shortName = (file: string) => file.replace(/-[\w-]{8}\.js$/, '.js')

/** A checkout of BEFORE_COMMIT sharing this repository's node_modules. */
const checkoutBefore = () => {
  const dir = mkdtempSync(join(tmpdir(), 'engagement-before-'))
  execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--detach', dir, BEFORE_COMMIT], {
    stdio: 'ignore',
  })
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  return {
    dir,
    remove: () => {
      execFileSync('git', ['-C', ROOT, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' })
      if (existsSync(dir)) rmSync(dir, { recursive: true, force: true })
    },
  }
}

const buildOnly = async (
  source: string,
  { mock = false, recipeConfig = true } = {},
): Promise<ViteBuild> => {
  const files = { 'src/main.ts': source, ...(mock ? { '.env': 'VITE_MOCK=on\n' } : {}) }
  const app = createViteApp({ files, worker: false, recipeConfig })
  try {
    return await app.build()
  } finally {
    app.remove()
  }
}

/** How often a reload is asked whether its list is rendered yet. */
const POLL_MS = 20

/**
 * Waits until the reloaded page has rendered its list, asking with a one-line expression over the
 * DevTools protocol. Not Playwright's locators: a locator first evaluates Playwright's injected
 * script in the page, 8–14 ms of its main thread (a trace of each app's loads) that landed in the
 * middle of every app's start, msw alone's too, and delayed its first render by what it overlapped.
 */
const renderedPlainly = async (session: CDPSession): Promise<void> => {
  const deadline = Date.now() + 30_000
  for (;;) {
    const { result } = await session.send('Runtime.evaluate', {
      expression: "document.querySelector('#app')?.dataset.renderedAt ?? ''",
      returnByValue: true,
    })
    if (typeof result.value === 'string' && result.value !== '') return
    if (Date.now() > deadline) throw new Error('the page did not render its list within 30 s')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/**
 * One page load as the page saw it: when the list was rendered, when the first API request left
 * (the mock was ready), and the scripts it had asked for by then: what it loaded before the first
 * answer. Scripts asked for later (faker, when the page is idle) are not counted.
 */
const readLoad = (page: Page) =>
  // No helper functions inside: tsx would name them with a helper the page does not have.
  page.evaluate(() => {
    const app = document.querySelector('#app') as HTMLElement
    const entries = performance.getEntriesByType('resource').map((entry) => ({
      path: new URL(entry.name).pathname,
      startTime: entry.startTime,
      responseEnd: (entry as PerformanceResourceTiming).responseEnd,
    }))
    const api = entries.find((entry) => entry.path.startsWith('/api/'))
    const before = api?.startTime ?? Number.POSITIVE_INFINITY
    const navigation = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined
    const marks = performance.getEntriesByType('mark').map((m) => [m.name, m.startTime] as const)
    const answered = api?.responseEnd ?? Number.POSITIVE_INFINITY
    const js = entries.filter((entry) => entry.path.endsWith('.js'))
    return {
      // The HTML received, then every User Timing mark of the load (first of each name).
      phases: Object.fromEntries([
        ['html', navigation?.responseEnd ?? Number.NaN],
        ...[...marks].reverse(),
      ]) as Record<string, number>,
      renderedAt: Number(app.dataset.renderedAt),
      requestAt: api?.startTime ?? Number.NaN,
      scripts: js.filter((entry) => entry.startTime <= before).map((entry) => entry.path.slice(1)),
      // Asked for while the first request was answered: the demo's parts it needed, and faker
      // when the page went idle meanwhile (told apart by their chunks' sources, below).
      whileAnswering: js
        .filter((entry) => entry.startTime > before && entry.startTime <= answered)
        .map((entry) => entry.path.slice(1)),
    }
  })

interface Variant {
  name: string
  source: string
  parent?: string
  /** The checkout `engagement-mock` is built from (default this tree). */
  sources?: string
  /** `false`: Vite's defaults instead of docs/usage.md's config (the code before issue 11 had none). */
  recipeConfig?: boolean
  files?: Record<string, string>
}

/** Builds and serves every app, then reloads them in turn with their workers installed. */
const measure = async (variants: Variant[]) => {
  const apps: { variant: Variant; app: ViteApp; build: ViteBuild }[] = []
  const closers: (() => Promise<void>)[] = []
  const browser = await launchChromium()
  try {
    const pages: Page[] = []
    for (const variant of variants) {
      const app = createViteApp({
        files: {
          'src/main.ts': variant.source,
          '.env': 'VITE_MOCK=on\n',
          ...variant.files,
        },
        ...(variant.parent ? { parent: variant.parent } : {}),
        ...(variant.sources ? { sources: variant.sources } : {}),
        ...(variant.recipeConfig === false ? { recipeConfig: false } : {}),
      })
      closers.push(async () => app.remove())
      const build = await app.build({ modules: true })
      const server = await app.preview()
      closers.push(() => server.close())
      apps.push({ variant, app, build })
      const page = await (await browser.newContext()).newPage()
      await page.goto(`${server.url}/`)
      pages.push(page)
    }
    const rendered = (page: Page) =>
      page.locator('#app[data-rendered-at]').waitFor({ state: 'attached', timeout: 30_000 })
    for (const page of pages) await rendered(page)
    const loads = variants.map(() => [] as Awaited<ReturnType<typeof readLoad>>[])
    const sessions = await Promise.all(pages.map((page) => page.context().newCDPSession(page)))
    for (let i = 0; i < RELOADS; i++) {
      // Each round starts with the next app: the first of a round is slower (measured: ~8 % in
      // an A/B of two apps always reloaded in the same order), which a fixed order lays on one app.
      for (let turn = 0; turn < pages.length; turn++) {
        const k = (i + turn) % pages.length
        const page = pages[k] as Page
        await page.reload({ waitUntil: 'commit' })
        await renderedPlainly(sessions[k] as CDPSession)
        loads[k]?.push(await readLoad(page))
      }
    }
    return apps.map(({ variant, build }, k) => {
      const runs = loads[k] ?? []
      // The mock imports the demo's parts (fixtures/demo-snapshot/*) the first answer needs while
      // it handles that request: they are loaded before the first answer too.
      const parts = new Set(
        build.chunks
          .filter((c) => c.modules.length > 0 && c.modules.every((m) => DEMO_PART.test(m)))
          .map((c) => c.file),
      )
      const scripts = new Set(
        runs.flatMap((run) => [...run.scripts, ...run.whileAnswering.filter((f) => parts.has(f))]),
      )
      const loaded = build.assets.filter(
        (asset) => scripts.has(asset.file) && !asset.file.includes('mockServiceWorker'),
      )
      // The same figure from the build alone, whatever order the page fetches in: every file the
      // entry and the mock's chunk load with them (static imports, transitively), and every chunk
      // the page was seen to load before its first answer, with what each of those loads with it.
      const holding = (source: string) => build.chunks.find((c) => c.modules.includes(source))?.file
      const entry = build.chunks.find((c) => c.modules.some((m) => m.endsWith('/src/main.ts')))
      const roots = [entry?.file, holding('mock/browser/index.ts'), ...loaded.map((a) => a.file)]
      const bound = new Set(
        roots.flatMap((file) => (file ? loadedWith(build, file).map((c) => c.file) : [])),
      )
      const boundGzip = build.assets
        .filter((asset) => bound.has(asset.file))
        .reduce((sum, asset) => sum + asset.gzip, 0)
      const times = runs.map((run) => run.renderedAt)
      const phase = (name: string) =>
        quantile(
          runs.map((run) => run.phases[name] ?? Number.NaN).filter((at) => !Number.isNaN(at)),
          0.5,
        )
      return {
        phase,
        name: variant.name,
        build,
        loaded: loaded.map((asset) => asset.file),
        loadedGzip: loaded.reduce((sum, asset) => sum + asset.gzip, 0),
        boundGzip,
        median: quantile(times, 0.5),
        p90: quantile(times, 0.9),
        // A load whose request the page did not list (seen once for msw alone) is left out.
        requestMedian: quantile(
          runs.map((run) => run.requestAt).filter((at) => !Number.isNaN(at)),
          0.5,
        ),
      }
    })
  } finally {
    await browser.close()
    for (const close of closers.reverse()) await close()
  }
}

/** The first render's phases: a column's heading and the mark of `readLoad`'s phases it shows. */
const PHASES: readonly [heading: string, mark: string][] = [
  ['HTML in', 'html'],
  ['entry runs', APP_MARKS.entry],
  ['code loaded', APP_MARKS.loaded],
  ['worker ready', START_MARKS.worker],
  ['state ready', START_MARKS.state],
  ['start resolved', APP_MARKS.started],
  ['first answer', APP_MARKS.answered],
]
/** A median in whole ms, or a dash where no load had it. */
const wholeMs = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0))

/** The floor of our dependencies in a page (test/browser/app/sources.ts), measured beside msw alone. */
const FLOOR: Variant = { name: 'floor', source: FLOOR_APP, files: { 'src/floor.ts': FLOOR_MODULE } }

/** `--baseline DIR`: the offline app from DIR and from this tree, msw alone and the floor, in turn. */
const compareWithBaseline = async (given: string) => {
  const dir = resolve(given)
  for (const needed of ['package.json', 'node_modules']) {
    if (!existsSync(join(dir, needed))) {
      throw new Error(
        `--baseline ${given}: no ${needed} there; give a checkout of this repository with its dependencies installed (npm ci, or a link to this tree's node_modules)`,
      )
    }
  }
  const results = await measure([
    { name: 'baseline', source: OFFLINE_APP, parent: dir, sources: dir },
    { name: 'now', source: OFFLINE_APP },
    { name: 'msw', source: MSW_ALONE_APP },
    FLOOR,
  ])
  const [baseline, now, msw, floor] = results
  if (!baseline || !now || !msw || !floor)
    throw new Error('measure returned fewer results than apps')
  const cell = (value: number, unit: string) =>
    Number.isNaN(value) ? '—' : `${wholeMs(value)}${unit}`
  const row = (label: string, a: number, b: number, others: [number, number], unit = ' ms') => [
    label,
    cell(a, unit),
    cell(b, unit),
    Number.isNaN(a) || Number.isNaN(b) ? '—' : (b / a).toFixed(2),
    ...others.map((value) => cell(value, unit)),
  ]
  const markdown = [
    `The offline app (state kept) built from ${dir} (baseline) and from this tree (now), msw alone and the floor of our dependencies, ${RELOADS} reloads each in turn:`,
    '',
    table(
      [
        ['Figure', '---'],
        ['baseline', '--:'],
        ['now', '--:'],
        ['now / baseline', '--:'],
        ['msw alone', '--:'],
        ['floor of our dependencies', '--:'],
      ],
      [
        row('First forms rendered, median', baseline.median, now.median, [
          msw.median,
          floor.median,
        ]),
        row('First forms rendered, p90', baseline.p90, now.p90, [msw.p90, floor.p90]),
        ...[msw, floor].map((under) => [
          `Over the median of ${under === msw ? 'msw alone' : 'the floor of our dependencies'}`,
          ...[baseline, now].map((result) => `${(result.median / under.median).toFixed(2)}×`),
          '',
          ...[msw, floor].map((result) => `${(result.median / under.median).toFixed(2)}×`),
        ]),
        [
          'JS loaded before the first answer, gzip',
          kb(baseline.loadedGzip),
          kb(now.loadedGzip),
          (now.loadedGzip / baseline.loadedGzip).toFixed(2),
          kb(msw.loadedGzip),
          kb(floor.loadedGzip),
        ],
        // msw alone and the floor set only the app's marks: the mock's own phases are dashes there.
        ...PHASES.map(([label, mark]) =>
          row(
            `${label}, median ms after navigation`,
            baseline.phase(mark),
            now.phase(mark),
            [msw.phase(mark), floor.phase(mark)],
            '',
          ),
        ),
      ],
    ),
  ].join('\n')
  process.stdout.write(`${markdown}\n`)
}

const main = async () => {
  const client = await buildOnly(CLIENT_APP)
  // What docs/usage.md's one line of Vite config saves: msw alone under Vite 8's defaults.
  const mswDefaults = await buildOnly(MSW_ALONE_APP, { mock: true, recipeConfig: false })
  const before = checkoutBefore()
  let results: Awaited<ReturnType<typeof measure>>
  try {
    results = await measure([
      {
        name: 'before',
        source: MOCK_APP,
        parent: before.dir,
        sources: before.dir,
        recipeConfig: false,
      },
      { name: 'now', source: MOCK_APP },
      { name: 'msw', source: MSW_ALONE_APP },
      { name: 'static', source: STATIC_APP, files: { 'public/forms.json': STATIC_FORMS } },
      FLOOR,
      { name: 'offline', source: OFFLINE_APP },
      {
        name: 'memory',
        source: OFFLINE_APP.replace('quiet: true', 'quiet: true, persist: false'),
      },
    ])
  } finally {
    before.remove()
  }
  const byName = (name: string) => {
    const found = results.find((result) => result.name === name)
    if (!found) throw new Error(`no result for ${name}`)
    return found
  }
  const old = byName('before')
  const minimal = byName('now')
  const msw = byName('msw')
  const persisted = byName('offline')
  const inMemory = byName('memory')
  const staticPage = byName('static')
  const floor = byName('floor')
  const added = persisted.build.totals.gzip - client.totals.gzip
  const addedLoaded = persisted.loadedGzip - client.totals.gzip
  const overFloor = judge(GUARDS.firstRender, persisted.median / floor.median)
  const verdict = (ok: boolean) => (ok ? 'met' : '**NOT met**')
  const ms = (value: number) => (Number.isNaN(value) ? '—' : `${value.toFixed(0)} ms`)
  const breakdown = (label: string, result: (typeof results)[number]) => [
    label,
    ...PHASES.map(([, mark]) =>
      // msw alone and the floor have no mark of their own: their start resolves when the worker is ready.
      wholeMs(
        result.phase(
          (result === msw || result === floor) && mark === START_MARKS.worker
            ? APP_MARKS.started
            : mark,
        ),
      ),
    ),
    wholeMs(result.median),
  ]
  const ratio = (a: number, b: number) => (a / b).toFixed(2)
  const chunks = persisted.build.assets
    .filter((a) => a.file.endsWith('.js') && !a.file.includes('mockServiceWorker'))
    .map((a) => `\`${shortName(a.file)}\` ${kb(a.gzip)}`)
    .join(', ')
  const markdown = [
    '## Browser mock',
    '',
    `Written by \`npm run bench:browser\` (bench/browser.ts) on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; do not edit by hand.`,
    'The app is test/browser/app/offline-app.ts (lists forms with the typed client after `startMockWorker`, the mock enabled in a',
    "production build by `VITE_MOCK=on`), built by Vite with default targets and docs/usage.md's `vite.config.ts` (constant",
    'inlining off, hashed files served immutable), as every app here but the d71ec7c one, and served by `vite preview` on 127.0.0.1;',
    `first render = \`performance.now()\` when the list is in the DOM, over ${RELOADS} reloads of the demo scenario in headless Chromium`,
    'with the worker already installed, the apps of this section reloaded in turn; gzip at zlib default level; "added" is over the',
    'same app with the client only; "loaded before the first answer" = the scripts the page had asked for when its first API',
    'request left (Resource Timing), plus the demo parts the mock imported to answer it; what loads after (faker, when the',
    'page is idle) is not counted there. "whatever the order" adds, from the build\'s manifest, every file the entry, the mock\'s',
    'chunk and each of those chunks import statically: what any order of fetching loads before the first answer.',
    '',
    '| Figure | Now | Before (issue 11) | Target |',
    '|---|--:|--:|---|',
    `| JS loaded before the first answer (demo), gzip: as loaded / whatever the order (from the build) | ${kb(persisted.loadedGzip)} / ${kb(persisted.boundGzip)} | — | ≤ ${kb(TARGET.loadedGzip)}: ${verdict(Math.max(persisted.loadedGzip, persisted.boundGzip) <= TARGET.loadedGzip)} |`,
    `| First forms rendered, median, state kept across reloads, over the floor of our dependencies’ (${ms(floor.median)}: msw + zod + @msw/data) | ${ratio(persisted.median, floor.median)}× (${ms(persisted.median)}, p90 ${ms(persisted.p90)}) | ${BEFORE.firstRenderMs} ms | ≤ ${GUARDS.firstRender.bound}× (guard): ${verdict(overFloor.met)} |`,
    `| First forms rendered, median, over msw alone’s with one static handler (${ms(msw.median)}; the floor’s is ${ratio(floor.median, msw.median)}×) | ${ratio(persisted.median, msw.median)}× | — | — |`,
    `| JS added over the client alone, loaded before the first answer | ${kb(addedLoaded)} | ${kb(BEFORE.addedGzip)} | — |`,
    `| JS added over the client alone, every chunk of the build (incl. the lazy demo plan and faker) | ${kb(added)} | ${kb(BEFORE.addedGzip)} | — |`,
    `| First forms rendered, median (p90), \`persist: false\` | ${ms(inMemory.median)} (${ms(inMemory.p90)}) | — | — |`,
    '',
    `The same run, the smallest app (start the worker, list the forms) built against ${BEFORE_COMMIT} and against this tree, and`,
    'msw alone (its worker started with one static handler answering the list): the floor under any mock answering through msw.',
    'Machine load cancels out in the ratios:',
    '',
    `| Smallest app | ${BEFORE_COMMIT} | now | now / before | msw/browser alone | now / msw alone |`,
    '|---|--:|--:|--:|--:|--:|',
    `| JS loaded before the first answer, gzip | ${kb(old.loadedGzip)} | ${kb(minimal.loadedGzip)} | ${ratio(minimal.loadedGzip, old.loadedGzip)} | ${kb(msw.loadedGzip)} | ${ratio(minimal.loadedGzip, msw.loadedGzip)} |`,
    `| JS of the whole build, gzip | ${kb(old.build.totals.gzip)} | ${kb(minimal.build.totals.gzip)} | ${ratio(minimal.build.totals.gzip, old.build.totals.gzip)} | ${kb(msw.build.totals.gzip)} | ${ratio(minimal.build.totals.gzip, msw.build.totals.gzip)} |`,
    `| First request sent (mock ready), median | ${ms(old.requestMedian)} | ${ms(minimal.requestMedian)} | ${ratio(minimal.requestMedian, old.requestMedian)} | ${ms(msw.requestMedian)} | ${ratio(minimal.requestMedian, msw.requestMedian)} |`,
    `| First forms rendered, median | ${ms(old.median)} | ${ms(minimal.median)} | ${ratio(minimal.median, old.median)} | ${ms(msw.median)} | ${ratio(minimal.median, msw.median)} |`,
    `| First forms rendered, p90 | ${ms(old.p90)} | ${ms(minimal.p90)} | ${ratio(minimal.p90, old.p90)} | ${ms(msw.p90)} | ${ratio(minimal.p90, msw.p90)} |`,
    '',
    'Where the first render goes: the median of each User Timing mark over the same reloads, in ms after navigation began',
    '(the static page fetches the same list from a file, with no worker: the floor of navigation, one request and a render here;',
    'msw alone answers it from one static handler; the floor of our dependencies, test/browser/app/sources.ts, answers it as',
    'any mock on msw, zod and @msw/data must: the forms’ record schema built, the demo’s forms part stored through',
    '`Collection.create` on the first request, the list answered). "code loaded" = the `import()` of the mock (or msw) resolved: fetched,',
    'compiled unless its code was cached, and run; "worker ready" = msw’s registration and handshake; "state ready" = the scenario’s store.',
    '',
    table(
      [
        ['Median, ms after navigation', '---'],
        ...[...PHASES.map(([heading]) => heading), 'rendered'].map((heading): [string, '--:'] => [
          heading,
          '--:',
        ]),
      ],
      [
        breakdown('static page, no mock', staticPage),
        breakdown('msw alone, one static handler', msw),
        breakdown('floor: msw + zod + @msw/data storing the forms', floor),
        breakdown(`smallest app, ${BEFORE_COMMIT}`, old),
        breakdown('smallest app, now', minimal),
        breakdown('the offline app (state kept)', persisted),
        breakdown('the offline app, `persist: false`', inMemory),
      ],
    ),
    '',
    `msw/browser alone built with Vite 8's defaults instead (constant inlining on, no recipe config): ${kb(mswDefaults.totals.gzip)} gzip, ${kb(mswDefaults.totals.gzip - msw.build.totals.gzip)} more than with the recipe's config (tldts' public-suffix text copied into each \`if\` that reads it).`,
    '',
    `Chunks (gzip): ${chunks}. Loaded before the first answer (demo): ${persisted.loaded.map((f) => `\`${shortName(f)}\``).join(', ')}.`,
    '',
    guardNotes([['First render', GUARDS.firstRender, '× the floor of our dependencies’']]),
    '',
    WHERE_IT_GOES,
  ].join('\n')
  const out = fileURLToPath(new URL('./RESULTS.md', import.meta.url))
  writeSection(out, 'browser-mock', markdown)
  process.stdout.write(`${markdown}\n\nWrote the "Browser mock" section of ${out}\n`)
}

await (args.baseline === undefined ? main() : compareWithBaseline(args.baseline))

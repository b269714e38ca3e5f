import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLIENT_APP,
  docsBrowserSnippet,
  FETCH_APP,
  FLOOR_APP,
  FLOOR_MODULE,
  MOCK_APP,
  MSW_ALONE_APP,
} from './app/sources.ts'
import { createViteApp, loadedWith, type ViteApp, type ViteBuild } from './vite-app.ts'

/** What only the mock brings: our mock and demo data, msw, @msw/data, faker. */
const MOCK_CODE = /^(mock|fixtures)\/|node_modules\/(msw|@msw\/data|@faker-js\/faker)\//
const mockModules = (build: ViteBuild) => build.modules.filter((file) => MOCK_CODE.test(file))

/** Each plain string literal of 10,000 characters or more in the build's JavaScript, and how often. */
const longStrings = (build: ViteBuild) => {
  const seen = new Map<string, number>()
  // The minifier writes some as template literals (no `${` in a long text of this kind).
  const literals = /"[^"\\\n]{10000,}"|'[^'\\\n]{10000,}'|`[^`\\$]{10000,}`/g
  for (const [literal] of build.js.matchAll(literals))
    seen.set(literal, (seen.get(literal) ?? 0) + 1)
  return seen
}
/** The long literals held more than once, by their start. */
const repeatedLongStrings = (build: ViteBuild) =>
  [...longStrings(build)]
    .filter(([, count]) => count > 1)
    .map(([literal, count]) => ({ start: literal.slice(0, 40), count }))

// No browser needed: these are builds, checked file by file.
describe("docs/usage.md's browser snippet in a Vite production build", () => {
  let app: ViteApp | undefined
  let production: ViteBuild | undefined
  let development: ViteBuild | undefined
  beforeAll(async () => {
    app = createViteApp({ files: { 'src/main.ts': docsBrowserSnippet() } })
    production = await app.build({ modules: true })
    development = await app.build({ mode: 'development', modules: true })
  }, 120_000)
  afterAll(() => app?.remove())

  it('carries the mock when built for development (what the next check would catch)', () => {
    const found = mockModules(development as ViteBuild)
    expect(found).toContain('mock/browser/index.ts')
    expect(found.some((file) => file.startsWith('node_modules/@faker-js/faker/'))).toBe(true)
    expect(found.some((file) => file.startsWith('node_modules/msw/'))).toBe(true)
  })

  it('contains no mock code: the static import is dropped with the dev-only branch', () => {
    expect(mockModules(production as ViteBuild)).toEqual([])
    expect(production?.modules).toContain('contract/client.ts')
  })
})

describe('an app using only createClient, in a Vite production build', () => {
  const apps: ViteApp[] = []
  let client: ViteBuild | undefined
  let baseline: ViteBuild | undefined
  beforeAll(async () => {
    const clientApp = createViteApp({ files: { 'src/main.ts': CLIENT_APP }, worker: false })
    const fetchApp = createViteApp({ files: { 'src/main.ts': FETCH_APP }, worker: false })
    apps.push(clientApp, fetchApp)
    client = await clientApp.build({ modules: true })
    baseline = await fetchApp.build()
  }, 120_000)
  afterAll(() => {
    for (const app of apps) app.remove()
  })

  it('bundles the zod-free endpoint table, not zod or the schemas', () => {
    const ours = client?.modules.filter((file) => !file.startsWith('.scratch/')) ?? []
    expect(ours.filter((file) => file.startsWith('node_modules/'))).toEqual([])
    // json-depth.ts: the client's bound on an answer's nesting, zod-free like the rest.
    expect(ours).toEqual([
      'contract/client.ts',
      'contract/endpoints.ts',
      'contract/json-depth.ts',
      'contract/route.ts',
    ])
  })

  it('adds at most 5 KB gzip to the app', () => {
    const added = (client?.totals.gzip ?? Infinity) - (baseline?.totals.gzip ?? 0)
    expect(added).toBeGreaterThan(0)
    expect(added).toBeLessThanOrEqual(5 * 1024)
  })
})

describe('a Vite production build that enables the mock (VITE_MOCK=on)', () => {
  let app: ViteApp | undefined
  let build: ViteBuild | undefined
  beforeAll(async () => {
    app = createViteApp({ files: { 'src/main.ts': MOCK_APP, '.env': 'VITE_MOCK=on\n' } })
    build = await app.build({ modules: true })
  }, 120_000)
  afterAll(() => app?.remove())

  /** The sources loaded with the chunk holding `source`, before any of its `import()` runs. */
  const eagerWith = (source: string) => {
    const built = build as ViteBuild
    const chunk = built.chunks.find((c) => c.modules.includes(source))
    if (!chunk) throw new Error(`no chunk holds ${source}`)
    return loadedWith(built, chunk.file).flatMap((c) => c.modules)
  }

  it('loads the browser mock itself only when the app enables it, not with the entry', () => {
    const entry = build?.chunks.find((c) => c.modules.some((m) => m.endsWith('/src/main.ts')))
    const eager = loadedWith(build as ViteBuild, entry?.file ?? '').flatMap((c) => c.modules)
    expect(eager.some((m) => m.endsWith('/src/main.ts'))).toBe(true)
    expect(mockModules({ ...(build as ViteBuild), modules: eager })).toEqual([])
  })

  it('starts the mock without faker, the demo plan, the demo parts or the identifier generator; they load later', () => {
    const eager = eagerWith('mock/browser/index.ts')
    expect(eager).toContain('mock/core/mock.ts')
    expect(eager.some((m) => m.startsWith('node_modules/msw/'))).toBe(true)
    // The demo snapshot's frame comes with the mock (no request of its own during the start).
    expect(eager).toContain('fixtures/demo-snapshot.ts')
    const deferred =
      /node_modules\/@faker-js\/|^mock\/core\/ids-faker\.ts$|^fixtures\/(demo\.ts|demo-snapshot\/|content)/
    expect(eager.filter((m) => deferred.test(m))).toEqual([])
    // In the build all the same, behind import(): the split, not a missing feature.
    const later = ['mock/core/ids-faker.ts', 'fixtures/demo.ts', 'fixtures/demo-snapshot/forms.ts']
    for (const file of later) expect(build?.modules).toContain(file)
    expect(build?.modules.some((m) => m.startsWith('node_modules/@faker-js/faker/'))).toBe(true)
  })

  it('loads the demo snapshot without faker', () => {
    expect(eagerWith('fixtures/demo-snapshot.ts').filter((m) => m.includes('faker'))).toEqual([])
  })

  it("carries no long text twice (the recipe's Vite config: no constant inlining)", () => {
    // tldts' public-suffix text (msw's cookie store) at least: what the check is about.
    expect(longStrings(build as ViteBuild).size).toBeGreaterThan(0)
    expect(repeatedLongStrings(build as ViteBuild)).toEqual([])
  })

  it('carries no override code into an app that does not use overrides', () => {
    expect(build?.modules).toContain('mock/browser/index.ts')
    expect(build?.modules).not.toContain('mock/msw/override.ts')
  })
})

describe("docs/usage.md's Vite config for a build that carries the mock", () => {
  const apps: ViteApp[] = []
  let defaults: ViteBuild | undefined
  let recipe: ViteBuild | undefined
  beforeAll(async () => {
    const files = { 'src/main.ts': MSW_ALONE_APP, '.env': 'VITE_MOCK=on\n' }
    const defaultsApp = createViteApp({ files, worker: false, recipeConfig: false })
    const recipeApp = createViteApp({ files, worker: false })
    apps.push(defaultsApp, recipeApp)
    defaults = await defaultsApp.build()
    recipe = await recipeApp.build()
  }, 120_000)
  afterAll(() => {
    for (const app of apps) app.remove()
  })

  it('is needed: with Vite 8 defaults, msw alone repeats its public-suffix text', () => {
    // When this fails, Vite (or tldts) no longer copies the text: drop the line from the recipe.
    expect(repeatedLongStrings(defaults as ViteBuild).length).toBeGreaterThan(0)
    expect(docsBrowserSnippet('vite.config.ts')).toContain('inlineConst: false')
  })

  it('keeps it once, and msw at least 40 KB gzip smaller', () => {
    expect(repeatedLongStrings(recipe as ViteBuild)).toEqual([])
    const saved = (defaults?.totals.gzip ?? 0) - (recipe?.totals.gzip ?? Infinity)
    expect(saved).toBeGreaterThanOrEqual(40 * 1024)
  })
})

describe("bench:browser's floor of our dependencies", () => {
  let app: ViteApp | undefined
  let floor: ViteBuild | undefined
  beforeAll(async () => {
    app = createViteApp({
      files: { 'src/main.ts': FLOOR_APP, 'src/floor.ts': FLOOR_MODULE, '.env': 'VITE_MOCK=on\n' },
      worker: false,
    })
    floor = await app.build({ modules: true })
  }, 120_000)
  afterAll(() => app?.remove())

  it("builds the forms' schemas and table, and no other resource's schemas nor the mock's dispatcher", () => {
    const modules = floor?.modules ?? []
    for (const needed of ['contract/forms.ts', 'mock/core/records/forms.ts', 'mock/core/table.ts'])
      expect(modules).toContain(needed)
    // Any of these in the floor would make it measure what the mock does, not what it cannot skip.
    for (const beyond of [
      'contract/activities.ts',
      'contract/sessions.ts',
      'contract/series.ts',
      'contract/sponsors.ts',
      'contract/teams.ts',
      'mock/core/store.ts',
      'mock/core/dispatch.ts',
    ])
      expect(modules).not.toContain(beyond)
  })
})

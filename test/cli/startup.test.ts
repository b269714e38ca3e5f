import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { bundleServe } from '../../mock/cli/build/bundle.mjs'
import { ROOT } from './cli.ts'

/**
 * What a cold start of `serve` runs, by source file: serve's bundle (serve.cjs) built as the
 * launcher and the build bundle it, up to the first 200 of GET /forms. In that CommonJS bundle
 * every module reached through `import()` (serve/action.ts and what it needs, express, the pages,
 * faker) and every CommonJS dependency runs from a lazy initializer named by its source path;
 * a copy of the bundle reports each one as it runs. What it must not run is what made starts
 * slow before (issue 12); what it must not even contain, the metafile tells.
 */

// Inside the package, so the bundle finds its package.json as it does in the launcher's cache.
const cacheDir = join(ROOT, 'node_modules', '.cache')
mkdirSync(cacheDir, { recursive: true })
const outdir = mkdtempSync(join(cacheDir, 'startup-test-'))

/** esbuild's helper both lazy initializers call, with the one key (the module's path) as argument. */
const HELPER = 'var __getOwnPropNames=Object.getOwnPropertyNames;'
const TRACED = `var __getOwnPropNames=(o)=>{const n=Object.getOwnPropertyNames(o);if(n.length===1&&typeof o[n[0]]==="function"&&/[./]/.test(n[0]))process.stderr.write("LOADED "+n[0]+"\\n");return n};`

let metafile: Metafile
let bundleText = ''
let child: ChildProcess | undefined
/** Source files (as the metafile names them) whose lazy initializer ran before the first answer. */
let loadedInputs: string[] = []
let badRequestText = ''
let docsPage = ''
/** The same, after /docs was asked for: what the recording shows once express and the pages run. */
let laterInputs: string[] = []
/** Source files whose lazy initializer had run once a create was answered. */
let afterWrites: string[] = []

const waitForBanner = (process: ChildProcess) =>
  new Promise<string>((resolve, reject) => {
    let text = ''
    process.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const api = text.match(/curl -H "Authorization: Bearer \S+" (\S+)\/forms/)?.[1]
      if (api) resolve(api)
    })
    process.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${text}`)))
  })

beforeAll(async () => {
  const result = await bundleServe(ROOT, outdir, { metafile: true })
  metafile = result.metafile as Metafile
  bundleText = readFileSync(join(outdir, 'serve.cjs'), 'latin1')
  expect(bundleText.split(HELPER)).toHaveLength(2)
  const traced = join(outdir, 'serve-traced.cjs')
  writeFileSync(traced, bundleText.replace(HELPER, TRACED))
  // The packages serve requires on first use (lazy/*.cjs) report their modules the same way.
  for (const file of lazyFiles()) {
    const text = readFileSync(file, 'latin1')
    expect(text.split(HELPER)).toHaveLength(2)
    writeFileSync(file, text.replace(HELPER, TRACED))
  }
  child = spawn(process.execPath, [traced, 'serve', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  /** What the traced bundle has reported so far: the modules run. */
  const loaded = () => [...stderr.matchAll(/^LOADED (.+)$/gm)].map((match) => match[1] as string)
  const api = await waitForBanner(child)
  const first = await fetch(`${api}/forms`, { headers: { authorization: `Bearer ${ACME_KEY}` } })
  expect(first.status).toBe(200)
  // Read now: what ran before and for the first answer, nothing later. Writes to a pipe are
  // synchronous in Node, so every line written before the answer has arrived.
  loadedInputs = loaded()
  const bad = await fetch(`${api}/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 42 }),
  })
  badRequestText = await bad.text()
  docsPage = await (await fetch(`${api.replace(/\/api\/v1$/, '')}/docs`)).text()
  laterInputs = loaded()
  const created = await fetch(`${api}/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Form' }),
  })
  expect(created.status).toBe(201)
  afterWrites = loaded()
}, 120_000)

afterAll(() => {
  child?.kill('SIGKILL')
  rmSync(outdir, { recursive: true, force: true })
})

/** The bundle's other files: the packages serve.cjs requires on first use. */
const lazyFiles = () =>
  Object.keys(metafile.outputs)
    .filter((file) => file.endsWith('.cjs') && !file.endsWith('/serve.cjs'))
    .map((file) => join(ROOT, file))

/** The output file whose path ends as given. */
const outputOf = (output: string) =>
  Object.entries(metafile.outputs).find(([file]) => file.endsWith(output))?.[1]

/** Source files bundled into one output file (a path ending as given). */
const inputsOf = (output: string) => Object.keys(outputOf(output)?.inputs ?? {})

const matching = (pattern: RegExp) => loadedInputs.filter((file) => pattern.test(file))

const inBundle = (pattern: RegExp) =>
  Object.keys(metafile.inputs).filter((file) => pattern.test(file))

describe('what `serve` runs before its first answer', () => {
  it('runs the mock and its store, each one a source of the bundle', () => {
    // Every recorded name is an input of this bundle: the recording and the mapping both work.
    expect(loadedInputs.length).toBeGreaterThan(20)
    for (const file of loadedInputs) expect(metafile.inputs).toHaveProperty([file])
    expect(loadedInputs).toContain('mock/cli/serve/action.ts')
    expect(loadedInputs).toContain('mock/core/mock.ts')
    expect(loadedInputs).toContain('contract/forms.ts')
  })

  it('holds neither the conformance engine, fast-check nor another command', () => {
    expect(inBundle(/node_modules\/(fast-check|pure-rand)\//)).toEqual([])
    expect(inBundle(/^mock\/conformance\//)).toEqual([])
    expect(inBundle(/^mock\/cli\/(check|seed|openapi)/)).toEqual([])
  })

  it('keeps express, its encodings tables and faker out of serve.cjs: files required on first use', () => {
    // Read, turned into a string and compiled at every start, they were ~1.35 MB of its 2.2.
    const own = inputsOf('/serve.cjs')
    expect(own).toContain('mock/core/mock.ts')
    expect(
      own.filter((file) => /node_modules\/(express|iconv-lite|mime-db|@faker-js)\//.test(file)),
    ).toEqual([])
    expect(inputsOf('/lazy/express.cjs')).toContain('node_modules/iconv-lite/lib/index.js')
    expect(inputsOf('/lazy/faker-base.cjs').some((file) => file.includes('/@faker-js/'))).toBe(true)
  })

  it('runs neither express nor the pages, /docs or the OpenAPI document', () => {
    // They are in the bundle, and the recording sees them run once /docs is asked for.
    expect(laterInputs).toContain('node_modules/express/lib/express.js')
    expect(laterInputs).toContain('mock/http/pages/index.ts')
    expect(
      matching(/node_modules\/(express|body-parser|iconv-lite|mime-db|router|send)\//),
    ).toEqual([])
    expect(matching(/^mock\/http\/pages\//)).toEqual([])
  })

  it('runs neither zod-to-openapi nor the contract barrel that re-exports it', () => {
    // The mock imports the contract files it uses: through contract/index.ts (the public barrel),
    // any contract import would also run openapi.ts and zod-to-openapi. The pages' host
    // (server.ts, for /openapi.json) loads them, so /docs shows them in the recording.
    expect(laterInputs).toContain('contract/openapi.ts')
    expect(laterInputs.some((file) => file.includes('/@asteasolutions/zod-to-openapi/'))).toBe(true)
    expect(matching(/\/@asteasolutions\/zod-to-openapi\//)).toEqual([])
    expect(matching(/^contract\/(index|openapi)\.ts$/)).toEqual([])
  })

  it('runs no state-file code (node:crypto, node:fs/promises) when no option names a file', () => {
    expect(metafile.inputs).toHaveProperty(['mock/state-file/file.ts'])
    expect(metafile.inputs).toHaveProperty(['mock/http/state/keeper.ts'])
    expect(matching(/^mock\/(state-file|http\/state)\//)).toEqual([])
    // Nor the control routes' token check, which loads with express for them.
    expect(metafile.inputs).toHaveProperty(['mock/http/control-guard.ts'])
    expect(matching(/^mock\/http\/control-guard\.ts$/)).toEqual([])
  })

  it("loads the demo snapshot's forms part alone, the others when a write needs them", () => {
    // Loaded at start, the four others (and the code holding their text) were in the code cache.
    const parts = /^fixtures\/demo-snapshot\/(\w+)\.ts$/
    expect(matching(parts)).toEqual(['fixtures/demo-snapshot/forms.ts'])
    // A create claims identifiers, which needs every collection stored: then all five are in.
    expect(afterWrites.filter((file) => parts.test(file)).sort()).toEqual(
      ['forms', 'reports', 'responses', 'series', 'sessions'].map(
        (name) => `fixtures/demo-snapshot/${name}.ts`,
      ),
    )
  })

  it('runs no locale of zod but English, and no faker locale data', () => {
    expect(matching(/node_modules\/zod\/v4\/locales\/(?!(en|index)\.js$)/)).toEqual([])
    expect(matching(/node_modules\/@faker-js\/faker\/dist\/locale\/(?!base\.js$)/)).toEqual([])
  })
})

describe('the bundled command', () => {
  it("holds zod's English locale alone and no fromJSONSchema, and still answers in English", () => {
    // The sources import zod as `import * as z` (its documented form; biome refuses `{ z }`), so
    // the bundler keeps only the zod code they use: `{ z }` brought all 64 locales (~300 KB).
    const zodInServe = Object.entries(outputOf('/serve.cjs')?.inputs ?? {})
      .filter(([file, input]) => file.startsWith('node_modules/zod/') && input.bytesInOutput > 0)
      .map(([file]) => file)
    expect(zodInServe.filter((file) => file.includes('/locales/')).sort()).toEqual([
      'node_modules/zod/v4/locales/en.js',
      'node_modules/zod/v4/locales/index.js', // the `locales` namespace, English in it alone
    ])
    expect(zodInServe).not.toContain('node_modules/zod/v4/classic/from-json-schema.js')
    expect(badRequestText).toMatch(/expected string, received number/)
  })

  it('is ASCII, and its pages still show the characters the sources wrote', () => {
    expect(/[\u0080-\uffff]/.test(bundleText)).toBe(false) // read as latin1: one char per byte
    // The /docs banner's quotes are in an `html` tagged template, which esbuild leaves raw.
    expect(docsPage).toContain('mock. \u201cTry it out\u201d calls this server')
  })
})

import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { bundleCli } from '../../mock/cli/bundle.mjs'
import { ROOT } from './cli.ts'

/**
 * What a cold start of `serve` loads, by source file: the CLI bundled as the launcher and the
 * build bundle it, run with a loader hook that records every file Node loads, up to the first 200
 * of GET /forms. What it must not load is what made starts slow before (issue 12).
 */

// Inside the package, so the bundle finds its package.json as it does in the launcher's cache.
const cacheDir = join(ROOT, 'node_modules', '.cache')
mkdirSync(cacheDir, { recursive: true })
const outdir = mkdtempSync(join(cacheDir, 'startup-test-'))
const loadedLog = join(outdir, 'loaded.txt')
/** Appends each file URL Node loads to LOADED_LOG (hooks run off the main thread: a file, not a message). */
const recorder = `data:text/javascript,${encodeURIComponent(`
import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(\`
import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.LOADED_LOG, url + '\\\\n')
  return next(url, context)
}\`))`)}`

let metafile: Metafile
let child: ChildProcess | undefined
/** Source files (as the metafile names them, relative to the clone) in the chunks serve loaded. */
let loadedInputs: string[] = []
let loadedChunks: string[] = []
let badRequestText = ''

const waitForBanner = (process: ChildProcess) =>
  new Promise<string>((resolve, reject) => {
    let text = ''
    process.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const api = text.match(/curl -H "Authorization: Bearer \S+" (\S+)\/forms/)?.[1]
      if (api) resolve(api)
    })
    process.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    process.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${text}`)))
  })

beforeAll(async () => {
  const result = await bundleCli(ROOT, outdir, { metafile: true })
  metafile = result.metafile as Metafile
  child = spawn(
    process.execPath,
    ['--import', recorder, join(outdir, 'index.js'), 'serve', '--port', '0'],
    {
      cwd: ROOT,
      env: { ...process.env, LOADED_LOG: loadedLog },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const api = await waitForBanner(child)
  const first = await fetch(`${api}/forms`, { headers: { authorization: `Bearer ${ACME_KEY}` } })
  expect(first.status).toBe(200)
  // Read now: what loaded before and for the first answer, nothing later.
  const urls = readFileSync(loadedLog, 'utf8').split('\n').filter(Boolean)
  loadedChunks = urls.map((url) => relative(ROOT, fileURLToPath(url)))
  loadedInputs = loadedChunks.flatMap((chunk) => Object.keys(metafile.outputs[chunk]?.inputs ?? {}))
  const bad = await fetch(`${api}/forms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 42 }),
  })
  badRequestText = await bad.text()
}, 120_000)

afterAll(() => {
  child?.kill('SIGKILL')
  rmSync(outdir, { recursive: true, force: true })
})

const matching = (pattern: RegExp) => loadedInputs.filter((file) => pattern.test(file))

describe('what `serve` loads before its first answer', () => {
  it('loads the chunks of the mock and its store, each one known to the bundle', () => {
    // Every recorded file is a chunk of this bundle: the recording and the mapping both work.
    expect(loadedChunks.length).toBeGreaterThan(3)
    for (const chunk of loadedChunks) expect(metafile.outputs).toHaveProperty([chunk])
    expect(loadedInputs).toContain('mock/cli/serve-run.ts')
    expect(loadedInputs).toContain('mock/core/mock.ts')
    expect(loadedInputs).toContain('contract/forms.ts')
  })

  it('loads neither the conformance engine nor fast-check', () => {
    expect(matching(/node_modules\/(fast-check|pure-rand)\//)).toEqual([])
    // The exploration defaults are a constant kept apart for the CLI's help text.
    expect(
      matching(/^mock\/conformance\//).filter((f) => f !== 'mock/conformance/explore/defaults.ts'),
    ).toEqual([])
    expect(loadedInputs).not.toContain('mock/cli/check-run.ts')
  })

  it('loads neither express nor the pages, /docs or the OpenAPI document', () => {
    expect(
      matching(/node_modules\/(express|body-parser|iconv-lite|mime-db|router|send)\//),
    ).toEqual([])
    expect(matching(/^mock\/(pages\/|server\.ts)/)).toEqual([])
  })

  it('loads no locale of zod but English, and no faker locale data', () => {
    expect(matching(/node_modules\/zod\/v4\/locales\/(?!en\.js$)/)).toEqual([])
    expect(matching(/node_modules\/@faker-js\/faker\/dist\/locale\/(?!base\.js$)/)).toEqual([])
  })
})

describe('the bundled command', () => {
  it("contains zod's English locale alone, and still answers in English", () => {
    const locales = Object.keys(metafile.inputs).filter((f) => f.includes('zod/v4/locales/'))
    expect(locales).toEqual(['node_modules/zod/v4/locales/en.js'])
    expect(badRequestText).toMatch(/expected string, received number/)
  })
})

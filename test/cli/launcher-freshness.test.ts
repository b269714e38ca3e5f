import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ROOT } from './cli.ts'

/**
 * The clone launcher (mock/cli/bin.cjs) reuses its cached bundle only while no file it was built
 * from has changed. Here it runs in a folder of its own, beside a stand-in bundle.mjs that records
 * each build and reports two source files (plus a dependency and a plugin's virtual module, which
 * the check must leave out) as the bundle's inputs.
 */
const STUB_BUNDLER = `
import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
export const bundleCli = async (root, outdir) => {
  appendFileSync(join(root, 'builds.log'), 'build\\n')
  return {
    outputFiles: [{ path: join(outdir, 'index.js'), contents: Buffer.from('console.log("ran")\\n') }],
    metafile: {
      inputs: {
        'mock/cli/index.ts': {},
        'mock/core/a.ts': {},
        'node_modules/dep/index.js': {},
        'zod-english-only:/somewhere/locales/index.js': {},
      },
    },
  }
}
export const bundleServe = bundleCli
`

let root = ''
const builds = () =>
  readFileSync(join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean).length
const launch = () => {
  const run = spawnSync(process.execPath, [join(root, 'mock/cli/bin.cjs'), '--version'], {
    cwd: root,
    encoding: 'utf8',
  })
  expect(run.stderr).toBe('')
  expect(run.stdout).toBe('ran\n')
  return builds()
}
/** Rewrites a file with other text of the same length, dated a second later: only the time tells. */
const editInPlace = (file: string) => {
  const path = join(root, file)
  const before = statSync(path)
  writeFileSync(path, readFileSync(path, 'utf8').replace('1', '2'))
  const later = new Date(before.mtimeMs + 1000)
  utimesSync(path, later, later)
  expect(statSync(path).size).toBe(before.size)
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'launcher-freshness-'))
  mkdirSync(join(root, 'mock/cli/build'), { recursive: true })
  mkdirSync(join(root, 'mock/core'), { recursive: true })
  copyFileSync(join(ROOT, 'mock/cli/bin.cjs'), join(root, 'mock/cli/bin.cjs'))
  writeFileSync(join(root, 'mock/cli/build/bundle.mjs'), STUB_BUNDLER)
  writeFileSync(join(root, 'mock/cli/index.ts'), 'export const version = 1\n')
  writeFileSync(join(root, 'mock/core/a.ts'), 'export const a = 1\n')
  writeFileSync(join(root, 'package-lock.json'), '{}\n')
  writeFileSync(join(root, 'builds.log'), '')
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('the clone launcher’s cached bundle', () => {
  it('is reused while its sources are unchanged', () => {
    expect(launch()).toBe(1)
    expect(launch()).toBe(1)
  })

  it('is rebuilt after a source is edited, even to the same size', () => {
    expect(launch()).toBe(1)
    editInPlace('mock/core/a.ts')
    expect(launch()).toBe(2)
    expect(launch()).toBe(2)
  })

  it('is rebuilt after the lock file or the bundler changes', () => {
    expect(launch()).toBe(1)
    editInPlace('package-lock.json')
    expect(launch()).toBe(2)
    writeFileSync(join(root, 'mock/cli/build/bundle.mjs'), `${STUB_BUNDLER}\n// changed\n`)
    expect(launch()).toBe(3)
  })

  it('is rebuilt after a source is removed', () => {
    expect(launch()).toBe(1)
    rmSync(join(root, 'mock/core/a.ts'))
    expect(launch()).toBe(2)
  })

  it('is rebuilt when the manifest was written in an older form', () => {
    expect(launch()).toBe(1)
    const manifestPath = join(root, 'node_modules/.cache/engagement-mock/manifest.json')
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
    manifest.entry.inputs = { 'mock/core/a.ts': 'old form' }
    writeFileSync(manifestPath, JSON.stringify(manifest))
    expect(launch()).toBe(2)
  })
})

import { type ChildProcess, spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { bundleServe } from '../../mock/cli/build/bundle.mjs'
import { cacheKey, cachePath, readCache } from '../../mock/cli/build/code-cache.cjs'
import { ROOT } from './cli.ts'

/**
 * serve.cjs run as the launcher runs it (code-cache.cjs): a start without a cache writes one, the
 * next uses it, and a cache V8 refuses, or one made for another bundle or another V8, is not used
 * (the start compiles normally, answers the same, and writes a cache of its own).
 */

// Inside the package, so the bundle finds its package.json as it does in the launcher's cache.
const cacheDir = join(ROOT, 'node_modules', '.cache')
mkdirSync(cacheDir, { recursive: true })
const outdir = mkdtempSync(join(cacheDir, 'code-cache-test-'))
const bundle = join(outdir, 'serve.cjs')
const runner = join(outdir, 'runner.mjs')
const launcher = new URL('../../mock/cli/build/code-cache.cjs', import.meta.url).href
const running: ChildProcess[] = []

interface Start {
  /** What the launcher did with the cache: used, rejected or none. */
  cache: string
  /** Whether node:zlib had been loaded once the server answered. */
  zlib: string
  forms: unknown
  stop: () => Promise<void>
}

/** Starts serve from the bundle as the launcher does, and reads GET /forms once it answers. */
const start = (): Promise<Start> =>
  new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [runner, 'serve', '--port', '0', '--public-url', 'http://mock.test'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    running.push(child)
    let out = ''
    let err = ''
    child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')))
    child.stdout?.on('data', async (chunk: Buffer) => {
      out += chunk.toString('utf8')
      const origin = out.match(/mock on (http:\S+)/)?.[1]
      if (!origin || !out.includes('Stop: Ctrl+C')) return
      const response = await fetch(`${origin}/api/v1/forms`, {
        headers: { authorization: `Bearer ${ACME_KEY}` },
      })
      expect(response.status).toBe(200)
      resolve({
        cache: err.match(/^CACHE (\w+)$/m)?.[1] ?? 'unreported',
        zlib: err.match(/^ZLIB (\w+)$/m)?.[1] ?? 'unreported',
        forms: await response.json(),
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}:\n${out}${err}`)))
  })

/** The cache is written just after the server answers: wait for the file to hold what we expect. */
const cacheWritten = async (bytes: Buffer, unlike?: Buffer) => {
  for (let tries = 0; tries < 600; tries++) {
    const data = readCache(bundle, bytes)
    if (data && !(unlike && data.equals(unlike))) return data
    await new Promise((done) => setTimeout(done, 50))
  }
  throw new Error('no cache written for the bundle')
}

let bytes: Buffer
/** The bundle as bundleServe wrote it (a later test appends to the file). */
let built: Buffer
let firstForms: unknown

beforeAll(async () => {
  await bundleServe(ROOT, outdir)
  bytes = readFileSync(bundle)
  built = bytes
  writeFileSync(
    runner,
    `import { runServe } from ${JSON.stringify(launcher)}
const run = runServe(${JSON.stringify(bundle)})
process.stderr.write('CACHE ' + run.cache + '\\n')
Promise.resolve(run.exports.finished).then(() =>
  process.stderr.write('ZLIB ' + process.moduleLoadList.includes('NativeModule zlib') + '\\n'))
`,
  )
}, 60_000)

afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  rmSync(outdir, { recursive: true, force: true })
})

describe('serve with a code cache', () => {
  it('writes no cache after a start that failed (its cache would lack the server)', async () => {
    const child = spawn(process.execPath, [runner, 'serve', '--port', 'x'], {
      cwd: ROOT,
      stdio: 'ignore',
    })
    const code = await new Promise((done) => child.once('exit', done))
    expect(code).toBe(2)
    expect(existsSync(cachePath(bundle))).toBe(false)
  }, 60_000)

  it('writes a cache after a start without one, and the next start uses it', async () => {
    const first = await start()
    expect(first.cache).toBe('none')
    firstForms = first.forms
    expect(firstForms).toMatchObject({ forms: expect.any(Array) })
    await cacheWritten(bytes)
    await first.stop()

    const second = await start()
    expect(second.cache).toBe('used')
    expect(second.forms).toEqual(firstForms)
    // The key names the checksum the bundle carries: no CRC of ~2 MB, node:zlib not even loaded.
    expect(second.zlib).toBe('false')
    await second.stop()
  }, 60_000)

  it('compiles without a cache V8 refuses, answers the same, and writes a good one', async () => {
    const garbage = Buffer.alloc(4096, 7)
    writeFileSync(cachePath(bundle), Buffer.concat([Buffer.from(cacheKey(bytes)), garbage]))
    const refused = await start()
    expect(refused.cache).toBe('rejected')
    expect(refused.forms).toEqual(firstForms)
    await cacheWritten(bytes, garbage)
    await refused.stop()

    const next = await start()
    expect(next.cache).toBe('used')
    await next.stop()
  }, 60_000)

  it('does not use a cache made for another bundle: the changed bundle writes its own', async () => {
    expect(readCache(bundle, bytes)).toBeDefined()
    appendFileSync(bundle, '\n// changed\n')
    const changed = readFileSync(bundle)
    // V8 itself would take it if only the length were compared; the key has the checksum.
    expect(readCache(bundle, changed)).toBeUndefined()
    const restarted = await start()
    expect(restarted.cache).toBe('none')
    expect(restarted.forms).toEqual(firstForms)
    await cacheWritten(changed)
    await restarted.stop()
    bytes = changed
  }, 60_000)

  it("keys the cache by the checksum bundleServe wrote as the bundle's last line", () => {
    const text = built.toString('latin1')
    const mark = text.match(/\/\/ engagement-mock bundle ([0-9a-f]{32})\n$/)
    expect(mark).not.toBeNull()
    const body = text.slice(0, text.length - (mark?.[0].length ?? 0))
    expect(body).toMatch(/\/\/# sourceMappingURL=serve\.cjs\.map\n$/)
    expect(createHash('sha256').update(body).digest('hex').slice(0, 32)).toBe(mark?.[1])
    expect(cacheKey(built)).toContain(` ${mark?.[1]} `)
    // A bundle without the line (from elsewhere, or edited after it) is summed at start instead.
    const unmarked = Buffer.from(body, 'latin1')
    expect(cacheKey(unmarked)).toMatch(/ crc32-[0-9a-f]+ /)
  })

  it('does not use a cache made by another V8 or for another CPU', () => {
    const data = readCache(bundle, bytes) as Buffer
    expect(data).toBeDefined()
    const key = cacheKey(bytes)
    for (const other of [
      key.replace(`v8-${process.versions.v8}`, 'v8-0.0.0'),
      key.replace(` ${process.arch}\n`, ' other-cpu\n'),
    ]) {
      expect(other).not.toBe(key)
      writeFileSync(cachePath(bundle), Buffer.concat([Buffer.from(other), data]))
      expect(readCache(bundle, bytes)).toBeUndefined()
    }
  })
})

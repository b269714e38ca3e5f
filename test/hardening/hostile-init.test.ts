import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { runCli } from '../cli/cli.ts'
import { startUpstream, type Upstream } from '../traffic/upstream.ts'
import { deepAnswer } from './hostile.ts'

const SECRET = 'sk_live_init_0123456789'

/**
 * Our mock (asked as the demo organization, whatever the key) behind a deployment that refuses a
 * word cloud echoing the caller's key in its message, and answers a series create 201 with JSON
 * nested 100,000 levels deep.
 */
let mock: RunningServer
let upstream: Upstream
const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-hostile-init-'))
beforeAll(async () => {
  mock = await startServer({ port: 0 })
  upstream = await startUpstream(async (req, res, path) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const auth = req.headers.authorization ?? ''
    if (req.method === 'POST' && /"kind":"word_cloud"/.test(body)) {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: `word clouds are not for ${auth}` }))
      return
    }
    if (req.method === 'POST' && path === '/series') {
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(deepAnswer('series'))
      return
    }
    const answer = await fetch(`${mock.baseUrl}${path}`, {
      method: req.method ?? 'GET',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
      ...(body === '' ? {} : { body }),
    })
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(await answer.text())
  })
})
afterAll(async () => {
  await upstream.close()
  await mock.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('check --init against a deployment echoing its key and answering too deep', () => {
  let run: Awaited<ReturnType<typeof runCli>>
  let written: string
  beforeAll(async () => {
    const file = join(tmp, 'deployment.json')
    run = await runCli(['check', upstream.apiRoot, '--key', SECRET, '--init', file])
    written = readFileSync(file, 'utf8')
  }, 60_000)

  it('writes the file and ends without a crash', () => {
    expect(run.stderr).not.toMatch(/RangeError|at .*\.ts:\d+/)
    expect(run.status).toBe(0)
  })

  it('quotes a refusal echoing the key with the key replaced, in the file and on the console', () => {
    expect(written).toContain('word clouds are not for Bearer $CONTRACT_API_KEY')
    expect(run.stdout).toContain('word clouds are not for Bearer $CONTRACT_API_KEY')
    expect(written + run.stdout + run.stderr).not.toContain(SECRET)
  })

  it('notes an answer too deep to read as neither accepted nor refused, naming the depth', () => {
    const series = JSON.parse(written).series['// create'] as string
    expect(series).toMatch(
      /POST \/series with the profile's spelling: 201, NOT READABLE \(answer nested deeper than \d+ levels: not checked further\): neither accepted nor refused/,
    )
    expect(series).not.toMatch(/accepted\. Nothing to change/)
    expect(run.stdout).toMatch(
      /\? series\.create +POST \/series → 201 not readable \(answer nested deeper than \d+ levels/,
    )
    expect(run.stdout).toMatch(/1 answer could not be read/)
  })
})

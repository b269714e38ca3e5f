import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../cli/cli.ts'
import { startUpstream, type Upstream } from '../traffic/upstream.ts'
import { deepAnswer } from './hostile.ts'

const SECRET = 'sk_live_seed_0123456789'

/** A deployment that answers a create 100,000 levels deep, or refuses it echoing the key. */
let upstream: Upstream
beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    req.resume()
    const echo = req.headers['x-echo'] !== undefined || (req.url ?? '').includes('echo')
    res.writeHead(echo ? 400 : 201, { 'content-type': 'application/json' })
    res.end(
      echo ? JSON.stringify({ error: `bad key ${req.headers.authorization}` }) : deepAnswer('form'),
    )
  })
})
afterAll(() => upstream.close())

describe('seed against a hostile deployment', () => {
  it('stops at an answer nested too deep, naming the depth', async () => {
    const run = await runCli(['seed', upstream.apiRoot, '--key', SECRET])
    expect(run.status).toBe(1)
    expect(run.stderr).toMatch(
      /Stopped at step \d+ of \d+ \(createForm\): POST \S+ answered 201: answer nested deeper than 256 levels: not checked further/,
    )
    expect(run.stdout + run.stderr).not.toContain(SECRET)
  }, 30_000)

  it('prints a refusal that echoes the key with the key replaced', async () => {
    const run = await runCli(['seed', `${upstream.apiRoot}/echo`, '--key', SECRET])
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('answered 400: {"error":"bad key Bearer $KEY"}')
    expect(run.stdout + run.stderr).not.toContain(SECRET)
  }, 30_000)
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACME_KEY } from '../../fixtures/index.ts'
import { startServer } from '../../mock/http/index.ts'
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

/**
 * Our mock behind a deployment that echoes the caller's Authorization value into every title and
 * share link it answers (the mock is asked as the demo organization, whatever the key).
 */
const startEchoingTitles = async () => {
  const mock = await startServer({ port: 0 })
  const echoing = await startUpstream(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const answer = await fetch(`${mock.baseUrl}${(req.url ?? '/').replace(/^\/api\/v1/, '')}`, {
      method: req.method ?? 'GET',
      headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
      ...(body === '' ? {} : { body }),
    })
    const auth = JSON.stringify(req.headers.authorization ?? '').slice(1, -1)
    const text = (await answer.text())
      .replace(/"title":"/g, `"title":"${auth} `)
      .replace(/"shareUrl":"([^"]*)"/g, `"shareUrl":"$1?k=${auth}"`)
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(text)
  })
  return {
    apiRoot: echoing.apiRoot,
    close: async () => {
      await echoing.close()
      await mock.close()
    },
  }
}

describe('seed against a deployment echoing the key in what it creates', () => {
  it('lists the created records with the key replaced in titles and links', async () => {
    const echoing = await startEchoingTitles()
    try {
      const run = await runCli([
        'seed',
        echoing.apiRoot,
        '--key',
        SECRET,
        '--forms',
        '1',
        '--sessions',
        '0',
        '--series',
        '0',
        '--reports',
        '0',
      ])
      expect(run.stderr).not.toContain('Stopped at step')
      expect(run.status).toBe(0)
      expect(run.stdout).toMatch(/Forms \(1\)\n {2}\S+ +\S+ +"Bearer \$KEY /)
      expect(run.stdout).toMatch(/share \S+\?k=Bearer \$KEY/)
      expect(run.stdout + run.stderr).not.toContain(SECRET)
    } finally {
      await echoing.close()
    }
  }, 30_000)
})

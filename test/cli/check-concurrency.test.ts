import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { DEFAULTS } from '../../mock/conformance/engine/env.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { runCli } from './cli.ts'
import { expectReportsAgree, readReports } from './reports-agree.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-check-concurrency-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let running: RunningServer | undefined
let limiter: Server | undefined
afterEach(async () => {
  await new Promise((done) => (limiter ? limiter.close(done) : done(undefined)))
  await running?.close()
  running = undefined
  limiter = undefined
})

const keys = ['--key', ACME_KEY, '--other-org-key', GLOBEX_KEY, '--no-entitlements-key', GLOBEX_KEY]

/** A server counting what reaches it: a refused option must send nothing. */
const counting = async () => {
  const seen = { requests: 0 }
  const server = createServer((_request, response) => {
    seen.requests += 1
    response.writeHead(500).end()
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  limiter = server
  return { seen, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` }
}

/**
 * A rate limiter in front of `upstream`: a request arriving while four are in flight is answered
 * 429 with `Retry-After: 1`, as a gateway holding a deployment to four requests at once does.
 */
const startLimiter = async (upstream: string) => {
  const seen = { inFlight: 0, limited: 0, forwarded: 0 }
  const server = createServer(async (request, response) => {
    if (seen.inFlight >= 4) {
      seen.limited += 1
      response
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' })
        .end('{"error":"too many requests"}')
      return
    }
    seen.inFlight += 1
    try {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks)
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' &&
            !['host', 'connection', 'content-length'].includes(entry[0]),
        ),
      )
      const answer = await fetch(upstream + (request.url ?? '').replace(/^\/api\/v1/, ''), {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body } : {}),
      })
      const text = await answer.text()
      seen.forwarded += 1
      response
        .writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'application/json',
        })
        .end(text)
    } finally {
      seen.inFlight -= 1
    }
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  limiter = server
  return { seen, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1` }
}

describe('engagement-mock check --concurrency', () => {
  it.each([['0'], ['-1'], ['1.5'], ['x'], ['65'], ['100000000000']])(
    'refuses --concurrency %s before anything is sent (exit 2)',
    async (value) => {
      const { seen, baseUrl } = await counting()
      const { status, stderr, stdout } = await runCli([
        'check',
        baseUrl,
        ...keys,
        '--concurrency',
        value,
      ])
      expect(stderr).toContain(`'${value}' is invalid`)
      expect(stderr).toContain('Expected a whole number from 1 to 64 (checks in flight at once')
      expect(stderr + stdout).not.toContain('Checking')
      expect(seen.requests).toBe(0)
      expect(status).toBe(2)
    },
  )

  it.each([['0'], ['many'], ['2.5'], ['999']])(
    'refuses CONTRACT_CONCURRENCY=%s before anything is sent, naming it (exit 2)',
    async (value) => {
      const { seen, baseUrl } = await counting()
      const { status, stderr } = await runCli(['check', baseUrl, ...keys], {
        env: { CONTRACT_CONCURRENCY: value },
      })
      expect(stderr).toContain('CONTRACT_CONCURRENCY: Expected a whole number from 1 to 64')
      expect(seen.requests).toBe(0)
      expect(status).toBe(2)
    },
  )

  it('refuses a deployment file whose concurrency is no whole number from 1 to 64 (exit 2)', async () => {
    const { seen, baseUrl } = await counting()
    const file = join(tmp, 'deployment.json')
    writeFileSync(file, JSON.stringify({ concurrency: 0 }))
    const { status, stderr } = await runCli(['check', baseUrl, ...keys, '--deployment', file])
    expect(stderr).toContain('concurrency: must be a whole number from 1 to 64')
    expect(stderr).toContain('got 0')
    expect(seen.requests).toBe(0)
    expect(status).toBe(2)
  })

  it('says what it does in its help', async () => {
    const { stdout } = await runCli(['check', '--help'])
    expect(stdout).toContain('--concurrency <n>')
    expect(stdout).toMatch(new RegExp(`CONTRACT_CONCURRENCY.*default ${DEFAULTS.concurrency}`, 's'))
    expect(stdout).toMatch(/429 or 503 with Retry-After slows the run/)
  })

  it('behind a limiter answering 429 + Retry-After: 1 to a fifth request in flight, slows down and passes: exit 0, 0 failed, the slow-downs counted in every report', async () => {
    running = await startServer({ port: 0 })
    const gate = await startLimiter(running.baseUrl)
    const reports = join(tmp, 'limited')
    const run = await runCli(['check', gate.baseUrl, ...keys, '--report-dir', reports])
    // The limiter did answer 429: the run had more than four requests in flight at first.
    expect(gate.seen.limited).toBeGreaterThan(0)
    expectReportsAgree(run, reports, [])
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    expect(report.totals.failed).toBe(0)
    expect(report.run.slowDowns).toBe(gate.seen.limited)
    const times = `${gate.seen.limited === 1 ? 'once' : `${gate.seen.limited} times`}`
    const sentence = `The deployment asked to slow down ${times}`
    expect(run.stdout).toContain(sentence)
    const { markdown, html, junit } = readReports(reports)
    expect(markdown).toContain(`Slowed down: ${sentence}`)
    expect(html).toContain(`data-slow-downs="${gate.seen.limited}"`)
    expect(junit).toContain(`<property name="slow-downs" value="${gate.seen.limited}" />`)
    expect(run.status).toBe(0)
  }, 120_000)

  it('at --concurrency 1 sends one request at a time: the same limiter never has to refuse', async () => {
    running = await startServer({ port: 0 })
    const gate = await startLimiter(running.baseUrl)
    const reports = join(tmp, 'one-at-a-time')
    const run = await runCli([
      'check',
      gate.baseUrl,
      ...keys,
      '--concurrency',
      '1',
      '--report-dir',
      reports,
    ])
    expect(gate.seen.limited).toBe(0)
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    expect(report.run.slowDowns).toBeUndefined()
    expect(run.stdout).not.toContain('asked to slow down')
    expect(run.status).toBe(0)
  }, 120_000)
})

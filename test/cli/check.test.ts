import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { printSummary } from '../../mock/cli/check/print.ts'
import { MAX_CONCURRENT_SHARE } from '../../mock/conformance/explore/defaults.ts'
import { EXPLORE_DEFAULTS, exploreBound } from '../../mock/conformance/explore/explore.ts'
import { INIT_REQUESTS } from '../../mock/conformance/init/bound.ts'
import { runConformance } from '../../mock/conformance/run-conformance.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { REPORT_FILES } from '../../mock/report-format/files.ts'
import { type RunningProxy, startProxy } from '../contract-selftest/proxy.ts'
import { ROOT, runCli } from './cli.ts'
import { expectReportsAgree } from './reports-agree.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-check-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let running: RunningServer | undefined
let proxy: RunningProxy | undefined
afterEach(async () => {
  await proxy?.close()
  await running?.close()
  running = undefined
  proxy = undefined
})

/** What `print` writes on stdout. */
const printed = (print: () => void): string => {
  let out = ''
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk)
    return true
  })
  try {
    print()
  } finally {
    spy.mockRestore()
  }
  return out
}

const keys = ['--key', ACME_KEY, '--other-org-key', GLOBEX_KEY, '--no-entitlements-key', GLOBEX_KEY]

describe('engagement-mock check', () => {
  it('passes against the mock, prints a summary table and the report paths', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'passing')
    const run = await runCli(['check', running.baseUrl, ...keys, '--report-dir', reports])
    const { status, stdout } = run
    expectReportsAgree(run, reports, [])
    expect(stdout).toMatch(/group\s+passed\s+failed\s+blocked\s+skipped\s+observed/)
    expect(stdout).toMatch(/total\s+[1-9]\d*\s+0\s+0\s+0\s+\d+/)
    expect(stdout).toContain(join(reports, 'conformance.md'))
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    expect(report.run.baseUrl).toBe(running.baseUrl)
    // Coverage: every operation, documented error condition and §3 transition tried.
    expect(report.coverage.operations).toMatchObject({ seen: 25, total: 25, notSeen: [] })
    expect(report.coverage.transitions).toMatchObject({ seen: 9, total: 9 })
    const { conditions } = report.coverage
    expect(conditions.seen).toBe(conditions.total)
    expect(report.coverage.neverSeen).toEqual([])
    expect(stdout).toContain(`Coverage: ${report.coverage.line}`)
    expect(stdout).toContain(
      `Coverage: operations 25/25, error conditions ${conditions.total}/${conditions.total}, transitions 9/9 `,
    )
    expect(stdout).toMatch(/; nothing documented never seen\n/)
    expect(readFileSync(join(reports, 'conformance.md'), 'utf8')).toContain(
      '| `POST /forms/{id}/publish` publishForm | seen | seen | seen | seen |  |  |  | seen |  |  | 0/1 |',
    )
    expect(status).toBe(0)
  }, 120_000)

  it('exits 1 and names the failed check when the deployment deviates', async () => {
    // A deployment whose publish answers 200 with an empty form.
    running = await startServer({ port: 0 })
    const deviant = await startProxy(running.baseUrl)
    deviant.use(async (request, forward) =>
      request.method === 'POST' && /^\/forms\/[^/]+\/publish$/.test(request.path)
        ? { status: 200, contentType: 'application/json', text: JSON.stringify({ form: {} }) }
        : forward(request),
    )
    proxy = deviant
    const reports = join(tmp, 'failing')
    const run = await runCli(['check', deviant.baseUrl, ...keys, '--report-dir', reports])
    const { status, stdout } = run
    expectReportsAgree(run, reports, ['violation'])
    expect(stdout).toMatch(/Failed\n {2}✗ /)
    expect(status).toBe(1)
  }, 120_000)

  it('stops at --max-requests without failing anything: the checks it did not reach are skipped naming the bound, exit 3', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'bounded')
    const run = await runCli([
      'check',
      running.baseUrl,
      ...keys,
      '--max-requests',
      '5',
      '--report-dir',
      reports,
    ])
    const { status, stdout } = run
    // Console, md, json, html and JUnit all say the bound stopped the run, and exit 3.
    expectReportsAgree(run, reports, ['bound'])
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    const checks = report.checks as { state: string; message?: string; requests: number }[]
    expect(checks.filter((c) => c.state === 'failed')).toEqual([])
    const stopped = checks.filter((c) => c.message?.includes('request bound'))
    expect(stopped.length).toBeGreaterThan(80)
    for (const check of stopped) {
      expect(check.state).toBe('skipped')
      expect(check.message).toMatch(
        /^the run's request bound \(--max-requests 5\) was reached (before this check|part-way through this check)/,
      )
    }
    expect(report.run.requests).toBe(5)
    expect(stdout).not.toContain('✗')
    expect(stdout).not.toContain('Does not conform')
    expect(stdout).toMatch(
      /Could not check everything: no check failed, but \d+ of 97 checks did not run or finish: the run's request bound \(--max-requests 5\) was reached/,
    )
    const markdown = readFileSync(join(reports, 'conformance.md'), 'utf8')
    expect(markdown).toContain("the run's request bound (--max-requests 5) was reached")
    const html = readFileSync(join(reports, 'conformance.html'), 'utf8')
    expect(html).toMatch(
      /class="verdict blocked" data-verdict="blocked" data-exit-code="3">Could not check everything: no check failed, but \d+ of 97 checks did not run or finish: the run&#39;s request bound \(--max-requests 5\) was reached/,
    )
    const junit = readFileSync(join(reports, 'contract-junit.xml'), 'utf8')
    expect(junit).not.toContain('<failure')
    // CI reading the JUnit file is not green either: the run could not check everything.
    expect(junit).toMatch(/<testsuites [^>]*errors="[1-9]/)
    expect(status).toBe(3)
  }, 120_000)

  it('reads the bound and the time-out from CONTRACT_MAX_REQUESTS and CONTRACT_TIMEOUT_MS, as its help says', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'bounded-by-variable')
    const run = await runCli(['check', running.baseUrl, ...keys, '--report-dir', reports], {
      env: { CONTRACT_MAX_REQUESTS: '5', CONTRACT_TIMEOUT_MS: '5000' },
    })
    expectReportsAgree(run, reports, ['bound'])
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    expect(report.run.requests).toBe(5)
    expect(run.stdout).toContain("the run's request bound (CONTRACT_MAX_REQUESTS=5) was reached")
    expect(run.status).toBe(3)
  }, 120_000)

  it.each([
    ['CONTRACT_MAX_REQUESTS', 'many'],
    ['CONTRACT_TIMEOUT_MS', '-1'],
  ])('refuses a bad %s before anything is sent, naming it (exit 2)', async (variable, value) => {
    let requests = 0
    const server = createServer((_request, response) => {
      requests += 1
      response.writeHead(500).end()
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    const { port } = server.address() as AddressInfo
    try {
      const { status, stderr, stdout } = await runCli(
        ['check', `http://127.0.0.1:${port}/api/v1`, ...keys],
        { env: { [variable]: value } },
      )
      expect(stderr).toContain(`${variable}: Expected a whole number of at least 1.`)
      expect(stderr + stdout).not.toContain('Checking')
      expect(requests).toBe(0)
      expect(status).toBe(2)
    } finally {
      server.close()
    }
  })

  it('exits 1 when a check failed before the bound was reached, the rest skipped', async () => {
    // A deployment whose POST /forms answers 201 with an empty form: the first check fails.
    running = await startServer({ port: 0 })
    const deviant = await startProxy(running.baseUrl)
    deviant.use(async (request, forward) =>
      request.method === 'POST' && request.path === '/forms'
        ? { status: 201, contentType: 'application/json', text: JSON.stringify({ form: {} }) }
        : forward(request),
    )
    proxy = deviant
    const reports = join(tmp, 'bounded-failing')
    const run = await runCli([
      'check',
      deviant.baseUrl,
      ...keys,
      '--max-requests',
      '5',
      '--report-dir',
      reports,
    ])
    const { status, stdout } = run
    expectReportsAgree(run, reports, ['violation', 'bound'])
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    const checks = report.checks as { state: string; message?: string }[]
    expect(checks.filter((c) => c.state === 'failed').length).toBeGreaterThan(0)
    expect(checks.filter((c) => c.message?.includes('request bound')).length).toBeGreaterThan(0)
    expect(stdout).toContain('Does not conform')
    expect(status).toBe(1)
  }, 120_000)

  it('exits 3 (could not check) and says why when the suite cannot run (key refused)', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'refused')
    const run = await runCli(['check', running.baseUrl, '--key', 'wrong', '--report-dir', reports])
    const { status, stdout } = run
    expectReportsAgree(run, reports, ['run-error'])
    expect(stdout).toMatch(/Could not run: .*refused --key \(401/)
    expect(status).toBe(3)
  }, 120_000)

  it('exits 3 when checks are blocked, and every report names them blocked (JUnit: skipped with the reason)', async () => {
    running = await startServer({ port: 0 })
    // A deployment file saying creation's publish-now option is not offered: its check cannot run.
    const deployment = join(tmp, 'no-publish-now.json')
    writeFileSync(deployment, JSON.stringify({ forms: { create: { publishNow: null } } }))
    const reports = join(tmp, 'blocked')
    const run = await runCli([
      'check',
      running.baseUrl,
      ...keys,
      '--deployment',
      deployment,
      '--report-dir',
      reports,
    ])
    const verdict = expectReportsAgree(run, reports, ['blocked'])
    expect(verdict.key).toBe('blocked')
    expect(run.status).toBe(3)
    expect(readFileSync(join(reports, 'contract-junit.xml'), 'utf8')).toContain(
      '<skipped message="Blocked: Not offered by this deployment (deployment file: forms.create.publishNow is null). (deployment file keys: forms.create.publishNow)" />',
    )
  }, 120_000)

  it('a run that stops on an error of its own says so in the console and every report (exit 3)', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'own-error')
    let seen = 0
    const result = await runConformance({
      baseUrl: running.baseUrl,
      key: ACME_KEY,
      reportDir: reports,
      filter: (check) => check.operations.includes('listForms'),
      onCheck: () => {
        seen += 1
        if (seen === 2) throw new Error('disk on fire')
      },
    })
    const stdout = printed(() => printSummary(result))
    expectReportsAgree({ status: result.exitCode, stdout }, reports, ['run-error'])
    expect(stdout).toContain('the run stopped on an error of its own (disk on fire)')
  }, 120_000)

  it('reports that cannot be written leave the verdict on the console, exit 3 at best, and never throw', async () => {
    running = await startServer({ port: 0 })
    // A folder path that is a file: every write of the reports fails after the run.
    const blocker = join(tmp, 'not-a-folder')
    writeFileSync(blocker, 'kept\n')
    const result = await runConformance({
      baseUrl: running.baseUrl,
      key: ACME_KEY,
      reportDir: blocker,
      filter: (check) => check.operations.includes('listForms'),
    })
    const stdout = printed(() => printSummary(result))
    expect(result.reports).toEqual([])
    expect(result.totals.failed).toBe(0)
    expect(result.exitCode).toBe(3)
    expect(stdout).toContain('Could not write the reports:')
    expect(readFileSync(blocker, 'utf8')).toBe('kept\n')
  }, 120_000)

  it("--help gives --init's request figures and every report file, as the docs do and a probe of the mock sends", async () => {
    const flat = (text: string) => text.replace(/\s+/g, ' ')
    const help = flat((await runCli(['check', '--help'])).stdout)
    expect(help).toContain(
      `(${INIT_REQUESTS.typical} requests when everything is accepted; the probe at most ${INIT_REQUESTS.most}, then its clean-up; marked)`,
    )
    for (const doc of ['docs/usage.md', 'docs/conformance.md']) {
      expect(flat(readFileSync(join(ROOT, doc), 'utf8'))).toContain(
        `(${INIT_REQUESTS.typical} requests when everything is accepted; the probe at most ${INIT_REQUESTS.most} when contents are refused key by key, then its clean-up;`,
      )
    }
    for (const command of ['check', 'check-traffic', 'proxy']) {
      expect(flat((await runCli([command, '--help'])).stdout)).toContain(REPORT_FILES.join(', '))
    }
    running = await startServer({ port: 0 })
    const init = await runCli([
      'check',
      running.baseUrl,
      '--key',
      ACME_KEY,
      '--init',
      join(tmp, 'init.json'),
    ])
    expect(init.stderr).toContain(`(at most ${INIT_REQUESTS.most}, then the clean-up)`)
    expect(init.stdout).toContain(`\n${INIT_REQUESTS.typical} requests. `)
    expect(init.status).toBe(0)
  }, 120_000)

  it('--help and docs/conformance.md say what --explore-concurrent-share takes and its default', async () => {
    const flat = (text: string) => text.replace(/\s+/g, ' ')
    const help = flat((await runCli(['check', '--help'])).stdout)
    expect(help).toContain(
      `--explore-concurrent-share <fraction> share of exploration's commands that send 2–4 operations at once, judged by linearizability (0 to ${MAX_CONCURRENT_SHARE}; 0 sends one request at a time; default ${EXPLORE_DEFAULTS.concurrentShare})`,
    )
    const docs = flat(readFileSync(join(ROOT, 'docs/conformance.md'), 'utf8'))
    expect(docs).toContain('`check --explore-concurrent-share <fraction>`')
    expect(docs).toContain('`CONTRACT_EXPLORE_CONCURRENT_SHARE`')
    expect(docs).toContain(
      `takes a fraction from 0 to ${MAX_CONCURRENT_SHARE}, default ${EXPLORE_DEFAULTS.concurrentShare}:`,
    )
  })

  it('names the base URL the user gave, not a variable, when nothing answers there', async () => {
    const server = await startServer({ port: 0 })
    const url = server.baseUrl
    await server.close() // a port nothing listens on any more
    for (const args of [[], ['--init', join(tmp, 'unreachable.json')]]) {
      const { status, stdout } = await runCli(['check', url, '--key', 'k', ...args])
      expect(stdout).toContain(`Is the base URL argument (${url}) right and the server up?`)
      expect(stdout).not.toContain('CONTRACT_BASE_URL')
      expect(status).toBe(3)
    }
  }, 60_000)

  it('refuses a deployment file nested 100,000 levels deep with exit 2, naming the depth', async () => {
    const file = join(tmp, 'deep.json')
    writeFileSync(file, `{"sessions":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)
    const { status, stderr } = await runCli([
      'check',
      'http://127.0.0.1:9/api/v1',
      '--key',
      'k',
      '--deployment',
      file,
    ])
    expect(stderr).toContain(`${file} is not a valid deployment file:`)
    expect(stderr).toMatch(
      /sessions\.0\.0\.0\.0\.0\.… \(\d+ keys deep\): nested deeper than 64 levels/,
    )
    expect(stderr).not.toContain('Maximum call stack')
    expect(status).toBe(2)
  })

  it('reads the keys from the environment', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'env')
    const { status } = await runCli(['check', running.baseUrl, '--report-dir', reports], {
      env: { CONTRACT_API_KEY: ACME_KEY },
    })
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    // Without the other keys, the checks that need them are skipped and say so: the flag, and
    // the variable the suite under vitest reads.
    expect(report.totals.skipped).toBeGreaterThan(0)
    expect(readFileSync(join(reports, 'contract-junit.xml'), 'utf8')).toContain(
      '<skipped message="needs --other-org-key (CONTRACT_API_KEY_OTHER_ORG)" />',
    )
    expect(readFileSync(join(reports, 'conformance.md'), 'utf8')).toContain(
      ': needs --no-entitlements-key (CONTRACT_API_KEY_NO_ENTITLEMENTS)',
    )
    expect(status).toBe(0)
  }, 120_000)

  it('--explore reports a divergence only a sequence shows, with its seed and curl script, and exits 1', async () => {
    // A deployment that ignores the open-now option of POST /sessions.
    running = await startServer({ port: 0 })
    const deviant = await startProxy(running.baseUrl)
    deviant.use(async (request, forward) => {
      if (request.method !== 'POST' || request.path !== '/sessions') return forward(request)
      const { open: _, ...body } = JSON.parse(request.body) as Record<string, unknown>
      return forward({ ...request, body: JSON.stringify(body) })
    })
    proxy = deviant
    const reports = join(tmp, 'explore')
    const { status, stderr, stdout } = await runCli([
      'check',
      deviant.baseUrl,
      ...keys,
      '--report-dir',
      reports,
      '--explore',
      '30',
      '--explore-seed',
      '3',
    ])
    expect(stderr).toMatch(
      /Exploration: 30 runs of at most \d+ operations, seed 3: at most \d+ requests/,
    )
    expect(stdout).toMatch(/Exploration: 1 divergence in \d+ of 30 runs \(seed 3, /)
    const markdown = readFileSync(join(reports, 'conformance.md'), 'utf8')
    expect(markdown).toMatch(/## Exploration[\s\S]*### Divergence 1: POST \/sessions/)
    expect(markdown).toContain('--explore-seed 3')
    // Found at the create itself (the session stays a draft): its curl is the script's step.
    expect(markdown).toMatch(/curl -sS -i -X POST '[^']*\/sessions' .*"open":true/)
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    expect(report.exploration.divergences).toHaveLength(1)
    const junit = readFileSync(join(reports, 'contract-junit.xml'), 'utf8')
    expect(junit).toMatch(/<testcase classname="exploration" name="Exploration divergence \(seed 3/)
    expectReportsAgree({ status, stdout }, reports, ['violation'])
    // Clean-up's count has exploration's deletions in it, named as such.
    const cleanup = /(\d+) forms deleted \((\d+) by exploration as it went\)/.exec(stdout)
    expect(Number(cleanup?.[2])).toBeGreaterThan(0)
    expect(Number(cleanup?.[1])).toBeGreaterThan(Number(cleanup?.[2]))
    expect(readFileSync(join(reports, 'conformance.md'), 'utf8')).toContain(cleanup?.[0])
    expect(status).toBe(1)
  }, 180_000)

  it('--explore-concurrent-share sets the share of concurrent steps: its bound printed first, the share in every report', async () => {
    running = await startServer({ port: 0 })
    const reports = join(tmp, 'explore-share')
    const { status, stderr } = await runCli([
      'check',
      running.baseUrl,
      ...keys,
      '--report-dir',
      reports,
      '--explore',
      '3',
      '--explore-seed',
      '1',
      '--explore-concurrent-share',
      '0.5',
    ])
    const bound = exploreBound({ runs: 3, concurrentShare: 0.5 })
    expect(stderr).toContain(
      `Exploration: 3 runs of at most 20 operations, seed 1: at most ${bound} requests`,
    )
    const report = JSON.parse(readFileSync(join(reports, 'conformance.json'), 'utf8'))
    expect(report.exploration.concurrentShare).toBe(0.5)
    expect(report.exploration.bound.requests).toBe(bound)
    expect(readFileSync(join(reports, 'conformance.md'), 'utf8')).toContain(
      'Concurrent share 0.5: about 50 % of the commands sent 2–4 operations at once',
    )
    expect(status).toBe(0)
  }, 180_000)

  it('refuses a bad --explore value before sending anything', async () => {
    const { status, stderr } = await runCli([
      'check',
      'http://127.0.0.1:9/api/v1',
      '--key',
      'k',
      '--explore',
      '0',
    ])
    expect(stderr).toMatch(/--explore/)
    expect(status).toBe(2)
  })
})

describe('engagement-mock check refuses a mistake before it announces or sends anything', () => {
  /** A deployment that counts what reaches it. */
  const counting = async () => {
    let requests = 0
    const server = createServer((_request, response) => {
      requests++
      response.writeHead(404).end()
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    const { port } = server.address() as AddressInfo
    return {
      baseUrl: `http://127.0.0.1:${port}/api/v1`,
      requests: () => requests,
      close: () => new Promise<void>((done) => server.close(() => done())),
    }
  }

  it('refuses a --report-dir that is a file with exit 2, sending nothing', async () => {
    const target = await counting()
    const file = join(tmp, 'not-a-folder.txt')
    writeFileSync(file, 'mine')
    const { status, stderr } = await runCli([
      'check',
      target.baseUrl,
      ...keys,
      '--report-dir',
      file,
    ])
    await target.close()
    expect(stderr).toContain('--report-dir')
    expect(stderr).toContain('is a file, not a folder')
    expect(stderr).not.toContain('Checking')
    expect(readFileSync(file, 'utf8')).toBe('mine')
    expect(target.requests()).toBe(0)
    expect(status).toBe(2)
  })

  it('refuses --explore-seed, --explore-divergences or --explore-concurrent-share without --explore (they would do nothing)', async () => {
    for (const [option, value] of [
      ['--explore-seed', '42'],
      ['--explore-divergences', '42'],
      ['--explore-concurrent-share', '0.5'],
    ] as const) {
      const { status, stderr } = await runCli([
        'check',
        'http://127.0.0.1:9/api/v1',
        '--key',
        'k',
        option,
        value,
      ])
      expect(stderr).toContain(`${option} tunes the exploration, which runs only with --explore`)
      expect(status).toBe(2)
    }
  })

  it.each([['-0.1'], ['0.95'], ['NaN'], ['half']])(
    'refuses --explore-concurrent-share %s with exit 2, sending nothing',
    async (value) => {
      const target = await counting()
      const { status, stderr, stdout } = await runCli([
        'check',
        target.baseUrl,
        ...keys,
        '--explore',
        '--explore-concurrent-share',
        value,
      ])
      await target.close()
      expect(stderr).toContain(`'${value}' is invalid`)
      expect(stderr).toContain(
        "Expected a fraction from 0 to 0.9 (the share of exploration's commands that send 2–4 operations at once",
      )
      expect(stderr + stdout).not.toContain('Checking')
      expect(target.requests()).toBe(0)
      expect(status).toBe(2)
    },
  )

  it('refuses an unknown --release before printing "Checking…"', async () => {
    const target = await counting()
    const { status, stderr } = await runCli([
      'check',
      target.baseUrl,
      '--key',
      'k',
      '--release',
      'yesterday',
      '--report-dir',
      join(tmp, 'release-refused'),
    ])
    await target.close()
    expect(stderr).toContain('--release: Unknown release "yesterday"')
    expect(stderr).not.toContain('Checking')
    expect(target.requests()).toBe(0)
    expect(status).toBe(2)
  })

  it('refuses an existing --init file before printing "Probing…", leaving it as it was', async () => {
    const target = await counting()
    const file = join(tmp, 'existing.json')
    writeFileSync(file, '{"mine":true}\n')
    const { status, stderr } = await runCli(['check', target.baseUrl, '--key', 'k', '--init', file])
    await target.close()
    expect(stderr).toContain('--init never overwrites')
    expect(stderr).not.toContain('Probing')
    expect(readFileSync(file, 'utf8')).toBe('{"mine":true}\n')
    expect(target.requests()).toBe(0)
    expect(status).toBe(2)
  })
})

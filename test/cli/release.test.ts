import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { buildOpenApiDocument, createClient } from '../../contract/index.ts'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { runCli, startCli } from './cli.ts'

/** `--release` on every command: serve, check (and its deployment file, --init), seed, openapi. */
const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-release-cli-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let running: RunningServer | undefined
const started = new Set<ReturnType<typeof startCli>>()
afterEach(async () => {
  for (const cli of started) if (cli.child.exitCode === null) cli.child.kill('SIGKILL')
  started.clear()
  await running?.close()
  running = undefined
})

const keys = ['--key', ACME_KEY, '--other-org-key', GLOBEX_KEY, '--no-entitlements-key', GLOBEX_KEY]
const KNOWN =
  /initial \(before 2026-07-11\); 2026-07-11 \(adds the slides activity kind\); 2026-07-13 \(adds POST \/series/

describe('serve --release', () => {
  it('answers as that release: later paths unknown, its own /openapi.json, the release in the banner', async () => {
    const cli = startCli(['serve', '--port', '0', '--release', '2026-07-12'])
    started.add(cli)
    const [, apiRoot = ''] = await cli.waitFor(
      /curl -H "Authorization: Bearer acme-demo-key" (\S+)\/forms/,
      60_000,
    )
    expect(cli.output()).toContain('Release      2026-07-11 (in force on 2026-07-12) of the API')
    const auth = { authorization: `Bearer ${ACME_KEY}` }
    const series = await fetch(`${apiRoot}/series`, { headers: auth })
    expect(series.status).toBe(404)
    expect(await series.json()).toEqual({
      error: 'No operation matches GET /series; see /openapi.json.',
    })
    expect((await fetch(`${apiRoot}/forms`, { headers: auth })).status).toBe(200)
    const origin = new URL(apiRoot).origin
    const openapi = (await (await fetch(`${origin}/openapi.json`)).json()) as {
      info: Record<string, unknown>
      paths: Record<string, unknown>
    }
    expect(openapi.info['x-release']).toBe('2026-07-11')
    expect(Object.keys(openapi.paths)).not.toContain('/series')
    const docs = await (await fetch(`${origin}/docs`)).text()
    expect(docs).toContain('<strong>Release 2026-07-11</strong>')
  })

  it('refuses an unknown release with exit 2, listing the known ones', async () => {
    const { status, stderr } = await runCli(['serve', '--port', '0', '--release', '2026-02-30'])
    expect(status).toBe(2)
    expect(stderr).toContain('--release: Unknown release "2026-02-30"')
    expect(stderr).toMatch(KNOWN)
  })

  it('refuses a --scenario or --state file holding what its release cannot with exit 2, naming the option', async () => {
    running = await startServer({ port: 0 })
    const state = await (await fetch(`${new URL(running.baseUrl).origin}/__mock/state`)).text()
    expect(state).toContain('"series"')
    for (const option of ['--scenario', '--state']) {
      const file = join(tmp, `latest${option}.json`)
      writeFileSync(file, state)
      const { status, stderr } = await runCli([
        'serve',
        '--port',
        '0',
        '--release',
        '2026-07-12',
        option,
        file,
      ])
      expect(stderr).toContain(`error: ${option} ${file}: `)
      expect(stderr).toMatch(
        /answers as release 2026-07-11, and the state holds what that release cannot: \d+ series/,
      )
      expect(status).toBe(2)
      expect(readFileSync(file, 'utf8')).toBe(state)
    }
  })

  it('without the option, serves the latest release and says nothing of releases', async () => {
    const cli = startCli(['serve', '--port', '0'])
    started.add(cli)
    const [, apiRoot = ''] = await cli.waitFor(
      /curl -H "Authorization: Bearer acme-demo-key" (\S+)\/forms/,
    )
    expect(cli.output()).not.toContain('Release')
    const series = await fetch(`${apiRoot}/series`, {
      headers: { authorization: `Bearer ${ACME_KEY}` },
    })
    expect(series.status).toBe(200)
  })
})

describe('check --release', () => {
  it('exits 0 against a deployment of 2026-07-12, with the later checks not in this release', async () => {
    running = await startServer({ port: 0, release: '2026-07-12' })
    const reports = join(tmp, 'july12')
    const { status, stdout } = await runCli([
      'check',
      running.baseUrl,
      ...keys,
      '--release',
      '2026-07-12',
      '--report-dir',
      reports,
    ])
    expect(stdout).toContain(
      `Conformance of ${running.baseUrl}, release 2026-07-11 (in force on 2026-07-12)`,
    )
    expect(stdout).toMatch(
      /group\s+passed\s+failed\s+blocked\s+skipped\s+observed\s+not-in-release/,
    )
    expect(stdout).toMatch(/total\s+[1-9]\d*\s+0\s+0\s+0\s+\d+\s+[1-9]\d*/)
    expect(stdout).toContain(
      'POST /series arrived in 2026-07-13; GET /series arrived in 2026-07-13; POST /sponsors arrived in 2026-07-13; GET /sponsors arrived in 2026-07-13.',
    )
    expect(stdout).toContain('Conforms: every check that ran passed.')
    expect(status).toBe(0)
  }, 180_000)

  it('takes the release from the deployment file, and --release wins over it', async () => {
    running = await startServer({ port: 0, release: 'initial' })
    const file = join(tmp, 'initial.json')
    writeFileSync(file, JSON.stringify({ '// release': 'before slides', release: '2026-07-01' }))
    const slidesCheck = (dir: string) =>
      (
        JSON.parse(readFileSync(join(tmp, dir, 'conformance.json'), 'utf8')).checks as Array<{
          name: string
          state: string
        }>
      ).find((check) => check.name.includes('kind "slides"'))?.state
    const fromFile = await runCli([
      'check',
      running.baseUrl,
      ...keys,
      '--deployment',
      file,
      '--report-dir',
      join(tmp, 'file'),
    ])
    expect(fromFile.stdout).toContain('release initial (in force on 2026-07-01)')
    expect(fromFile.status).toBe(0)
    expect(slidesCheck('file')).toBe('not-in-release')
    // Held to the slides release, the slides kind is sent (and its refusal observed: its content
    // is not shown in the reference, so that is not a verdict).
    const later = await runCli([
      'check',
      running.baseUrl,
      ...keys,
      '--deployment',
      file,
      '--release',
      '2026-07-11',
      '--report-dir',
      join(tmp, 'later'),
    ])
    expect(later.stdout).toContain(`Conformance of ${running.baseUrl}, release 2026-07-11\n`)
    expect(slidesCheck('later')).toBe('observed')
  }, 180_000)

  it('is a usage error (exit 2, nothing sent) for an unknown release, in the option or the file', async () => {
    const option = await runCli([
      'check',
      'http://127.0.0.1:9/api/v1',
      '--key',
      'k',
      '--release',
      'soon',
    ])
    expect(option.status).toBe(2)
    expect(option.stderr).toContain('release: Unknown release "soon"')
    expect(option.stderr).toMatch(KNOWN)
    const file = join(tmp, 'bad-release.json')
    writeFileSync(file, JSON.stringify({ release: '13/07/2026' }))
    const fromFile = await runCli([
      'check',
      'http://127.0.0.1:9/api/v1',
      '--key',
      'k',
      '--deployment',
      file,
    ])
    expect(fromFile.status).toBe(2)
    expect(fromFile.stderr).toContain(`${file} is not a valid deployment file:`)
    expect(fromFile.stderr).toContain('  - release: Unknown release "13/07/2026"')
    const init = await runCli([
      'check',
      'http://127.0.0.1:9/api/v1',
      '--key',
      'k',
      '--init',
      join(tmp, 'x.json'),
      '--release',
      'initial',
    ])
    expect(init.status).toBe(2)
    expect(init.stderr).toContain('--init proposes the release')
  })

  it('--init writes the release it observed, with a comment saying what it saw', async () => {
    running = await startServer({ port: 0, release: '2026-07-12' })
    const file = join(tmp, 'init.json')
    const { status, stdout } = await runCli([
      'check',
      running.baseUrl,
      '--key',
      ACME_KEY,
      '--init',
      file,
    ])
    expect(status).toBe(0)
    expect(stdout).toMatch(/· release\s+GET \/series → 404/)
    expect(stdout).toContain('Release: 2026-07-11 (written as "release").')
    const written = JSON.parse(readFileSync(file, 'utf8'))
    expect(written.release).toBe('2026-07-11')
    expect(written['// release']).toMatch(
      /^The slides kind was accepted, GET \/series answered 404, GET \/sponsors answered 404\. So it runs release 2026-07-11/,
    )
  }, 120_000)
})

describe('seed --release', () => {
  it('sends only the release’s part of the demo plan and counts what it left out', async () => {
    running = await startServer({ port: 0, plan: false, release: 'initial' })
    const { status, stdout } = await runCli([
      'seed',
      running.baseUrl,
      '--key',
      ACME_KEY,
      '--release',
      '2026-07-10',
    ])
    expect(stdout).toContain(
      'Not in release initial (in force on 2026-07-10) (§9), left out: 2 createSeries, 3 createSponsorReport; 3 slides activities; 7 steps about records left out.',
    )
    expect(status).toBe(0)
    const api = createClient({ baseUrl: running.baseUrl, apiKey: ACME_KEY })
    const sessions = await api.listSessions()
    if (!sessions.ok) throw new Error(sessions.text)
    expect(sessions.body.sessions.length).toBeGreaterThan(0)
    // Without --release the same plan stops at the first slides deck this deployment refuses.
    const whole = await runCli(['seed', running.baseUrl, '--key', ACME_KEY])
    expect(whole.status).toBe(1)
    expect(whole.stderr).toMatch(/Stopped at step \d+ of \d+ \(createSession\)/)
  }, 120_000)

  it('takes the deployment file\'s "release" when --release is not given (the option wins)', async () => {
    const file = join(tmp, 'seed-release.json')
    writeFileSync(file, JSON.stringify({ release: '2026-07-12' }))
    const dry = await runCli([
      'seed',
      'http://127.0.0.1:9/api/v1',
      '--deployment',
      file,
      '--dry-run',
    ])
    expect(dry.status).toBe(0)
    expect(dry.stdout).not.toMatch(/POST \/series/)
    expect(dry.stdout).toContain(
      `Not in release 2026-07-11 (in force on 2026-07-12) (§9, the "release" of ${file}), left out: 2 createSeries, 3 createSponsorReport;`,
    )
    const latest = await runCli([
      'seed',
      'http://127.0.0.1:9/api/v1',
      '--deployment',
      file,
      '--release',
      '2026-07-13',
      '--dry-run',
    ])
    expect(latest.stdout).toMatch(/POST \/series/)
  })

  it('--dry-run says what it would leave out; --out writes only the release’s part', async () => {
    const dry = await runCli([
      'seed',
      'http://127.0.0.1:9/api/v1',
      '--release',
      '2026-07-12',
      '--dry-run',
    ])
    expect(dry.status).toBe(0)
    expect(dry.stdout).not.toMatch(/POST \/series/)
    expect(dry.stdout).toContain(
      'left out: 2 createSeries, 3 createSponsorReport; 7 steps about records left out.',
    )
    const out = join(tmp, 'plan.json')
    const written = await runCli(['seed', '--release', 'initial', '--out', out])
    expect(written.status).toBe(0)
    const text = readFileSync(out, 'utf8')
    expect(text).not.toContain('"createSeries"')
    expect(text).not.toContain('"kind": "slides"')
    const bad = await runCli(['seed', '--release', 'x', '--out', out])
    expect(bad.status).toBe(2)
    expect(bad.stderr).toMatch(KNOWN)
  })
})

describe('openapi --release', () => {
  it('writes that release’s document; an unknown release is exit 2', async () => {
    const { status, stdout } = await runCli(['openapi', '--release', '2026-07-12'])
    expect(status).toBe(0)
    expect(JSON.parse(stdout)).toEqual(buildOpenApiDocument({ release: '2026-07-11' }))
    const bad = await runCli(['openapi', '--release', 'tomorrow'])
    expect(bad.status).toBe(2)
    expect(bad.stderr).toMatch(KNOWN)
  })
})

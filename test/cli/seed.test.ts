import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type Client, createClient, type OperationId } from '../../contract/index.ts'
import { ACME_KEY, demoPlan, GLOBEX_KEY } from '../../fixtures/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { recordCounts } from '../contract-selftest/counts.ts'
import { runCli } from './cli.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-seed-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let running: RunningServer | undefined
afterEach(async () => {
  await running?.close()
  running = undefined
})

/** The mock with the demo organizations and no records: what a fresh deployment looks like. */
const emptyMock = async () => {
  running = await startServer({ port: 0, plan: false })
  return running
}

const titlesCreated = (seed: number, apiKey: string, operation: OperationId) =>
  demoPlan(seed)
    .steps.flatMap((step) =>
      step.type === 'api' && step.apiKey === apiKey && step.operation === operation
        ? [(step.body as { title: string }).title]
        : [],
    )
    .sort()

const listed = async (client: Client) => {
  const forms = await client.listForms()
  const sessions = await client.listSessions()
  if (!forms.ok || !sessions.ok) throw new Error('listing failed')
  return { forms: forms.body.forms, sessions: sessions.body.sessions }
}

describe('engagement-mock seed', () => {
  it('creates the demo plan through the API and lists ids and links', async () => {
    const server = await emptyMock()
    const { status, stdout } = await runCli([
      'seed',
      server.baseUrl,
      '--seed',
      '4',
      '--key',
      ACME_KEY,
      '--other-key',
      GLOBEX_KEY,
    ])
    expect(status).toBe(0)
    const acme = createClient({ baseUrl: server.baseUrl, apiKey: ACME_KEY })
    const { forms, sessions } = await listed(acme)
    expect(forms.map((form) => form.title).sort()).toEqual(titlesCreated(4, ACME_KEY, 'createForm'))
    expect(sessions.map((s) => s.title).sort()).toEqual(titlesCreated(4, ACME_KEY, 'createSession'))
    const globex = await listed(createClient({ baseUrl: server.baseUrl, apiKey: GLOBEX_KEY }))
    expect(globex.forms.map((form) => form.title).sort()).toEqual(
      titlesCreated(4, GLOBEX_KEY, 'createForm'),
    )
    for (const form of forms) expect(stdout).toContain(`${form.id}  `)
    for (const form of forms) expect(stdout).toContain(form.shareUrl)
    for (const session of sessions) expect(stdout).toContain(session.joinUrl)
    const series = await acme.listSeries()
    if (!series.ok) throw new Error('listing series failed')
    for (const one of series.body.series) expect(stdout).toContain(one.manageUrl)
    expect(stdout).toMatch(/Skipped \d+ steps: participation/)
    expect(stdout).toMatch(/Skipped \d+ steps: form responses/)
  }, 60_000)

  it('sends only what the counts ask for', async () => {
    const server = await emptyMock()
    const counts = ['--forms', '2', '--sessions', '1', '--series', '0', '--reports', '0']
    const { status } = await runCli(['seed', server.baseUrl, '--key', ACME_KEY, ...counts])
    expect(status).toBe(0)
    const { forms, sessions } = await listed(
      createClient({ baseUrl: server.baseUrl, apiKey: ACME_KEY }),
    )
    expect([forms.length, sessions.length]).toEqual([2, 1])
  }, 60_000)

  it('stops at the first refusal, says what was already created, and exits 1', async () => {
    const server = await emptyMock()
    // Globex holds no entitlement: its forms and sessions go through, the first series does not.
    const { status, stdout, stderr } = await runCli(['seed', server.baseUrl, '--key', GLOBEX_KEY])
    expect(status).toBe(1)
    expect(stderr).toMatch(
      /Stopped at step \d+ of \d+ \((createSeries|createSponsorReport)\): POST \S+ answered 403/,
    )
    const { forms, sessions } = await listed(
      createClient({ baseUrl: server.baseUrl, apiKey: GLOBEX_KEY }),
    )
    expect(forms.length).toBeGreaterThan(0)
    const created = [...forms, ...sessions].map((record) => record.id)
    expect(stdout).toContain(`Created ${created.length} records`)
    for (const id of created) expect(stdout).toContain(id)
  }, 60_000)

  it('with a deployment file: leaves out of each record the kinds it says are not offered, counts them, and changes nothing else', async () => {
    const plain = await emptyMock()
    expect((await runCli(['seed', plain.baseUrl, '--key', ACME_KEY])).status).toBe(0)
    const before = await recordCounts(plain.baseUrl, ACME_KEY)
    await plain.close()
    const file = join(tmp, 'not-offered.json')
    writeFileSync(
      file,
      JSON.stringify({
        // No retro template: its fields are sent inline instead, so the records stay the same.
        forms: { fields: { phone: null, yes_no: 'yes_no' }, templates: { retro: null } },
        sessions: { activities: { slides: null } },
      }),
    )
    const server = await emptyMock()
    const { status, stdout } = await runCli([
      'seed',
      server.baseUrl,
      '--key',
      ACME_KEY,
      '--deployment',
      file,
    ])
    expect(status).toBe(0)
    const after = await recordCounts(server.baseUrl, ACME_KEY)
    const phones = before.fieldKinds.phone ?? 0
    const slides = before.activityKinds.slides ?? 0
    expect(phones).toBeGreaterThan(0)
    expect(slides).toBeGreaterThan(0)
    expect(after).toMatchObject({
      forms: before.forms,
      sessions: before.sessions,
      series: before.series,
      rounds: before.rounds,
      reports: before.reports,
      fields: before.fields - phones,
      activities: before.activities - slides,
    })
    expect(after.fieldKinds.phone).toBeUndefined()
    // Sent without the template (the mock would have set its use case), with its four fields.
    const { forms } = await listed(createClient({ baseUrl: server.baseUrl, apiKey: ACME_KEY }))
    const sprint = forms.find((form) => /^Sprint \d+ retrospective$/.test(form.title))
    expect(sprint?.settings.useCase).toBe('general')
    expect(sprint?.fields.map((f) => f.kind)).toEqual([
      'long_text',
      'long_text',
      'long_text',
      'rating',
    ])
    expect(after.activityKinds.slides).toBeUndefined()
    expect(stdout).toContain(`Left out ${phones + slides} parts of`)
    expect(stdout).toContain(`${phones} × phone field (forms.fields.phone)`)
    expect(stdout).toContain(`${slides} × slides activity (sessions.activities.slides)`)
  }, 90_000)

  it("names a conflict with the target's rules before sending anything: a state of two teams named Owls and OWLS", async () => {
    // A state the mock serves: a recording of a deployment that took both names in one session.
    const source = await emptyMock()
    const acme = createClient({ baseUrl: source.baseUrl, apiKey: ACME_KEY })
    expect((await acme.createForm({ body: { title: 'Sign-up' } })).ok).toBe(true)
    const created = await acme.createSession({ body: { title: 'Friday quiz', teamMode: true } })
    if (!created.ok) throw new Error('createSession failed')
    const id = created.body.session.id
    const owls = { params: { id }, body: { name: 'Owls', color: '#112233' } }
    expect((await acme.addTeam(owls)).ok).toBe(true)
    const state = source.mock.exportState()
    await source.close()
    const [quiz] = state.sessions
    quiz?.teams.push({ id: 'team_0wlsupper01', name: 'OWLS', color: '#445566', order: 1 })
    const file = join(tmp, 'owls.json')
    writeFileSync(file, JSON.stringify(state))
    const served = await startServer({ port: 0, scenario: JSON.parse(JSON.stringify(state)) })
    const teams = await createClient({ baseUrl: served.baseUrl, apiKey: ACME_KEY }).listSessions()
    await served.close()
    expect(teams.ok && teams.body.sessions[0]?.teams.map((t) => t.name)).toEqual(['Owls', 'OWLS'])

    const target = await emptyMock()
    const { status, stdout, stderr } = await runCli([
      'seed',
      target.baseUrl,
      '--key',
      ACME_KEY,
      '--from',
      file,
    ])
    expect(status).toBe(2)
    expect(stderr).toContain(
      `Seeding the records of ${file} would stop part way on a rule of the target`,
    )
    expect(stderr).toMatch(
      /session "Friday quiz" \(step \d+\): its teams "Owls" and "OWLS" \(steps \d+, \d+\) are one name to this target/,
    )
    expect(stderr).toContain('nothing was sent')
    expect(stdout).not.toMatch(/Created/)
    const after = await listed(createClient({ baseUrl: target.baseUrl, apiKey: ACME_KEY }))
    expect(after).toEqual({ forms: [], sessions: [] })
  }, 60_000)

  it('stops at once with a key the deployment does not know', async () => {
    const server = await emptyMock()
    const { status, stderr } = await runCli(['seed', server.baseUrl, '--key', 'not-a-key'])
    expect(status).toBe(1)
    expect(stderr).toMatch(/answered 401/)
    expect(stderr).toContain('No record was created.')
  }, 60_000)
})

describe('engagement-mock seed --dry-run', () => {
  let counter: Server | undefined
  afterEach(() => counter?.close())

  it('lists the plan and sends nothing', async () => {
    let requests = 0
    counter = createServer((_req, res) => {
      requests += 1
      res.writeHead(500).end()
    })
    await new Promise<void>((done) => counter?.listen(0, '127.0.0.1', done))
    const { port } = counter.address() as AddressInfo
    const { status, stdout } = await runCli([
      'seed',
      `http://127.0.0.1:${port}/api/v1`,
      '--dry-run',
      '--key',
      ACME_KEY,
      '--seed',
      '2',
    ])
    expect(status).toBe(0)
    expect(requests).toBe(0)
    expect(stdout).toContain('Dry run: nothing is sent')
    for (const title of titlesCreated(2, ACME_KEY, 'createForm')) {
      expect(stdout).toContain(`POST /forms  createForm "${title}"`)
    }
    expect(stdout).toMatch(/skip {2}\[--other-key\]/)
  })
})

describe('engagement-mock seed --out', () => {
  it('writes the demo plan of the seed as JSON', async () => {
    const file = join(tmp, 'plan.json')
    const { status } = await runCli(['seed', '--seed', '9', '--forms', '3', '--out', file])
    expect(status).toBe(0)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(
      JSON.parse(JSON.stringify(demoPlan(9, { forms: 3 }))),
    )
  })
})

describe('engagement-mock seed refuses what would do nothing or destroy its input', () => {
  const har = () => {
    const file = join(tmp, `from-${Math.random().toString(36).slice(2)}.har`)
    const entry = {
      startedDateTime: '2026-07-01T00:00:00Z',
      request: { method: 'GET', url: 'https://api.example.com/api/v1/forms', headers: [] },
      response: { status: 200, headers: [], content: { text: '{"forms":[]}' } },
    }
    writeFileSync(file, JSON.stringify({ log: { entries: [entry] } }))
    return file
  }

  it('refuses demo-plan counts with --from (exit 2): the records of the file are sent as they are', async () => {
    const { status, stderr } = await runCli([
      'seed',
      'http://127.0.0.1:9/api/v1',
      '--key',
      'k',
      '--from',
      har(),
      '--forms',
      '2',
    ])
    expect(stderr).toContain('--forms shapes the demo plan, which --from replaces')
    expect(status).toBe(2)
  })

  it('refuses an API root or --dry-run with --out (exit 2): --out sends nothing', async () => {
    const out = join(tmp, 'idle.json')
    const { status, stderr } = await runCli([
      'seed',
      'http://127.0.0.1:9/api/v1',
      '--dry-run',
      '--out',
      out,
    ])
    expect(stderr).toContain('the API root, --dry-run would do nothing')
    expect(existsSync(out)).toBe(false)
    expect(status).toBe(2)
  })

  it('refuses an --out that is its --from file, leaving the file whole', async () => {
    const file = har()
    const before = readFileSync(file, 'utf8')
    const { status, stderr } = await runCli(['seed', '--from', file, '--out', file])
    expect(stderr).toContain('is also an input of this command')
    expect(readFileSync(file, 'utf8')).toBe(before)
    expect(status).toBe(2)
  })
})

describe('engagement-mock seed --from says what it accepts', () => {
  it('names both a state file and a HAR file when given neither', async () => {
    const file = join(tmp, 'conformance.json')
    writeFileSync(file, JSON.stringify({ run: {}, checks: [] }))
    const { status, stderr } = await runCli(['seed', '--from', file, '--out', join(tmp, 'p.json')])
    expect(stderr).toContain('neither a state file nor a HAR file')
    expect(stderr).toContain('--from accepts a state')
    expect(stderr).toContain('or a HAR file')
    expect(status).toBe(2)
  })
})

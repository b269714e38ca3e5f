import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Obj } from '../../contract/json.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { FOREIGN_KEYS, startForeign } from '../foreign/server.ts'
import { type LongRunning, runCli, startCli } from './cli.ts'
import { driveForeignApp } from './import-flow.ts'

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}
const objs = (value: unknown): Obj[] => (Array.isArray(value) ? value.map(obj) : [])

const DEPLOYMENT = new URL('../contract-selftest/foreign.deployment.json', import.meta.url).pathname

/** The foreign deployment's words and the contract's, as its deployment file pairs them. */
const FIELD_KINDS: Obj = {
  text: 'short_text',
  paragraph: 'long_text',
  email_address: 'email',
  numeric: 'number',
  scale: 'rating',
  choice: 'single_choice',
}
const STATES: Obj = {
  draft: 'draft',
  live: 'published',
  archived: 'closed',
  running: 'open',
  finished: 'ended',
}
const MODES: Obj = { live: 'live', 'self-paced': 'self_paced' }
const LAYOUTS: Obj = { paged: 'one_per_page', single_page: 'single_page' }
const USE_CASES: Obj = { custom: 'general', 'team-retrospective': 'retro' }

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-import-'))
let foreign: Awaited<ReturnType<typeof startForeign>>
const servers: LongRunning[] = []
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL')
  await foreign?.close()
  rmSync(tmp, { recursive: true, force: true })
})

const harFile = join(tmp, 'staging.har')
const stateFile = join(tmp, 'state.json')

interface Recorded {
  log: {
    entries: Array<{
      request: { url: string }
      response: { status: number; content: { text?: string } }
    }>
  }
}

/**
 * The last answer the recording holds for each record, by id (every list and read by id), with
 * the teams a session was answered as they were added (§2's Session shows none).
 */
const lastAnswers = (har: Recorded) => {
  const last = new Map<string, { kind: string; value: Obj }>()
  const teams = new Map<string, Obj[]>()
  for (const entry of har.log.entries) {
    if (entry.response.status >= 300 || !entry.response.content.text) continue
    const body = obj(JSON.parse(entry.response.content.text))
    const session = /\/sessions\/([^/]+)\/teams$/.exec(entry.request.url)?.[1]
    if (session && body.team) teams.set(session, [...(teams.get(session) ?? []), obj(body.team)])
    for (const [key, kind] of [
      ['form', 'form'],
      ['forms', 'form'],
      ['session', 'session'],
      ['sessions', 'session'],
      ['series', 'series'],
      ['report', 'report'],
      ['reports', 'report'],
    ] as const) {
      const found = Array.isArray(body[key]) ? objs(body[key]) : body[key] ? [obj(body[key])] : []
      for (const value of found) last.set(String(value.id), { kind, value })
    }
  }
  for (const [id, added] of teams) {
    const session = last.get(id)
    if (session) session.value = { teams: added, ...session.value }
  }
  return last
}

const serve = async (args: string[]) => {
  const cli = startCli(['serve', '--port', '0', ...args])
  servers.push(cli)
  const [, root = ''] = await cli.waitFor(
    /curl -H "Authorization: Bearer acme-demo-key" (\S+)\/forms/,
    60_000,
  )
  return root
}
const get = async (root: string, path: string, key = ACME_KEY) =>
  obj(await (await fetch(root + path, { headers: { authorization: `Bearer ${key}` } })).json())

beforeAll(async () => {
  foreign = await startForeign()
  // Recorded as a team records it: `proxy --record` in front of the deployment, the app through it.
  const proxy = startCli([
    'proxy',
    foreign.baseUrl,
    '--port',
    '0',
    '--deployment',
    DEPLOYMENT,
    '--record',
    harFile,
    '--report-dir',
    join(tmp, 'proxy-reports'),
  ])
  servers.push(proxy)
  const [, root = ''] = await proxy.waitFor(/Point your app at (\S+) /, 60_000)
  await driveForeignApp(root)
  proxy.child.kill('SIGINT')
  await proxy.exited
}, 60_000)

describe('engagement-mock import-traffic, then serve --scenario and seed --from', () => {
  it('refuses a file that is not HAR, or holds no exchange of the API, with exit 2, writing nothing', async () => {
    const notHar = join(tmp, 'not.har')
    writeFileSync(notHar, '{"hello": "world"}')
    const noApi = join(tmp, 'no-api.har')
    writeFileSync(
      noApi,
      JSON.stringify({
        log: {
          entries: [
            {
              request: { method: 'GET', url: 'https://app.example.com/index.html', headers: [] },
              response: { status: 200, headers: [], content: { text: '<html>' } },
            },
          ],
        },
      }),
    )
    const out = join(tmp, 'never.json')
    const first = await runCli(['import-traffic', notHar, '--out', out])
    expect(first.status).toBe(2)
    expect(first.stderr).toMatch(/not\.har is not a HAR 1\.2 file: log: /)
    const second = await runCli(['import-traffic', harFile, noApi, '--out', out])
    expect(second.status).toBe(2)
    expect(second.stderr).toMatch(/no-api\.har: no entry addresses an operation of the API/)
    expect(existsSync(out)).toBe(false)
  }, 60_000)

  it('never writes a recorded key, not even one an answer echoed', async () => {
    const har = JSON.parse(readFileSync(harFile, 'utf8'))
    const key = 'sk_live_0f9e8d7c6b5a'
    const entry = har.log.entries.find(
      (e: Recorded['log']['entries'][number] & { request: { method: string } }) =>
        e.request.method === 'POST' && e.request.url.endsWith('/forms'),
    )
    entry.request.headers = [{ name: 'Authorization', value: `Bearer ${key}` }]
    const answer = JSON.parse(entry.response.content.text)
    answer.form.title = `Made with ${key}`
    entry.response.content.text = JSON.stringify(answer)
    const echoed = join(tmp, 'echoed.har')
    writeFileSync(echoed, JSON.stringify({ log: { entries: [entry] } }))
    const out = join(tmp, 'echoed.json')
    const imported = await runCli(['import-traffic', echoed, '--out', out])
    expect(imported.status).toBe(0)
    expect(imported.stdout).toContain('replaced by $API_KEY (1 time(s))')
    expect(`${imported.stdout}${imported.stderr}`).not.toContain(key)
    const state = readFileSync(out, 'utf8')
    expect(state).not.toContain(key)
    expect(state).toContain('"title":"Made with $API_KEY"')
  }, 60_000)

  it('imports the recording; the mock serves every record as the last answer said, and the app goes on offline', async () => {
    const imported = await runCli([
      'import-traffic',
      harFile,
      '--deployment',
      DEPLOYMENT,
      '--out',
      stateFile,
      '--json',
    ])
    expect(imported.stderr).toBe('')
    expect(imported.status).toBe(0)
    const report = JSON.parse(imported.stdout)
    expect(report.resources.forms.leftOut).toEqual([
      { id: 'frm_0000000000aa', why: 'only named in a path (getForm), never shown in an answer' },
    ])
    // The proxy's placeholders name the organizations; the busiest gets the first demo key.
    expect(report.organizations[0]).toMatchObject({
      apiKey: ACME_KEY,
      credential: expect.stringMatching(/^Bearer \$API_KEY(_\d+)?$/),
    })
    // No recorded key reaches the state; a form's own text (its description and thank-you
    // message name the lead's address) is its definition, kept as staging has it.
    const text = readFileSync(stateFile, 'utf8')
    for (const secret of Object.values(FOREIGN_KEYS)) expect(text).not.toContain(secret)
    const retro = JSON.parse(text).forms.find((f: Obj) => f.title === 'Sprint 12 retro')
    expect(retro).toMatchObject({
      description: 'Send questions to lead@staging-team.example.com',
      settings: { thankYouMessage: 'Thanks! Questions to lead@staging-team.example.com' },
    })

    const har = JSON.parse(readFileSync(harFile, 'utf8'))
    const last = lastAnswers(har)
    const root = await serve(['--scenario', stateFile])
    const lists = {
      session: objs((await get(root, '/sessions')).sessions),
      series: objs((await get(root, '/series')).series),
      report: objs((await get(root, '/sponsors')).reports),
    }
    let compared = 0
    for (const [id, { kind, value }] of last) {
      const served =
        kind === 'form'
          ? obj((await get(root, `/forms/${id}`)).form)
          : (lists[kind as keyof typeof lists].find((r) => r.id === id) ?? {})
      // The second organization's record is its own (globex-demo-key).
      const other = kind === 'form' && Object.keys(served).length === 0
      const mine = other ? obj((await get(root, `/forms/${id}`, 'globex-demo-key')).form) : served
      expect(mine.id, `${kind} ${id}`).toBe(id)
      expect(mine.title).toBe(value.title)
      if (kind !== 'series' && kind !== 'report')
        expect(mine.status).toBe(STATES[String(value.status)])
      if (kind === 'form') {
        expect(objs(mine.fields).map((f) => f.kind)).toEqual(
          objs(value.fields).map((f) => FIELD_KINDS[String(f.kind)]),
        )
        expect(objs(mine.fields).map((f) => obj(f.config).label)).toEqual(
          objs(value.fields).map((f) => obj(f.config).question),
        )
        const settings = obj(value.settings)
        expect(obj(mine.settings)).toMatchObject({
          layout: LAYOUTS[String(settings.layout)],
          useCase: USE_CASES[String(settings.useCase)],
          showProgress: settings.showProgress,
          collectEmail: settings.collectEmail,
        })
      }
      if (kind === 'session') {
        expect(mine.mode).toBe(MODES[String(value.mode)])
        expect(objs(mine.activities).map((a) => [a.id, a.kind])).toEqual(
          objs(value.activities).map((a) => [a.id, a.kind]),
        )
      }
      if (kind === 'session' || kind === 'series') {
        expect(objs(mine.teams).map((t) => [t.id, t.name])).toEqual(
          objs(value.teams).map((t) => [t.id, t.name]),
        )
      }
      if (kind === 'series') {
        expect(objs(mine.rounds).map((r) => [r.id, r.title])).toEqual(
          objs(value.rounds).map((r) => [r.id, r.title]),
        )
      }
      compared++
    }
    expect(compared).toBe(8)

    // Offline, the app keeps working on its staging records and makes new ones.
    const auth = { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' }
    const draft = [...last.values()].find((r) => r.value.title === 'Draft only')?.value
    const field = await fetch(`${root}/forms/${draft?.id}/fields`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ kind: 'yes_no', config: { label: 'Ready?' } }),
    })
    expect(field.status).toBe(201)
    const published = await fetch(`${root}/forms/${draft?.id}/publish`, {
      method: 'POST',
      headers: auth,
    })
    expect(obj(obj(await published.json()).form).status).toBe('published')
    const created = await fetch(`${root}/forms`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        title: 'Made offline',
        fields: [{ kind: 'email', config: { label: 'Email' } }],
      }),
    })
    expect(created.status).toBe(201)
    const newId = String(obj(obj(await created.json()).form).id)
    expect(last.has(newId)).toBe(false)
    const slug = String(obj((await get(root, `/forms/${draft?.id}`)).form).slug)
    expect(slug).toBe(
      String([...last.values()].find((r) => r.value.title === 'Draft only')?.value.slug),
    )
    expect((await fetch(`${root.replace(/\/api\/v1$/, '')}/f/${slug}`)).status).toBe(200)
  }, 120_000)

  it("answers every imported record's links on the origin the mock serves them from", async () => {
    const linked = join(tmp, 'linked-state.json')
    const imported = await runCli([
      'import-traffic',
      harFile,
      '--deployment',
      DEPLOYMENT,
      '--out',
      linked,
    ])
    expect(imported.status).toBe(0)
    // The default --public-url: the state file's links name the mock's default port.
    expect(readFileSync(linked, 'utf8')).toContain('"shareUrl":"http://localhost:4010/f/')
    const root = await serve(['--scenario', linked])
    const origin = new URL(root).origin
    expect(origin).not.toBe('http://localhost:4010')
    const answers = [
      await get(root, '/forms'),
      await get(root, '/forms', 'globex-demo-key'),
      await get(root, '/sessions'),
      await get(root, '/series'),
      await get(root, '/sponsors'),
    ]
    const links = [
      ...JSON.stringify(answers).matchAll(/"(?:share|join|screen|manage|public)Url":"([^"]*)"/g),
    ].map((found) => found[1] as string)
    const state = JSON.parse(readFileSync(linked, 'utf8'))
    const rounds = state.series.flatMap((s: Obj) => objs(s.rounds)).length
    expect(links).toHaveLength(
      state.forms.length +
        2 * state.sessions.length +
        state.series.length +
        2 * rounds +
        state.reports.length,
    )
    for (const link of links) expect(link.startsWith(`${origin}/`), link).toBe(true)
    // And they lead to the mock's pages.
    const form = objs((await get(root, '/forms')).forms)[0]
    expect((await fetch(String(form?.shareUrl))).status).toBe(200)
  }, 120_000)

  it('seeds an empty mock and an empty foreign deployment with the recorded counts', async () => {
    const state = JSON.parse(readFileSync(stateFile, 'utf8'))
    // One organization per credential the recording tells apart (the proxy's placeholders).
    const count = (orgIndex: number, name: string) =>
      state[name].filter((r: Obj) => r.orgId === state.organizations[orgIndex]?.id).length

    const root = await serve(['--scenario', 'empty'])
    const seeded = await runCli([
      'seed',
      root,
      '--key',
      ACME_KEY,
      '--other-key',
      'globex-demo-key',
      '--from',
      stateFile,
    ])
    expect(seeded.stderr).not.toMatch(/Stopped/)
    expect(seeded.status).toBe(0)
    expect(objs((await get(root, '/forms')).forms)).toHaveLength(count(0, 'forms'))
    expect(objs((await get(root, '/forms', 'globex-demo-key')).forms)).toHaveLength(
      count(1, 'forms'),
    )
    expect(objs((await get(root, '/sessions')).sessions)).toHaveLength(count(0, 'sessions'))
    expect(objs((await get(root, '/series')).series)).toHaveLength(count(0, 'series'))
    expect(objs((await get(root, '/sponsors')).reports)).toHaveLength(count(0, 'reports'))

    // A HAR itself, read as import-traffic reads it: the plan it would send.
    const dry = await runCli([
      'seed',
      root,
      '--from',
      harFile,
      '--deployment',
      DEPLOYMENT,
      '--dry-run',
    ])
    expect(dry.status).toBe(0)
    expect(dry.stdout).toMatch(/send {2}\[--key\] POST \/forms {2}createForm "Sprint 12 retro"/)
    expect(dry.stdout).toMatch(
      /send {2}\[--key\] POST \/sessions\/<session\.ses_\w+\.session\.id>\/teams {2}addTeam/,
    )

    const empty = await startForeign()
    try {
      // Without its deployment file the foreign deployment refuses the contract's words: the run
      // stops at the first refusal, says what was created, and exits 1.
      const refused = await runCli([
        'seed',
        empty.baseUrl,
        '--key',
        FOREIGN_KEYS.main,
        '--from',
        stateFile,
      ])
      expect(refused.status).toBe(1)
      expect(refused.stderr).toMatch(/Stopped at step \d+ of \d+ \(\w+\): POST /)
      expect(refused.stderr).toMatch(/Nothing after it was sent\./)
      empty.reset()

      const toForeign = await runCli([
        'seed',
        empty.baseUrl,
        '--key',
        FOREIGN_KEYS.main,
        '--other-key',
        FOREIGN_KEYS.otherOrg,
        '--deployment',
        DEPLOYMENT,
        '--from',
        stateFile,
      ])
      expect(toForeign.stderr).not.toMatch(/Stopped/)
      expect(toForeign.status).toBe(0)
      const list = async (path: string, key: string = FOREIGN_KEYS.main) =>
        objs(Object.values(await get(empty.baseUrl, path, key))[0])
      expect(await list('/forms')).toHaveLength(count(0, 'forms'))
      expect(await list('/forms', FOREIGN_KEYS.otherOrg)).toHaveLength(count(1, 'forms'))
      expect(await list('/sessions')).toHaveLength(count(0, 'sessions'))
      expect(await list('/series')).toHaveLength(count(0, 'series'))
      expect(await list('/sponsors')).toHaveLength(count(0, 'reports'))
    } finally {
      await empty.close()
    }
  }, 120_000)
})

describe('import-traffic never replaces what it reads', () => {
  it('refuses (exit 2) an --out that is one of its HAR files, however it is spelled, leaving it whole', async () => {
    const har = join(tmp, 'own-output.har')
    const text = JSON.stringify({
      log: {
        entries: [
          {
            startedDateTime: '2026-07-01T00:00:00Z',
            request: { method: 'GET', url: 'https://api.example.com/api/v1/forms', headers: [] },
            response: { status: 200, headers: [], content: { text: '{"forms":[]}' } },
          },
        ],
      },
    })
    writeFileSync(har, text)
    const { status, stderr } = await runCli(['import-traffic', har, '--out', './own-output.har'], {
      cwd: tmp,
    })
    expect(stderr).toContain('is also an input of this command')
    expect(readFileSync(har, 'utf8')).toBe(text)
    expect(status).toBe(2)
  })
})

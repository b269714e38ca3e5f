import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { isObject } from '../../contract/json.ts'
import { ACME_KEY } from '../../fixtures/index.ts'
import { initDeployment } from '../../mock/conformance/init/init-deployment.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { runCli } from '../cli/cli.ts'
import { type RecordCounts, recordCounts } from './counts.ts'
import { type ProxyRequest, type RunningProxy, startProxy } from './proxy.ts'

/**
 * A deployment that accepts every kind in the small form exploration sends and refuses the richer
 * contents the demo plan sends: a word cloud's maxWordsPerParticipant, a poll's allowMultiple, a
 * spin wheel's removeWinner, an email field's placeholder (issue 32). One `--init` must name each,
 * and `seed` with the file it writes must create the demo without a refused request.
 */
const REFUSED_KEYS = {
  word_cloud: 'maxWordsPerParticipant',
  poll: 'allowMultiple',
  spin_wheel: 'removeWinner',
} as const
const REFUSED_FIELD = { kind: 'email', key: 'placeholder' } as const

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-init-vocabulary-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let server: RunningServer | undefined
let proxy: RunningProxy | undefined
afterEach(async () => {
  await proxy?.close()
  await server?.close()
  proxy = undefined
  server = undefined
})

/** The refused key of an activity or field in a request body, if it has one. */
const refusedIn = (request: ProxyRequest): string | undefined => {
  if (request.method !== 'POST' && request.method !== 'PATCH') return undefined
  let body: unknown
  try {
    body = JSON.parse(request.body)
  } catch {
    return undefined
  }
  if (!isObject(body)) return undefined
  const activities = [
    body,
    ...(Array.isArray(body.activities) ? body.activities : []),
    ...(Array.isArray(body.rounds)
      ? body.rounds.flatMap((r) => (isObject(r) && Array.isArray(r.activities) ? r.activities : []))
      : []),
  ].filter(isObject)
  for (const activity of activities) {
    const key = REFUSED_KEYS[activity.kind as keyof typeof REFUSED_KEYS]
    if (key && key in activity) return key
  }
  const fields = [body, ...(Array.isArray(body.fields) ? body.fields : [])].filter(isObject)
  for (const field of fields) {
    if (
      field.kind === REFUSED_FIELD.kind &&
      isObject(field.config) &&
      REFUSED_FIELD.key in field.config
    )
      return REFUSED_FIELD.key
  }
  // A replaced config carries no kind: refused wherever it has the key.
  if (isObject(body.config) && REFUSED_FIELD.key in body.config) return REFUSED_FIELD.key
  return undefined
}

/** Our mock behind a proxy refusing the richer contents, counting what it refused. */
const refusingDeployment = async () => {
  server = await startServer({ port: 0, plan: false })
  proxy = await startProxy(server.baseUrl, server.mock)
  const seen = { refused: 0, writes: 0 }
  proxy.use((request, forward) => {
    if (request.method !== 'GET') seen.writes += 1
    const key = refusedIn(request)
    if (key === undefined) return forward(request)
    seen.refused += 1
    return Promise.resolve({
      status: 400,
      contentType: 'application/json',
      text: JSON.stringify({
        error: 'Invalid body',
        issues: [{ path: [key], message: `Unrecognized key: "${key}"` }],
      }),
    })
  })
  return { baseUrl: proxy.baseUrl, seen }
}

const EMPTY: RecordCounts = {
  forms: 0,
  fields: 0,
  sessions: 0,
  activities: 0,
  series: 0,
  rounds: 0,
  reports: 0,
  fieldKinds: {},
  activityKinds: {},
}

const minus = (after: RecordCounts, before: RecordCounts) => ({
  forms: after.forms - before.forms,
  fields: after.fields - before.fields,
  sessions: after.sessions - before.sessions,
  activities: after.activities - before.activities,
  series: after.series - before.series,
  rounds: after.rounds - before.rounds,
  reports: after.reports - before.reports,
})

describe('a vocabulary in one run: --init with the richest contents, then seed', () => {
  it('--init names each refused key, and seed with its file creates the demo with nothing refused', async () => {
    // What the demo makes on a deployment that takes everything.
    server = await startServer({ port: 0, plan: false })
    expect((await runCli(['seed', server.baseUrl, '--key', ACME_KEY])).status).toBe(0)
    const demo = await recordCounts(server.baseUrl, ACME_KEY)
    await server.close()

    const { baseUrl, seen } = await refusingDeployment()
    const out = join(tmp, 'deployment.json')
    const init = await initDeployment({ baseUrl, key: ACME_KEY, out })
    expect(init.problem).toBeUndefined()
    const byKind = Object.fromEntries(init.kinds.map((k) => [k.content.key, k]))
    for (const [kind, key] of Object.entries(REFUSED_KEYS)) {
      const outcome = byKind[`sessions.activities.${kind}`]
      expect(outcome?.verdict, kind).toBe('keys')
      expect(Object.keys(outcome?.refusedKeys ?? {}), kind).toEqual([key])
      expect(outcome?.refusedKeys[key]).toContain(`400 "Invalid body (${key}: Unrecognized key`)
    }
    expect(Object.keys(byKind['forms.fields.email']?.refusedKeys ?? {})).toEqual(['placeholder'])
    // Every other kind was accepted with its richest content, keys the samples lack included.
    const others = init.kinds.filter(
      (k) => !(k.content.kind in REFUSED_KEYS) && k.content.key !== 'forms.fields.email',
    )
    expect(others.map((k) => `${k.content.key}: ${k.verdict}`)).toEqual(
      others.map((k) => `${k.content.key}: accepted`),
    )
    expect(byKind['sessions.activities.qa']?.content.rich).toHaveProperty('allowAnonymous')
    expect(init.requests).toBeLessThanOrEqual(80)

    const file = JSON.parse(readFileSync(out, 'utf8'))
    expect(file.sessions.activities['// word_cloud']).toMatch(
      /REFUSED maxWordsPerParticipant \(400 "Invalid body \(maxWordsPerParticipant: Unrecognized key: "maxWordsPerParticipant"\)"\)\. The content below leaves them out and was accepted as written/,
    )
    expect(file.sessions.activities.word_cloud).not.toHaveProperty('maxWordsPerParticipant')
    expect(file.sessions.activities.poll).not.toHaveProperty('allowMultiple')
    expect(file.sessions.activities.spin_wheel).not.toHaveProperty('removeWinner')
    expect(file.sessions.activities.qa).toHaveProperty('moderated')
    expect(file.forms.fields.email).toEqual({ config: { placeholder: null } })
    expect(file.forms.fields['// email']).toMatch(
      /REFUSED placeholder \(400 .*\); accepted alone: required\. Those keys are written as null below/,
    )
    expect(file.probe.activities.word_cloud.refusedKeys).toHaveProperty('maxWordsPerParticipant')
    expect(file.probe.fields.email.refusedKeys).toHaveProperty('placeholder')

    // Seeded with the file as --init wrote it: no request refused, the demo's records all there.
    const before = await recordCounts(baseUrl, ACME_KEY)
    const refusedBefore = seen.refused
    const seeded = await runCli(['seed', baseUrl, '--key', ACME_KEY, '--deployment', out])
    expect(seeded.stderr).not.toContain('Stopped at step')
    expect(seeded.status).toBe(0)
    expect(seen.refused).toBe(refusedBefore)
    const after = await recordCounts(baseUrl, ACME_KEY)
    expect(minus(after, before)).toEqual(minus(demo, EMPTY))
  }, 180_000)

  it('seed refuses up front, naming each refused key, when the file would still send one; --dry-run says the same', async () => {
    const { baseUrl, seen } = await refusingDeployment()
    const out = join(tmp, 'deployment-deleted.json')
    // As a user runs it: one --init lists every refused key at its end.
    const init = await runCli(['check', baseUrl, '--key', ACME_KEY, '--init', out])
    expect(init.status).toBe(0)
    const listed = init.stdout.slice(init.stdout.indexOf('Refused key by key'))
    for (const [kind, key] of Object.entries(REFUSED_KEYS)) {
      expect(listed).toMatch(new RegExp(`✗ sessions\\.activities\\.${kind}: ${key} \\(400 "`))
    }
    expect(listed).toMatch(/✗ forms\.fields\.email: placeholder \(400 "/)
    expect(init.stdout).toMatch(/\n {4}✗ sessions\.activities\.poll\.allowMultiple +POST /)
    // The user deleted the activity contents and field entries ("an omitted key is the profile's").
    const file = JSON.parse(readFileSync(out, 'utf8'))
    delete file.sessions.activities
    delete file.forms.fields
    const edited = join(tmp, 'deployment-edited.json')
    writeFileSync(edited, JSON.stringify(file, null, 2))
    const writes = seen.writes
    for (const dryRun of [[], ['--dry-run']]) {
      const { status, stderr } = await runCli([
        'seed',
        baseUrl,
        '--key',
        ACME_KEY,
        '--deployment',
        edited,
        ...dryRun,
      ])
      expect(status, dryRun.join()).toBe(2)
      expect(stderr).toContain('nothing was sent. 4 problems:')
      for (const [kind, key] of Object.entries(REFUSED_KEYS)) {
        expect(stderr).toMatch(
          new RegExp(
            `- sessions\\.activities\\.${kind}: the plan's ${kind} activities \\(steps? \\d+.*\\) send ${key}, which this deployment refused when --init probed it \\(400 `,
          ),
        )
      }
      expect(stderr).toMatch(
        /- forms\.fields\.email: the plan's email fields \(steps? \d+.*\) send placeholder/,
      )
    }
    expect(seen.writes).toBe(writes)
  }, 120_000)
})

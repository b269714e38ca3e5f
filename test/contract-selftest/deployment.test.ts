import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_KEYS } from '../../mock/conformance/engine/env.ts'
import { initDeployment } from '../../mock/conformance/init/init-deployment.ts'
import { runConformance } from '../../mock/conformance/run-conformance.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { runCli } from '../cli/cli.ts'
import type { Handler } from './proxy.ts'
import { type RunningProxy, startProxy } from './proxy.ts'
import { BEHIND_THE_FILE, completeStarter, respelledDeployment } from './respelled.ts'

let mock: RunningServer
let proxy: RunningProxy
let requests = 0
/** A deviant behind the respelled front, or none. */
let behind: Handler | undefined
const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-deployment-'))
const keys = {
  key: DEMO_KEYS.main,
  otherOrgKey: DEMO_KEYS.otherOrg,
  noEntitlementsKey: DEMO_KEYS.noEntitlements,
}
const completed = join(tmp, 'deployment.json')

beforeAll(async () => {
  mock = await startServer({ port: 0 })
  proxy = await startProxy(mock.baseUrl, mock.mock)
  proxy.use((request, forward) => {
    requests += 1
    return respelledDeployment(request, (inner) =>
      behind ? behind(inner, forward) : forward(inner),
    )
  })
})
afterAll(async () => {
  await proxy.close()
  await mock.close()
  rmSync(tmp, { recursive: true, force: true })
})

describe('a deployment that spells what §4 does not show differently', () => {
  it('without a deployment file: the checks whose setup it refuses are blocked, not failed, each naming the key that fixes it', async () => {
    const result = await runConformance({ baseUrl: proxy.baseUrl, ...keys })
    expect(result.checks.filter((c) => c.state === 'failed').map((c) => c.name)).toEqual([])
    const blocked = result.checks.filter((c) => c.state === 'blocked')
    expect(blocked.length).toBeGreaterThanOrEqual(8)
    for (const check of blocked) {
      expect(check.fix?.length, check.name).toBeGreaterThan(0)
      expect(check.message).toMatch(/^(Setup refused: )?(POST|PATCH) \/\S+ answered 400/)
      expect(check.message).toContain('deployment file (--deployment)')
      expect(check.message).toMatch(/Request:\n {2}curl /)
    }
    const fixes = new Set(blocked.flatMap((c) => c.fix ?? []))
    for (const key of [
      'forms.create.publishNow',
      'sessions.create.openNow',
      'sessions.create.activities',
      'series.create.rounds',
      'sponsors.create.brandLabel',
    ]) {
      expect(fixes).toContain(key)
    }
    expect(result.totals.blocked).toBe(blocked.length)
    expect(result.verdict).toBe('blocked')
    expect(result.exitCode).toBe(3)
  }, 60_000)

  it('--init writes a starter file saying what was refused and why; completed, every check passes', async () => {
    const init = await initDeployment({ baseUrl: proxy.baseUrl, ...keys, out: completed })
    expect(init.requests).toBeLessThanOrEqual(45)
    const refused = init.probes.filter((p) => !p.accepted).map((p) => p.key)
    for (const key of [
      'forms.create.publishNow',
      'sessions.create.openNow',
      'series.create',
      'sponsors.create',
      'forms.replaceField.wrapper',
      'operations.presentActivity',
    ]) {
      expect(refused).toContain(key)
    }
    expect(refused).not.toContain('forms.create')
    const starter = JSON.parse(readFileSync(completed, 'utf8'))
    expect(starter.forms['// create']).toContain('REFUSED: 400 "Unknown property "publish"')
    expect(starter.operations['// presentActivity']).toContain('REFUSED: 404')
    expect(starter.operations['// deleteForm']).toContain('Nothing to change')
    writeFileSync(completed, JSON.stringify(completeStarter(starter), null, 2))

    const result = await runConformance({ baseUrl: proxy.baseUrl, ...keys, deployment: completed })
    expect(
      result.checks
        .filter((c) => c.state === 'failed' || c.state === 'blocked')
        .map((c) => `${c.state}: ${c.name}\n${c.message}`),
    ).toEqual([])
    expect(result.totals.passed + result.totals.observed).toBe(result.totals.checks)
    // The profile questions are answered through the file's spellings, not refused.
    expect(
      result.observations.filter((o) => String(o.answer).startsWith('not observable')),
    ).toEqual([])
    expect(result.exitCode).toBe(0)
  }, 90_000)

  it('seed creates the demo data through it with the completed file, and stops at the first refusal without', async () => {
    const without = await runCli(['seed', proxy.baseUrl, '--key', DEMO_KEYS.main])
    expect(without.stderr).toMatch(/Stopped at step \d+ .* 400/)
    expect(without.status).toBe(1)
    const seeded = await runCli([
      'seed',
      proxy.baseUrl,
      '--key',
      DEMO_KEYS.main,
      '--other-key',
      DEMO_KEYS.otherOrg,
      '--deployment',
      completed,
    ])
    expect(seeded.stderr).not.toContain('Stopped at step')
    expect(seeded.status).toBe(0)
    const listed = await fetch(`${proxy.baseUrl}/sponsors`, {
      headers: { authorization: `Bearer ${DEMO_KEYS.main}` },
    }).then((r) => r.json() as Promise<{ reports: Array<{ brandLabel: string }> }>)
    expect(listed.reports.length).toBeGreaterThan(0)
  }, 120_000)

  it('refuses a deployment file with an unknown or malformed key at start, naming file and key, before any request', async () => {
    const bad = join(tmp, 'bad.json')
    writeFileSync(
      bad,
      JSON.stringify({
        forms: { create: { publishNoww: 'x' } },
        operations: { presentActivity: { method: 'POST', path: '/sessions/screen' } },
      }),
    )
    const before = requests
    const check = await runCli(['check', proxy.baseUrl, '--key', 'k', '--deployment', bad])
    expect(check.stderr).toContain(bad)
    expect(check.stderr).toContain('forms.create.publishNoww: unknown key')
    expect(check.stderr).toContain(
      'operations.presentActivity.path: expected the placeholders {id}',
    )
    expect(check.status).toBe(2)
    const notJson = join(tmp, 'not.json')
    writeFileSync(notJson, '{ forms: ')
    const seed = await runCli(['seed', proxy.baseUrl, '--key', 'k', '--deployment', notJson])
    expect(seed.stderr).toMatch(/not\.json is not valid JSON/)
    expect(seed.status).toBe(2)
    expect(requests).toBe(before)
  }, 60_000)
})

describe('what a deployment file declares under expect', () => {
  it('is asserted: a declared state name or status that differs fails the check, one that matches passes', async () => {
    const file = JSON.parse(readFileSync(completed, 'utf8'))
    const run = (expect: unknown) =>
      runConformance({
        baseUrl: proxy.baseUrl,
        ...keys,
        deployment: { ...file, expect },
        filter: (check) =>
          check.name ===
          '§3 Form: publish with a field is accepted and the form reports a different status',
      })
    const wrong = await run({ states: { formPublished: 'live' } })
    expect(wrong.checks[0]?.state).toBe('failed')
    expect(wrong.checks[0]?.message).toMatch(
      /^Deployment file: Status of a published form \(§3: name not shown\): expected "live", got "published"/,
    )
    const right = await run({
      states: { formPublished: 'published' },
      statuses: { publishForm: 200 },
    })
    expect(right.checks[0]?.state).toBe('passed')
    const status = await run({ statuses: { publishForm: 202 } })
    expect(status.checks[0]?.message).toMatch(
      /Success status of POST \/forms\/\{id\}\/publish: expected 202, got 200/,
    )
  }, 30_000)
})

describe('a deployment that breaks §4 behind a completed deployment file', () => {
  for (const deviant of BEHIND_THE_FILE) {
    it(`still fails on ${deviant.name}: "${deviant.caughtBy}"`, async () => {
      behind = deviant.handler
      try {
        const result = await runConformance({
          baseUrl: proxy.baseUrl,
          ...keys,
          deployment: completed,
          filter: (check) => check.name === deviant.caughtBy,
        })
        expect(result.checks.map((c) => c.name)).toEqual([deviant.caughtBy])
        expect(result.checks[0]?.state, result.checks[0]?.message).toBe('failed')
        expect(result.checks[0]?.message).toMatch(/Request:\n {2}curl /)
        expect(result.exitCode).toBe(1)
      } finally {
        behind = undefined
      }
    }, 30_000)
  }
})

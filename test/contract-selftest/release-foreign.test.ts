import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { Check } from '../../mock/conformance/check.ts'
import type { DeploymentFile } from '../../mock/conformance/deployment.ts'
import { initDeployment } from '../../mock/conformance/init.ts'
import { runConformance } from '../../mock/conformance/run-conformance.ts'
import type { Release } from '../foreign/releases.ts'
import { FOREIGN_KEYS, startForeign } from '../foreign/server.ts'
import { type ProxyRequest, type RunningProxy, startProxy } from './proxy.ts'

/**
 * The foreign deployment (test/foreign: written from the reference alone, its own choices
 * everywhere the reference is silent) on its earlier releases, checked with `release` in a
 * deployment file written from its README. What today's file can say of its vocabulary is said;
 * the one check whose request that file cannot yet spell is named below and left out.
 */
const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-release-foreign-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
let foreign: Awaited<ReturnType<typeof startForeign>> | undefined
let proxy: RunningProxy | undefined
afterEach(async () => {
  await proxy?.close()
  await foreign?.close()
  proxy = undefined
  foreign = undefined
})

const keys = {
  key: FOREIGN_KEYS.main,
  otherOrgKey: FOREIGN_KEYS.otherOrg,
  noEntitlementsKey: FOREIGN_KEYS.noEntitlements,
}

/**
 * Sends `useCase: "hackathon"`, a value the reference does not name; this deployment calls that
 * use case `hackathon-judging`, and the deployment file has no key for use-case values until the
 * vocabulary of issue 22 (forms.useCases). Unrelated to releases.
 */
const NOT_YET_SPELLABLE = [
  '§2 Form settings: a replace resets every omitted setting to its default',
]
const spellable = (check: Check) => !NOT_YET_SPELLABLE.includes(check.name)

/** The foreign README's vocabulary, as far as the deployment file of today can say it. */
const deploymentFile = (release: string): DeploymentFile => ({
  release,
  forms: {
    create: { publishNow: 'publishNow' },
    replaceField: { wrapper: 'newConfig' },
    submissionConfig: { question: 'Your project', requireRepoUrl: true },
  },
  sessions: {
    create: { openNow: 'startNow' },
    activities: {
      poll: { prompt: 'Lunch?', answers: ['Pizza', 'Sushi'] },
      quiz: { prompt: '2+2?', answers: ['3', '4'], correct: 1, seconds: 20 },
      word_cloud: { prompt: 'One word for today', maxWords: 1 },
      qa: { topic: 'Ask the CEO', moderated: true },
      rating: { prompt: 'Rate the talk', outOf: 5 },
      nps: { prompt: 'Would you recommend us?' },
      open_text: { prompt: 'Any feedback?', maxChars: 500 },
      spin_wheel: { title: 'Who presents?', entries: ['Ana', 'Bo', 'Cy'] },
      social_wall: { hashtag: '#allhands' },
      slides: { slides: [{ type: 'title', heading: 'Welcome' }] },
      cue: { label: 'Break', seconds: 300 },
    },
  },
  sponsors: {
    create: { brandLabel: 'brand', windowStart: 'window.start', windowEnd: 'window.end' },
  },
  operations: {
    removeField: { method: 'POST', path: '/forms/{id}/fields/{fieldId}/remove' },
    listFormResponses: { method: 'GET', path: '/forms/{id}/submissions' },
    setTeamMode: { method: 'PUT', path: '/sessions/{id}/team-mode', body: { teamMode: 'enabled' } },
    // At POST /sessions/{id}/activities/{activityId}/present: a body parameter in the path, which
    // today's file cannot place (issue 22); its checks only observe.
    presentActivity: null,
  },
  expect: {
    states: {
      formPublished: 'live',
      formClosed: 'archived',
      sessionOpen: 'running',
      sessionEnded: 'finished',
    },
  },
})

const start = async (release: Release) => {
  foreign = await startForeign({ release })
  proxy = await startProxy(foreign.baseUrl)
  const sent: ProxyRequest[] = []
  proxy.use((request, forward) => {
    sent.push(request)
    return forward(request)
  })
  return { baseUrl: proxy.baseUrl, sent }
}

const LATER_PATH = /^\/(series|sponsors)(\/|\?|$)/
const LATER_OPS = /Series|Sponsor/

describe('check --release against the foreign deployment', () => {
  it('of 2026-07-12: 0 failed, 0 blocked, exit 0; series and sponsor checks not in this release', async () => {
    const { baseUrl, sent } = await start('2026-07-12')
    const result = await runConformance({
      baseUrl,
      ...keys,
      deployment: deploymentFile('2026-07-12'),
      filter: spellable,
    })
    expect(result.checks.filter((c) => c.state === 'failed').map((c) => c.message)).toEqual([])
    expect(result.totals).toMatchObject({ failed: 0, blocked: 0, skipped: 0 })
    expect(result.exitCode).toBe(0)
    const later = result.checks.filter((c) => c.state === 'not-in-release')
    expect(later.length).toBeGreaterThan(0)
    for (const check of result.checks) {
      expect(check.state === 'not-in-release', check.name).toBe(
        check.operations.some((op) => LATER_OPS.test(op)),
      )
    }
    expect(sent.filter((r) => LATER_PATH.test(r.path))).toEqual([])
    // Slides are in this release: its content, as the file spells it, was sent and accepted.
    expect(result.checks.find((c) => c.name.includes('kind "slides"'))?.state).toBe('observed')
    const slides = result.observations.find((o) => o.question.endsWith('with kind "slides"'))
    expect(slides?.answer).toBe(200)
  }, 180_000)

  it('of 2026-07-10: the slides check too is not in this release, and no slides are sent', async () => {
    const { baseUrl, sent } = await start('2026-07-10')
    const result = await runConformance({
      baseUrl,
      ...keys,
      deployment: deploymentFile('2026-07-10'),
      filter: spellable,
    })
    expect(result.totals).toMatchObject({ failed: 0, blocked: 0, skipped: 0 })
    expect(result.exitCode).toBe(0)
    expect(result.checks.find((c) => c.name.includes('kind "slides"'))?.state).toBe(
      'not-in-release',
    )
    expect(sent.filter((r) => LATER_PATH.test(r.path))).toEqual([])
    expect(sent.filter((r) => /"kind":"slides"/.test(r.body))).toEqual([])
  }, 180_000)

  it('of 2026-07-12 without a release: the series and sponsor checks do not pass', async () => {
    const { baseUrl } = await start('2026-07-12')
    const { release: _, ...withoutRelease } = deploymentFile('2026-07-12')
    const result = await runConformance({
      baseUrl,
      ...keys,
      deployment: withoutRelease,
      filter: (check) => check.operations.some((op) => LATER_OPS.test(op)),
    })
    expect(result.totals['not-in-release']).toBe(0)
    expect(result.totals.failed + result.totals.blocked).toBeGreaterThan(0)
    expect(result.exitCode).not.toBe(0)
  }, 120_000)

  it('--init proposes the release each one runs, from its answers alone', async () => {
    for (const [release, proposed] of [
      ['2026-07-12', '2026-07-11'],
      ['2026-07-10', 'initial'],
      ['latest', '2026-07-13'],
    ] as const) {
      const { baseUrl } = await start(release)
      const out = join(tmp, `init-${release}.json`)
      const init = await initDeployment({ baseUrl, ...keys, out })
      expect(init.release?.release, release).toBe(proposed)
      expect(JSON.parse(readFileSync(out, 'utf8')).release, release).toBe(proposed)
      await proxy?.close()
      await foreign?.close()
      proxy = undefined
      foreign = undefined
    }
  }, 180_000)
})

import { describe, expect, it } from 'vitest'
import { createKey } from '../../deployment/schema.ts'
import { Secrets } from '../../report-format/secrets.ts'
import { initContents } from './contents.ts'
import type { KindOutcome } from './kinds.ts'
import type { ProbeScope } from './probe-scope.ts'
import { PROBE_STEPS, probeRelease, runProbes } from './probe-steps.ts'
import { probedMock } from './probe-test-deployment.ts'
import { createProber } from './prober.ts'

const scopeOn = (api: ReturnType<typeof probedMock>, maxRequests = 500): ProbeScope => ({
  api,
  prober: createProber({ requests: 0 }, maxRequests, new Secrets()),
  title: (text) => `[m] init ${text}`,
  contents: initContents(),
  kinds: [] as KindOutcome[],
  absent: new Set(),
})
const keysOf = (scope: ProbeScope) =>
  scope.prober.probes.filter((p) => !p.followUp).map((p) => p.key)

describe('the probe steps', () => {
  it('probe a deployment that accepts the profile in order: release, forms, sessions, later creates', async () => {
    const scope = scopeOn(probedMock())
    await runProbes(scope)
    const keys = keysOf(scope)
    const at = (key: string) => keys.indexOf(key)
    expect(keys.slice(0, 4)).toEqual([
      'release',
      'release',
      'forms.create',
      createKey('forms.create', 'publish'),
    ])
    expect(at('forms.replaceField.wrapper')).toBeGreaterThan(at('forms.fields.email'))
    expect(at('sessions.create')).toBeGreaterThan(at('operations.removeField'))
    expect(keys.slice(-5)).toEqual([
      createKey('sessions.create', 'open'),
      'sessions.open',
      'operations.presentActivity',
      'series.create',
      'sponsors.create',
    ])
    expect(scope.prober.probes.every((p) => p.accepted)).toBe(true)
    expect(scope.kinds.map((k) => k.verdict)).not.toContain('unprobed')
    expect(scope.kinds).toHaveLength(initContents().length)
  })

  it('send nothing on a record whose create was refused, and keep its kinds as unprobed', async () => {
    const scope = scopeOn(
      probedMock({}, (method, path) => method === 'POST' && path.endsWith('/forms')),
    )
    await runProbes(scope)
    const keys = keysOf(scope)
    expect(keys.some((key) => key.startsWith('forms.fields.'))).toBe(false)
    expect(keys).not.toContain('forms.replaceField.wrapper')
    const fields = scope.kinds.filter((k) => k.content.type === 'field')
    expect(fields.length).toBeGreaterThan(0)
    expect(fields.every((k) => k.verdict === 'unprobed')).toBe(true)
    expect(scope.prober.forms).toEqual([])
  })

  it("skip a later release's creates where the release reads find no such operations", async () => {
    const scope = scopeOn(probedMock({ release: '2026-07-10' }))
    await probeRelease(scope)
    expect([...scope.absent].sort()).toEqual(
      expect.arrayContaining(['createSeries', 'createSponsorReport']),
    )
    await runProbes(scope, PROBE_STEPS.slice(1))
    expect(keysOf(scope)).not.toContain('series.create')
    expect(keysOf(scope)).not.toContain('sponsors.create')
  })

  it('stop at the bound', async () => {
    const scope = scopeOn(probedMock(), 3)
    await runProbes(scope)
    expect(scope.prober.probes).toHaveLength(3)
  })
})

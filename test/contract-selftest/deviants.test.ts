import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_CHECKS } from '../../mock/conformance/checks/index.ts'
import { runCheck } from '../../mock/conformance/engine/run-check.ts'
import { Run } from '../../mock/conformance/engine/run-state.ts'
import { alternativeDeployment } from './alternative.ts'
import { DEVIANTS } from './deviants.ts'
import { failures, findCheck, runSuite, startTarget, type Target } from './harness.ts'

let target: Target
beforeAll(async () => {
  target = await startTarget()
})
afterAll(async () => {
  await target.close()
})

describe('the conformance suite against the faithful mock', () => {
  it('passes every check under CONTRACT_PROFILE=strict with nothing skipped', async () => {
    await target.reset()
    const { results, run } = await runSuite(target.env())
    expect(
      results.filter((r) => r.state !== 'passed').map((r) => `${r.state}: ${r.name}\n${r.message}`),
    ).toEqual([])
    expect(results).toHaveLength(ALL_CHECKS.length)
    expect(run.observations.filter((o) => !o.matches)).toEqual([])
  })

  it('passes every check without the profile, recording profile questions as observations, and provokes every documented condition as that condition', async () => {
    await target.reset()
    const { results, run } = await runSuite(target.env({ strict: false }))
    expect(failures(results)).toEqual([])
    const observed = results.filter((r) => r.state === 'observed').map((r) => r.name)
    expect(observed).toEqual(ALL_CHECKS.filter((c) => c.profileOnly).map((c) => c.name))
    // Every documented error condition of every operation (contract/table.ts and §5, §7: 64 at
    // the latest release), each where the check that provoked it named it.
    const coverage = run.coverage.summary()
    expect(coverage.neverSeen).toEqual([])
    const documented = coverage.matrix.flatMap((row) =>
      row.cells.filter((c) => c.layer === 'documented' && c.outcome !== 'success'),
    )
    expect(coverage.conditions).toEqual({ seen: documented.length, total: documented.length })
    expect(documented.filter((c) => c.state !== 'seen').map((c) => c.label)).toEqual([])
  })
})

describe('the conformance suite against a deployment that chose differently where the reference is silent', () => {
  it('passes every documented check and records its choices as observations', async () => {
    await target.reset()
    target.proxy.use(alternativeDeployment)
    const { results, run } = await runSuite(target.env({ strict: false }))
    expect(
      results.filter((r) => r.state === 'failed').map((r) => `${r.name}\n${r.message}`),
    ).toEqual([])
    const differing = new Set(run.observations.filter((o) => !o.matches).map((o) => o.question))
    expect(differing).toContain('Status of a published form (§3: name not shown)')
    expect(differing).toContain('Success status of POST /forms')
    expect(differing).toContain(
      'Status for publish_without_field: §7.1 Publishing a form that has no field.',
    )
    // Other status codes still provoke, and are counted as, every documented condition.
    expect(run.coverage.summary().neverSeen).toEqual([])
  })

  it('fails under CONTRACT_PROFILE=strict', async () => {
    await target.reset()
    target.proxy.use(alternativeDeployment)
    const { results } = await runSuite(target.env())
    expect(failures(results).length).toBeGreaterThan(ALL_CHECKS.length / 2)
  })
})

describe('the conformance suite against deviant deployments', () => {
  it(`covers ${DEVIANTS.length} deviants, each named after a check of the catalog`, () => {
    expect(DEVIANTS.length).toBeGreaterThanOrEqual(15)
    expect(DEVIANTS.filter((d) => !findCheck(d.caughtBy)).map((d) => d.caughtBy)).toEqual([])
  })

  for (const deviant of DEVIANTS) {
    it(`catches ${deviant.name} with "${deviant.caughtBy}"`, async ({ annotate }) => {
      await target.reset()
      target.proxy.use(deviant.handler)
      const { results } = await runSuite(target.env())
      const failed = failures(results)
      const named = results.find((r) => r.name === deviant.caughtBy)
      expect(named?.state, `failed instead: ${failed.join(' | ') || 'nothing'}`).toBe('failed')
      // The failure is reproducible: the request as curl, and what came back.
      expect(named?.message).toMatch(/Request:\n {2}curl /)
      expect(named?.message).toMatch(/Received: (\d{3}|No answer)/)
      expect(named?.message).not.toContain('acme-demo-key')
      const others = failed.filter((name) => name !== deviant.caughtBy)
      await annotate(`Also failed (${others.length}): ${others.join(' | ') || 'none'}`)

      // Without the profile, a documented rule still catches it; a profile choice is only observed.
      const check = findCheck(deviant.caughtBy)
      if (!check) throw new Error(`No check named ${deviant.caughtBy}`)
      const alone = await runCheck(check, new Run(target.env({ strict: false })))
      expect(alone.state).toBe(
        deviant.strictOnly ? (check.profileOnly ? 'observed' : 'passed') : 'failed',
      )
      if (deviant.strictOnly) expect(alone.observations.some((o) => !o.matches)).toBe(true)
    })
  }
})

import { describe, expect, it } from 'vitest'
import { LATEST, notInRelease, runRelease } from '../deployment/run-release.ts'
import { DeploymentError, parseDeployment } from '../deployment/schema.ts'
import { ALL_CHECKS } from './checks/index.ts'
import { EnvError, readEnv } from './engine/env.ts'
import { ConformanceOptionsError, conformanceEnv } from './run-conformance.ts'

const july11 = { release: '2026-07-11', given: '2026-07-12' } as const
const initial = { release: 'initial', given: 'initial' } as const

describe('which checks are not in a release', () => {
  it('names what arrived later, with the release and the date asked for', () => {
    expect(notInRelease({ operations: ['createSeries', 'createForm'] }, july11)).toBe(
      'Not in release 2026-07-11 (in force on 2026-07-12): POST /series arrived in 2026-07-13.',
    )
    expect(notInRelease({ operations: ['addActivity'], kinds: ['slides'] }, initial)).toBe(
      'Not in release initial: the slides activity kind arrived in 2026-07-11.',
    )
    expect(notInRelease({ operations: ['addActivity'], kinds: ['slides'] }, july11)).toBeUndefined()
    expect(notInRelease({ operations: ['createSponsorReport'] }, LATEST)).toBeUndefined()
  })

  it('leaves out of 2026-07-11 exactly the checks of series and sponsor reports', () => {
    const out = ALL_CHECKS.filter((check) => notInRelease(check, july11))
    expect(out.length).toBeGreaterThan(0)
    for (const check of ALL_CHECKS) {
      const later = check.operations.some((op) =>
        ['createSeries', 'listSeries', 'createSponsorReport', 'listSponsorReports'].includes(op),
      )
      expect(out.includes(check), check.name).toBe(later)
    }
  })

  it('also leaves out of initial the check of the slides kind, and no other kind', () => {
    const out = ALL_CHECKS.filter(
      (check) => notInRelease(check, initial) && !notInRelease(check, july11),
    )
    expect(out.map((check) => check.name)).toEqual([
      'Profile §2 Activity: kind "slides" with the profile\'s content',
    ])
  })
})

describe('the release of a run', () => {
  it('is the option, else the deployment file, else the latest', () => {
    expect(runRelease(july11, 'initial')).toBe(july11)
    expect(runRelease(undefined, '2026-07-10')).toEqual({ release: 'initial', given: '2026-07-10' })
    expect(runRelease(undefined, undefined)).toBe(LATEST)
  })

  it('refuses an unknown release in the options, the file and the environment, listing the known ones', () => {
    const options = { baseUrl: 'http://localhost:4010/api/v1', key: 'k' }
    expect(() => conformanceEnv({ ...options, release: 'yesterday' })).toThrow(
      ConformanceOptionsError,
    )
    expect(() => conformanceEnv({ ...options, release: 'yesterday' })).toThrow(
      /release: Unknown release "yesterday".*initial.*2026-07-11.*2026-07-13/,
    )
    expect(conformanceEnv({ ...options, release: '2026-07-12' }).release).toEqual(july11)
    expect(() => parseDeployment({ release: '2026-07-32' }, 'deployment.json')).toThrow(
      DeploymentError,
    )
    expect(() => parseDeployment({ release: '2026-07-32' }, 'deployment.json')).toThrow(
      /release: Unknown release "2026-07-32"/,
    )
    expect(parseDeployment({ release: '2026-07-12' }, 'deployment.json').release).toBe('2026-07-12')
    expect(() =>
      readEnv({
        CONTRACT_BASE_URL: 'http://x.test/api/v1',
        CONTRACT_API_KEY: 'k',
        CONTRACT_RELEASE: 'v2',
      }),
    ).toThrow(EnvError)
    expect(
      readEnv({
        CONTRACT_BASE_URL: 'http://x.test/api/v1',
        CONTRACT_API_KEY: 'k',
        CONTRACT_RELEASE: 'initial',
      }).release,
    ).toEqual(initial)
  })
})

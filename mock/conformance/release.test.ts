import { describe, expect, it } from 'vitest'
import { LATEST, notInRelease, releaseAdvice, runRelease } from '../deployment/release.ts'
import { DeploymentError, parseDeployment } from '../deployment/schema.ts'
import { ALL_CHECKS } from './checks/index.ts'
import { EnvError, readEnv } from './engine/env.ts'
import { type ProbeAnswer, proposeRelease, RELEASE_PROBES } from './init/release-probe.ts'
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

describe('--init proposes the release from what the deployment answered', () => {
  const read = (request: string, status: number): ProbeAnswer => ({
    key: 'release',
    request,
    status,
    accepted: status >= 200 && status < 300,
    answer: status === 404 ? 'No operation matches' : 'accepted',
  })
  const slides = (status: number): ProbeAnswer => ({
    key: 'sessions.activities.slides',
    request: 'POST /sessions/{id}/activities',
    status,
    accepted: status === 201,
    answer: status === 201 ? 'accepted' : 'kind must be one of: poll, …',
  })

  it('reads GET /series and GET /sponsors', () => {
    expect(RELEASE_PROBES).toEqual(['listSeries', 'listSponsorReports'])
  })

  it.each([
    [
      'both lists and slides',
      [read('GET /series', 200), read('GET /sponsors', 200), slides(201)],
      '2026-07-13',
    ],
    [
      'no lists, slides accepted',
      [read('GET /series', 404), read('GET /sponsors', 404), slides(201)],
      '2026-07-11',
    ],
    [
      'no lists, slides refused',
      [read('GET /series', 404), read('GET /sponsors', 404), slides(400)],
      'initial',
    ],
    // The lists tell for sure: a refused slides content does not move a deployment that has series.
    [
      'lists, slides refused',
      [read('GET /series', 200), read('GET /sponsors', 200), slides(400)],
      '2026-07-13',
    ],
  ] as const)('%s', (_, probes, release) => {
    const proposal = proposeRelease(probes)
    expect(proposal.release).toBe(release)
    expect(proposal.why).toMatch(/GET \/series answered (200|404)/)
  })

  const twin = (status: number, answer: string): ProbeAnswer => ({
    key: 'release.slides',
    request: 'POST /sessions/{id}/activities',
    status,
    accepted: false,
    answer,
  })
  const refusedSlides = (answer: string): ProbeAnswer => ({ ...slides(400), answer })
  const lists404 = [read('GET /series', 404), read('GET /sponsors', 404)]

  it('tells a kind refused as an unknown kind from one refused for its content', () => {
    const unknown = 'kind: kind must be one of: poll, quiz, cue'
    const asUnknown = proposeRelease([...lists404, refusedSlides(unknown), twin(400, unknown)])
    expect(asUnknown.release).toBe('initial')
    expect(asUnknown.why).toContain('refused as an unknown kind is (400)')
    expect(asUnknown.why).not.toContain('If this deployment has')
    // A message that echoes the kind it refused is still the same answer.
    const echoed = proposeRelease([
      ...lists404,
      refusedSlides('unknown kind "slides"'),
      twin(400, `unknown kind "${'not_an_activity_kind'}"`),
    ])
    expect(echoed.release).toBe('initial')
    const content = proposeRelease([
      ...lists404,
      refusedSlides('slides.0.heading: required'),
      twin(400, unknown),
    ])
    expect(content.release).toBe('2026-07-11')
    expect(content.why).toContain('refused for its content, not as an unknown kind')
    expect(content.why).toContain('sessions.activities.slides')
  })

  it('proposes none when the answers do not tell one', () => {
    for (const probes of [
      [read('GET /series', 200), read('GET /sponsors', 404), slides(201)],
      [read('GET /series', 401), read('GET /sponsors', 401), slides(201)],
      [read('GET /series', 404), read('GET /sponsors', 404)],
    ]) {
      const proposal = proposeRelease(probes)
      expect(proposal.release).toBeUndefined()
      expect(proposal.why).toMatch(/write the one this deployment runs/)
    }
  })
})

describe('the release advice of a refused request', () => {
  it('names --release and "release" for what a later release brought, and nothing for the rest', () => {
    expect(releaseAdvice('createSeries', '{"title":"x"}', LATEST)).toBe(
      'POST /series arrived in release 2026-07-13 (§9): if this deployment runs an earlier release, check it as that release with --release 2026-07-12 or "release": "2026-07-12" in the deployment file, and what came later is not sent',
    )
    expect(
      releaseAdvice('addActivity', '{"kind":"slides","slides":[{"type":"title"}]}', LATEST),
    ).toMatch(
      /^the slides activity kind arrived in release 2026-07-11 \(§9\).*--release 2026-07-10 /,
    )
    expect(releaseAdvice('addActivity', '{"kind":"poll"}', LATEST)).toBeUndefined()
    expect(releaseAdvice('createForm', undefined, LATEST)).toBeUndefined()
    // Held to a release without it already: the check is not in this release, no advice needed.
    expect(releaseAdvice('createSeries', undefined, july11)).toBeUndefined()
  })
})

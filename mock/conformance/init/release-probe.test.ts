import { describe, expect, it } from 'vitest'
import { type ProbeAnswer, proposeRelease, RELEASE_PROBES } from './release-probe.ts'

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

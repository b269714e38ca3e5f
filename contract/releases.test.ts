import { describe, expect, it } from 'vitest'
import { ACTIVITY_KINDS } from './activities.ts'
import { endpoints } from './endpoints.ts'
import { activityPathsOf, contractIn } from './release-table.ts'
import {
  activityKindsIn,
  BASE_RELEASE,
  LATEST_RELEASE,
  operationsIn,
  RELEASES,
  releaseLabel,
  resolveRelease,
} from './releases.ts'
import { contract, operationIds } from './table.ts'

const SERIES_AND_SPONSORS = [
  'createSeries',
  'listSeries',
  'createSponsorReport',
  'listSponsorReports',
]
const sorted = (list: readonly string[]) => [...list].sort()

describe('the release timeline (§9)', () => {
  it('is what the operations and kinds declare: initial, then the two dated releases', () => {
    expect(RELEASES).toEqual(['initial', '2026-07-11', '2026-07-13'])
    expect(LATEST_RELEASE).toBe('2026-07-13')
  })

  it('puts series and sponsor reports in 2026-07-13 and every other operation before both', () => {
    for (const id of operationIds) {
      expect(endpoints[id].since, id).toBe(
        SERIES_AND_SPONSORS.includes(id) ? '2026-07-13' : BASE_RELEASE,
      )
    }
  })

  it('offers every operation in the latest release and none of series or sponsors before it', () => {
    expect(sorted(operationsIn(LATEST_RELEASE))).toEqual(sorted(operationIds))
    for (const release of ['initial', '2026-07-11'] as const) {
      expect(sorted(operationsIn(release))).toEqual(
        sorted(operationIds.filter((id) => !SERIES_AND_SPONSORS.includes(id))),
      )
    }
  })

  it('has the slides kind from 2026-07-11 and the other ten kinds in every release', () => {
    expect(activityKindsIn('initial')).toEqual(ACTIVITY_KINDS.filter((k) => k !== 'slides'))
    expect(activityKindsIn('2026-07-11')).toEqual([...ACTIVITY_KINDS])
    expect(activityKindsIn('2026-07-13')).toEqual([...ACTIVITY_KINDS])
  })
})

describe('resolveRelease', () => {
  it.each([
    ['2026-07-13', '2026-07-13'],
    ['2026-07-11', '2026-07-11'],
    ['initial', 'initial'],
    // Between releases: the release in force that day.
    ['2026-07-12', '2026-07-11'],
    ['2026-07-10', 'initial'],
    ['1999-01-01', 'initial'],
    ['2031-12-31', '2026-07-13'],
    [' 2026-07-12 ', '2026-07-11'],
  ])('%s is release %s', (text, release) => {
    expect(resolveRelease(text)).toEqual({ release, given: text.trim() })
  })

  it.each(['2026-02-30', '2026-7-12', '12/07/2026', 'latest', '', 'v1', '2026-07-13T00:00:00Z'])(
    '"%s" is an error that lists the known releases',
    (text) => {
      const resolved = resolveRelease(text)
      expect(resolved).toHaveProperty('error')
      const { error } = resolved as { error: string }
      expect(error).toContain(`Unknown release "${text}"`)
      for (const release of RELEASES) expect(error).toContain(release)
      expect(error).toContain('POST /series')
      expect(error).toContain('slides')
    },
  )

  it('labels a date between releases with the release in force', () => {
    expect(releaseLabel('2026-07-11', '2026-07-12')).toBe('2026-07-11 (in force on 2026-07-12)')
    expect(releaseLabel('2026-07-11', '2026-07-11')).toBe('2026-07-11')
  })
})

describe('contractIn: the endpoint table of a release', () => {
  it('is the whole contract for the latest release', () => {
    expect(contractIn(LATEST_RELEASE)).toBe(contract)
  })

  it('leaves out the operations of later releases', () => {
    expect(sorted(Object.keys(contractIn('2026-07-11')))).toEqual(
      sorted(operationsIn('2026-07-11')),
    )
    expect(contractIn('2026-07-11').createSeries).toBeUndefined()
  })

  it('keeps routes without activities as they are (same schemas, same OpenAPI ids)', () => {
    expect(contractIn('initial').createForm).toBe(contract.createForm)
    expect(contractIn('2026-07-11').createSession).toBe(contract.createSession)
  })

  const slides = { kind: 'slides', slides: [{ type: 'statement', text: 'Welcome' }] }
  const poll = { kind: 'poll', question: 'Which talk?', options: ['Keynote', 'Panel'] }

  it('refuses a slides activity before 2026-07-11 exactly as an unknown kind, inline and added', () => {
    const initial = contractIn('initial')
    const message = `kind must be one of: ${activityKindsIn('initial').join(', ')}.`
    const added = initial.addActivity?.body?.profile.safeParse(slides)
    expect(added?.error?.issues).toMatchObject([{ path: ['kind'], message }])
    const inline = initial.createSession?.body?.profile.safeParse({
      title: 'Keynote',
      activities: [poll, slides],
    })
    expect(inline?.error?.issues).toMatchObject([{ path: ['activities', 1, 'kind'], message }])
    // Unknown kinds get the same answer.
    const unknown = initial.addActivity?.body?.profile.safeParse({ kind: 'hologram' })
    expect(unknown?.error?.issues).toMatchObject([{ path: ['kind'], message }])
    // The latest release takes it, and an earlier one still takes the other kinds.
    expect(contract.addActivity.body.profile.safeParse(slides).success).toBe(true)
    expect(
      initial.createSession?.body?.profile.safeParse({ title: 'Q', activities: [poll] }).success,
    ).toBe(true)
  })

  it('narrows the answers too: a session holding slides does not fit the initial release', () => {
    const initial = contractIn('initial')
    const session = {
      session: {
        id: 'ses_a1b2c3d4e5f6',
        title: 'Keynote',
        status: 'draft',
        mode: 'live',
        joinCode: 'ABC123',
        joinUrl: 'http://localhost:4010/join/ABC123',
        screenUrl: 'http://localhost:4010/screen/ABC123',
        createdAt: '2026-07-01T10:00:00.000Z',
        activities: [
          { id: 'act_a1b2c3d4e5f6', kind: 'slides', config: { slides: slides.slides }, order: 0 },
        ],
      },
    }
    expect(contract.createSession.success.documented.safeParse(session).success).toBe(true)
    expect(initial.createSession?.success.documented.safeParse(session).success).toBe(false)
  })

  it('finds where each body holds activities, from the body schemas', () => {
    expect(activityPathsOf('addActivity')).toEqual([[]])
    expect(activityPathsOf('createSession')).toEqual([['activities', '*']])
    expect(activityPathsOf('createSeries')).toEqual([['rounds', '*', 'activities', '*']])
    expect(activityPathsOf('createForm')).toEqual([])
    expect(activityPathsOf('listSessions')).toEqual([])
  })
})

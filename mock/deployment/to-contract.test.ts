import { describe, expect, it } from 'vitest'
import { parseDeployment } from './schema.ts'
import {
  operationMatcher,
  readActivityContent,
  readField,
  readFieldKind,
  readRequestBody,
  readState,
  readValue,
  sentProperty,
} from './to-contract.ts'
import { spellRequest } from './to-deployment.ts'

// A deployment spelling much of what §4 leaves open its own way (test/foreign's vocabulary, in part).
const deployment = parseDeployment(
  {
    forms: {
      create: { publishNow: 'publishNow', settings: 'options' },
      replaceField: { wrapper: 'newConfig' },
      fields: {
        config: { label: 'question', required: 'mandatory' },
        long_text: 'paragraph',
        rating: { kind: 'scale', config: { max: 'steps' } },
      },
      templates: { retro: 'sprint-retro' },
      useCases: { retro: 'team-retrospective' },
      layouts: { one_per_page: 'paged' },
    },
    sessions: {
      create: { openNow: 'startNow', activities: 'items' },
      modes: { self_paced: 'self-paced' },
    },
    series: { create: { rounds: 'lineup' } },
    sponsors: { create: { windowStart: 'window.from', windowEnd: 'window.to' } },
    operations: {
      presentActivity: { method: 'POST', path: '/sessions/{id}/activities/{activityId}/present' },
      setTeamMode: {
        method: 'PUT',
        path: '/sessions/{id}/team-mode',
        body: { teamMode: 'enabled' },
      },
    },
    expect: { states: { formPublished: 'live', sessionEnded: 'finished' } },
  },
  'test',
)

describe('reading what a deployment sent back into the contract', () => {
  const profileBodies = [
    [
      'createForm',
      {
        title: 'Retro',
        template: 'retro',
        publish: true,
        settings: { useCase: 'retro', layout: 'one_per_page' },
        fields: [
          { kind: 'long_text', config: { label: 'Why?', required: true } },
          { kind: 'rating', config: { label: 'Score', max: 5 } },
        ],
      },
    ],
    ['createSession', { title: 'All hands', mode: 'self_paced', open: true, activities: [] }],
    [
      'createSeries',
      { title: 'Cup', rounds: [{ title: 'R1', mode: 'self_paced', activities: [] }] },
    ],
    [
      'createSponsorReport',
      {
        title: 'Q1',
        brandLabel: 'Acme',
        rangeStart: '2026-01-01T00:00:00.000Z',
        rangeEnd: '2026-03-31T00:00:00.000Z',
      },
    ],
    ['addField', { kind: 'rating', config: { label: 'Score', max: 10 } }],
    ['replaceFormSettings', { useCase: 'retro', layout: 'one_per_page' }],
    ['setTeamMode', { teamMode: true }],
  ] as const

  it.each(profileBodies)('gives back the profile body that %s was spelled from', (op, body) => {
    const sent = spellRequest(deployment, op, structuredClone(body))
    expect(sent.body).not.toEqual(body)
    expect(readRequestBody(deployment, op, sent.body)).toEqual({ known: true, body })
  })

  it('reads a replaced config by its field kind, out of the wrapper', () => {
    const body = { config: { label: 'Score', max: 7 } }
    const sent = spellRequest(deployment, 'replaceFieldConfig', body, { fieldKind: 'rating' })
    expect(sent.body).toEqual({ newConfig: { question: 'Score', steps: 7 } })
    expect(
      readRequestBody(deployment, 'replaceFieldConfig', sent.body, { fieldKind: 'rating' }),
    ).toEqual({
      known: true,
      body,
    })
  })

  it('takes an inferred operation body parameter from the path', () => {
    expect(
      readRequestBody(deployment, 'presentActivity', undefined, {
        params: { id: 's1', activityId: 'a1' },
      }),
    ).toEqual({ known: true, body: { activityId: 'a1' } })
  })

  it('reads kinds, values and state names', () => {
    expect(readFieldKind(deployment, 'scale')).toBe('rating')
    expect(readFieldKind(deployment, 'short_text')).toBe('short_text')
    expect(readFieldKind(deployment, 'hologram')).toBeUndefined()
    expect(readField(deployment, { kind: 'paragraph', config: { question: 'Q' } })).toEqual({
      known: true,
      body: { kind: 'long_text', config: { label: 'Q' } },
    })
    expect(readValue(deployment, 'templates', 'sprint-retro')).toBe('retro')
    expect(readValue(deployment, 'modes', 'live')).toBe('live')
    expect(readState(deployment, 'form', 'live')).toBe('published')
    expect(readState(deployment, 'session', 'finished')).toBe('ended')
    expect(readState(deployment, 'session', 'open')).toBe('open')
  })

  it('says a body spelled by a module function cannot be read back', () => {
    const withFunction = parseDeployment({ forms: { create: (body: object) => body } }, 'test')
    expect(readRequestBody(withFunction, 'createForm', { title: 'x' })).toEqual({
      known: false,
      key: 'forms.create',
    })
    expect(sentProperty(withFunction, 'createForm', 'publish', { publish: true })).toEqual({
      known: false,
    })
  })

  it("reads one create option where the file puts it, in the contract's word", () => {
    expect(sentProperty(deployment, 'createForm', 'publish', { publishNow: true })).toEqual({
      known: true,
      value: true,
    })
    expect(sentProperty(deployment, 'createSession', 'open', { open: true })).toEqual({
      known: true,
      value: undefined,
    })
    expect(sentProperty({}, 'createSession', 'open', { open: true })).toEqual({
      known: true,
      value: true,
    })
  })

  it('locates an inferred operation where the file puts it, and a documented one where §4 does', () => {
    const locate = operationMatcher(deployment)
    expect(locate('POST', '/sessions/s1/activities/a1/present')?.id).toBe('presentActivity')
    expect(locate('POST', '/sessions/s1/activities/a1/present')?.params).toEqual({
      id: 's1',
      activityId: 'a1',
    })
    expect(locate('POST', '/sessions/s1/present')).toBeUndefined()
    expect(locate('GET', '/forms/f1')?.id).toBe('getForm')
  })
})

describe('activity contents read back', () => {
  const withMap = parseDeployment(
    {
      sessions: {
        activities: { poll: { prompt: 'Lunch?', answers: ['A', 'B'] }, cue: { label: 'Break' } },
        contents: {
          poll: { question: 'prompt', options: 'answers', allowMultiple: 'settings.multiple' },
          spin_wheel: { removeWinner: null },
        },
      },
    },
    'test',
  )

  it("put each key the file maps (dotted paths too) under the contract's name", () => {
    expect(
      readActivityContent(withMap, 'poll', {
        prompt: 'Lunch?',
        answers: ['Pizza', 'Sushi'],
        settings: { multiple: true },
      }),
    ).toEqual({
      known: true,
      body: { question: 'Lunch?', options: ['Pizza', 'Sushi'], allowMultiple: true },
    })
    // null: the deployment has no such key, so its content cannot hold the contract's.
    expect(readActivityContent(withMap, 'spin_wheel', { title: 'Who?', removeWinner: 1 })).toEqual({
      known: true,
      body: { title: 'Who?' },
    })
  })

  it('cannot be read for a kind the file gives a sample of but no key map', () => {
    expect(readActivityContent(withMap, 'cue', { label: 'Break' })).toEqual({
      known: false,
      key: 'sessions.contents.cue',
    })
    // Neither a sample nor a map: the contract's own keys are assumed.
    expect(readActivityContent(withMap, 'nps', { question: 'Recommend?' })).toEqual({
      known: true,
      body: { question: 'Recommend?' },
    })
  })

  it('refuse a key map naming a key the kind does not have', () => {
    expect(() =>
      parseDeployment({ sessions: { contents: { cue: { prompt: 'label' } } } }, 'x.json'),
    ).toThrow(/sessions\.contents\.cue\.prompt: unknown key/)
  })
})

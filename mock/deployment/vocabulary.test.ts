import { describe, expect, it } from 'vitest'
import { DeploymentError, parseDeployment } from './schema.ts'
import { NotOffered, spellRequest } from './to-deployment.ts'
import { declaredFieldKinds, realFieldKind, refusedFieldKinds, spellField } from './vocabulary.ts'

/** A deployment that names its field kinds and config keys its own way, as docs/usage.md shows. */
const foreign = parseDeployment(
  {
    forms: {
      fields: {
        config: { label: 'question', required: 'mandatory', helpText: 'hint', placeholder: null },
        short_text: 'text',
        number: { kind: 'numeric', config: { min: 'minimum', max: 'maximum' } },
        yes_no: { kind: 'choice', sample: { choices: ['Yes', 'No'] } },
        rating: { kind: 'scale', config: { max: 'range.steps' } },
        submission: { sample: { caption: 'Your project' }, config: (c: object) => ({ ...c }) },
        phone: null,
      },
      templates: { hackathon: 'hackathon-project', retro: null },
      useCases: { general: null, hackathon: 'hackathon-judging' },
      layouts: { one_per_page: 'paged' },
    },
    sessions: {
      create: { activities: 'items', title: 'name' },
      modes: { self_paced: 'self-paced' },
      activities: { poll: { prompt: 'Q?', answers: ['a', 'b'] }, slides: null },
    },
    operations: {
      presentActivity: { method: 'POST', path: '/sessions/{id}/activities/{activityId}/present' },
      setTeamMode: {
        method: 'PUT',
        path: '/sessions/{id}/team-mode',
        body: { teamMode: 'enabled' },
      },
    },
  },
  'test',
)

describe('the field vocabulary', () => {
  it("renames the kind and the config keys, shared map first, the kind's own map over it", () => {
    expect(
      spellField(foreign, {
        kind: 'number',
        config: { label: 'Age', required: true, min: 1, max: 9, placeholder: 'x' },
      }),
    ).toEqual({
      kind: 'numeric',
      config: { question: 'Age', mandatory: true, minimum: 1, maximum: 9 },
    })
    expect(spellField(foreign, { kind: 'rating', config: { label: 'Rate', max: 5 } })).toEqual({
      kind: 'scale',
      config: { question: 'Rate', range: { steps: 5 } },
    })
    // No entry: the profile's kind name, the shared spelling still applies.
    expect(spellField(foreign, { kind: 'email', config: { label: 'Mail' } })).toEqual({
      kind: 'email',
      config: { question: 'Mail' },
    })
  })

  it('merges the spelled config over a sample; a module function spells it instead of maps', () => {
    expect(spellField(foreign, { kind: 'yes_no', config: { label: 'First time?' } })).toEqual({
      kind: 'choice',
      config: { choices: ['Yes', 'No'], question: 'First time?' },
    })
    expect(
      spellField(foreign, { kind: 'submission', config: { label: 'L', acceptLink: true } }),
    ).toEqual({
      kind: 'submission',
      config: { caption: 'Your project', label: 'L', acceptLink: true },
    })
    // A sample alone, with nothing spelling the config: sent as it is.
    const sampleOnly = parseDeployment(
      { forms: { fields: { date: { kind: 'day', sample: { text: 'When?' } } } } },
      't',
    )
    expect(spellField(sampleOnly, { kind: 'date', config: { label: 'x' } })).toEqual({
      kind: 'day',
      config: { text: 'When?' },
    })
  })

  it('says which kinds the file declares and which it refuses; null is not offered', () => {
    expect(declaredFieldKinds(foreign)).toEqual([
      'short_text',
      'number',
      'rating',
      'yes_no',
      'submission',
    ])
    expect(refusedFieldKinds(foreign)).toEqual(['phone'])
    expect(realFieldKind(foreign, 'phone')).toBeNull()
    expect(spellField(foreign, { kind: 'phone', config: {} })).toBeNull()
    expect(() =>
      spellRequest(foreign, 'addField', { kind: 'phone', config: { label: 'Tel' } }),
    ).toThrow(NotOffered)
    expect(() =>
      spellRequest(foreign, 'createForm', { title: 'F', fields: [{ kind: 'phone', config: {} }] }),
    ).toThrow(/forms\.fields\.phone is null/)
  })

  it('keeps the legacy submissionConfig as the submission sample, refused beside fields.submission', () => {
    const legacy = parseDeployment({ forms: { submissionConfig: { caption: 'Link' } } }, 't')
    expect(declaredFieldKinds(legacy)).toEqual(['submission'])
    expect(spellField(legacy, { kind: 'submission', config: { label: 'x' } })).toEqual({
      kind: 'submission',
      config: { caption: 'Link' },
    })
    expect(() =>
      parseDeployment(
        { forms: { submissionConfig: {}, fields: { submission: 'entry' } } },
        'both.json',
      ),
    ).toThrow(/forms\.submissionConfig: give either submissionConfig or fields\.submission/)
  })

  it('refuses a config key the kind does not have, naming it', () => {
    expect(() =>
      parseDeployment({ forms: { fields: { yes_no: { config: { options: 'choices' } } } } }, 'x'),
    ).toThrow(/forms\.fields\.yes_no\.config\.options: unknown key/)
  })
})

describe('requests in the vocabulary', () => {
  it('spells inline fields, the template and the settings values of a new form', () => {
    const spelled = spellRequest(foreign, 'createForm', {
      title: 'F',
      template: 'hackathon',
      fields: [{ kind: 'short_text', config: { label: 'Name' } }],
      settings: { useCase: 'general', layout: 'one_per_page', showProgress: true },
    })
    expect(spelled.body).toEqual({
      title: 'F',
      template: 'hackathon-project',
      fields: [{ kind: 'text', config: { question: 'Name' } }],
      settings: { layout: 'paged', showProgress: true },
    })
    expect(spelled.keys).toContain('forms.templates')
    // A template the deployment does not have is left out of the body.
    expect(spellRequest(foreign, 'createForm', { title: 'F', template: 'retro' }).body).toEqual({
      title: 'F',
    })
    expect(
      spellRequest(foreign, 'replaceFormSettings', { useCase: 'hackathon', layout: 'single_page' })
        .body,
    ).toEqual({ useCase: 'hackathon-judging', layout: 'single_page' })
  })

  it("spells a replaced config by the field's kind when the caller names it", () => {
    expect(
      spellRequest(
        foreign,
        'replaceFieldConfig',
        { config: { label: 'New', max: 7 } },
        { fieldKind: 'rating' },
      ).body,
    ).toEqual({ config: { question: 'New', range: { steps: 7 } } })
    // Without the kind the config is the caller's own, sent as it is.
    expect(spellRequest(foreign, 'replaceFieldConfig', { config: { a: 1 } }).body).toEqual({
      config: { a: 1 },
    })
  })

  it("spells a series' rounds as sessions: property names, modes and activity contents", () => {
    const spelled = spellRequest(foreign, 'createSeries', {
      title: 'S',
      rounds: [
        {
          title: 'R1',
          mode: 'self_paced',
          activities: [{ kind: 'poll', question: 'x', options: ['1', '2'] }],
        },
      ],
    })
    expect(spelled.body).toEqual({
      title: 'S',
      rounds: [
        {
          name: 'R1',
          mode: 'self-paced',
          items: [{ kind: 'poll', prompt: 'Q?', answers: ['a', 'b'] }],
        },
      ],
    })
    expect(spelled.keys).toEqual(
      expect.arrayContaining([
        'sessions.modes',
        'sessions.activities.poll',
        'sessions.create.activities',
      ]),
    )
    expect(() =>
      spellRequest(foreign, 'createSession', {
        title: 'S',
        activities: [{ kind: 'slides', slides: [] }],
      }),
    ).toThrow(/sessions\.activities\.slides is null/)
  })

  it('puts a body parameter into the path when the file places it there', () => {
    expect(spellRequest(foreign, 'presentActivity', { activityId: 'act_1' })).toEqual({
      method: 'POST',
      path: '/sessions/{id}/activities/{activityId}/present',
      pathParams: { activityId: 'act_1' },
      keys: ['operations.presentActivity'],
    })
    expect(spellRequest(foreign, 'setTeamMode', { teamMode: true })).toMatchObject({
      method: 'PUT',
      body: { enabled: true },
    })
  })

  it('refuses a path placeholder that is neither a path nor a body parameter', () => {
    const bad = () =>
      parseDeployment(
        { operations: { presentActivity: { method: 'POST', path: '/sessions/{id}/x/{slide}' } } },
        'bad.json',
      )
    expect(bad).toThrow(DeploymentError)
    expect(bad).toThrow(
      /operations\.presentActivity\.path: expected the placeholders \{id\} \(and, from the body, any of \{activityId\}\)/,
    )
  })
})

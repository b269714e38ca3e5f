import { describe, expect, it } from 'vitest'
import type * as z from 'zod'
import {
  ACTIVITY_CONFIGS,
  ACTIVITY_KINDS,
  ActivityInput,
  type ActivityKind,
  CreateSponsorReportBody,
  DocFormSettings,
  FIELD_CONFIGS,
  FIELD_KINDS,
  FieldInput,
  type FieldKind,
  FormSettings,
  FormSettingsInput,
  LAYOUTS,
  SETTINGS_DEFAULTS,
  Team,
  TeamInput,
  UpdateFormBody,
  USE_CASES,
} from './index.ts'

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success
const x = (n: number) => 'x'.repeat(n)

/** The smallest valid config of each field kind. */
const MINIMAL_FIELD: { [K in FieldKind]: z.input<(typeof FIELD_CONFIGS)[K]> } = {
  short_text: { label: 'Name' },
  long_text: { label: 'What did you build?' },
  email: { label: 'Contact email' },
  phone: { label: 'Phone' },
  number: { label: 'Team size' },
  date: { label: 'Arrival' },
  single_choice: { label: 'Track', options: ['AI', 'Web'] },
  multiple_choice: { label: 'Interests', options: ['AI', 'Web'] },
  dropdown: { label: 'Workload', options: ['Light', 'Heavy'] },
  rating: { label: 'Venue', max: 5 },
  yes_no: { label: 'First hackathon?' },
  submission: { label: 'Project', acceptLink: true, acceptFile: false },
}
const fieldAccepts = (kind: FieldKind, config: object) => {
  const valid = accepts(FIELD_CONFIGS[kind], config)
  expect(accepts(FieldInput, { kind, config }), 'FieldInput and FIELD_CONFIGS agree').toBe(valid)
  return valid
}

describe('field kinds', () => {
  it('there are 12 field kinds, the submission kind among them (§2)', () => {
    expect(FIELD_KINDS).toHaveLength(12)
    expect(FIELD_KINDS).toContain('submission')
    expect(Object.keys(FIELD_CONFIGS).sort()).toEqual([...FIELD_KINDS].sort())
  })

  it('refuses an unknown kind, naming the allowed ones', () => {
    const result = FieldInput.safeParse({ kind: 'signature', config: { label: 'Sign' } })
    expect(result.error?.issues[0]?.message).toContain(FIELD_KINDS.join(', '))
  })

  describe.each(FIELD_KINDS)('%s', (kind) => {
    const minimal = MINIMAL_FIELD[kind]
    it('accepts its minimal config and defaults required to false', () => {
      expect(fieldAccepts(kind, minimal)).toBe(true)
      expect(FIELD_CONFIGS[kind].parse(minimal)).toMatchObject({ required: false })
    })
    it('refuses an unknown config key (strict)', () => {
      expect(fieldAccepts(kind, { ...minimal, colour: 'red' })).toBe(false)
    })
    it('needs a label of 1 to 500 characters after trimming', () => {
      expect(fieldAccepts(kind, { ...minimal, label: x(500) })).toBe(true)
      expect(fieldAccepts(kind, { ...minimal, label: x(501) })).toBe(false)
      expect(fieldAccepts(kind, { ...minimal, label: '' })).toBe(false)
      expect(fieldAccepts(kind, { ...minimal, label: '   ' })).toBe(false)
      const { label: _label, ...withoutLabel } = minimal
      expect(fieldAccepts(kind, withoutLabel)).toBe(false)
    })
  })

  describe.each(['single_choice', 'multiple_choice', 'dropdown'] as const)('%s options', (kind) => {
    const withOptions = (options: string[]) => ({ label: 'Pick', options })
    const numbered = (n: number) => Array.from({ length: n }, (_, i) => `Option ${i + 1}`)
    it('are 2 to 50', () => {
      expect(fieldAccepts(kind, withOptions(numbered(1)))).toBe(false)
      expect(fieldAccepts(kind, withOptions(numbered(2)))).toBe(true)
      expect(fieldAccepts(kind, withOptions(numbered(50)))).toBe(true)
      expect(fieldAccepts(kind, withOptions(numbered(51)))).toBe(false)
    })
    it('are unique, ignoring case, and not blank', () => {
      expect(fieldAccepts(kind, withOptions(['Yes', 'yes']))).toBe(false)
      expect(fieldAccepts(kind, withOptions(['Yes', '  ']))).toBe(false)
    })
  })

  it('multiple_choice allows no more selections than options', () => {
    const config = { label: 'Pick', options: ['A', 'B'] }
    expect(fieldAccepts('multiple_choice', { ...config, maxSelections: 2 })).toBe(true)
    expect(fieldAccepts('multiple_choice', { ...config, maxSelections: 3 })).toBe(false)
  })

  it('rating max is an integer from 3 to 10', () => {
    const rating = (max: unknown) => fieldAccepts('rating', { label: 'Venue', max })
    expect([2, 3, 10, 11, 4.5, undefined].map(rating)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
    ])
  })

  it('number min must not exceed max', () => {
    const number = (bounds: object) => fieldAccepts('number', { label: 'Size', ...bounds })
    expect(number({ min: 5, max: 1 })).toBe(false)
    expect(number({ min: 1, max: 1 })).toBe(true)
    expect(number({ min: -2.5, max: 1e9 })).toBe(true)
    expect(number({ min: 5 })).toBe(true)
  })

  it('date minDate must not be after maxDate', () => {
    const date = (bounds: object) => fieldAccepts('date', { label: 'When', ...bounds })
    expect(date({ minDate: '2026-07-14', maxDate: '2026-07-13' })).toBe(false)
    expect(date({ minDate: '2026-07-13', maxDate: '2026-07-13' })).toBe(true)
  })

  it('submission accepts a link, a file or both, never neither', () => {
    const submission = (acceptLink: boolean, acceptFile: boolean) =>
      fieldAccepts('submission', { label: 'Project', acceptLink, acceptFile })
    expect(submission(true, false)).toBe(true)
    expect(submission(false, true)).toBe(true)
    expect(submission(true, true)).toBe(true)
    expect(submission(false, false)).toBe(false)
  })
})

describe('form settings', () => {
  it('an empty settings body gives the defaults', () => {
    expect(FormSettingsInput.parse({})).toEqual(SETTINGS_DEFAULTS)
  })
  it('an omitted setting falls back to its default', () => {
    expect(FormSettingsInput.parse({ layout: 'single_page' })).toEqual({
      ...SETTINGS_DEFAULTS,
      layout: 'single_page',
    })
  })
  it('the defaults are valid settings in both layers', () => {
    expect(FormSettings.parse(SETTINGS_DEFAULTS)).toEqual(SETTINGS_DEFAULTS)
    expect(accepts(DocFormSettings, SETTINGS_DEFAULTS)).toBe(true)
  })
  it('emailRequired needs collectEmail', () => {
    for (const schema of [FormSettingsInput, FormSettings]) {
      const settings = { ...SETTINGS_DEFAULTS, emailRequired: true }
      expect(schema.safeParse(settings).error?.issues[0]?.path).toEqual(['emailRequired'])
      expect(accepts(schema, { ...settings, collectEmail: true })).toBe(true)
    }
    expect(accepts(FormSettingsInput, { emailRequired: true })).toBe(false)
  })
  it('knows the use cases and layout the reference names, and no others', () => {
    expect(USE_CASES).toEqual(expect.arrayContaining(['hackathon', 'retro', 'hr_pulse']))
    expect(LAYOUTS).toContain('single_page')
    expect(accepts(FormSettingsInput, { useCase: 'wedding' })).toBe(false)
    expect(accepts(FormSettingsInput, { layout: 'grid' })).toBe(false)
  })
})

/** The smallest valid content of each activity kind. */
const MINIMAL_ACTIVITY: Record<ActivityKind, Record<string, unknown>> = {
  poll: { question: 'Best talk?', options: ['Keynote', 'Panel'] },
  quiz: { question: 'Capital of Peru?', options: ['Lima', 'Quito'], correctOptions: [0] },
  word_cloud: { prompt: 'One word for today' },
  qa: { prompt: 'Ask us anything' },
  rating: { question: 'Rate the venue' },
  nps: {},
  open_text: { prompt: 'Any feedback?' },
  spin_wheel: { title: 'Who presents?', entries: ['Ann', 'Bob'] },
  social_wall: { prompt: 'Share a photo' },
  slides: { slides: [{ type: 'statement', text: 'Welcome!' }] },
  cue: { note: 'Thank the sponsors' },
}
const activityAccepts = (kind: ActivityKind, content: object) => {
  const valid = accepts(ACTIVITY_CONFIGS[kind], content)
  expect(accepts(ActivityInput, { kind, ...content }), 'input and config agree').toBe(valid)
  return valid
}

describe('activity kinds', () => {
  it('are the eleven the reference names', () => {
    expect(ACTIVITY_KINDS).toEqual([
      'poll',
      'quiz',
      'word_cloud',
      'qa',
      'rating',
      'nps',
      'open_text',
      'spin_wheel',
      'social_wall',
      'slides',
      'cue',
    ])
  })
  it.each(ACTIVITY_KINDS)('%s accepts its minimal content and refuses an unknown key', (kind) => {
    expect(activityAccepts(kind, MINIMAL_ACTIVITY[kind])).toBe(true)
    expect(activityAccepts(kind, { ...MINIMAL_ACTIVITY[kind], colour: 'red' })).toBe(false)
  })
  it('refuses an unknown kind, naming the allowed ones', () => {
    const result = ActivityInput.safeParse({ kind: 'trivia', question: 'Q?' })
    expect(result.error?.issues[0]?.message).toContain(ACTIVITY_KINDS.join(', '))
  })
  it('quiz correctOptions are distinct indexes into options', () => {
    const quiz = (correctOptions: number[]) =>
      activityAccepts('quiz', { ...MINIMAL_ACTIVITY.quiz, correctOptions })
    expect([[1], [0, 1], [2], [0, 0], [], [-1]].map(quiz)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
    ])
  })
})

describe('other profile rules', () => {
  it('a team color is #RRGGBB', () => {
    const team = { id: 'team_a1b2c3d4e5f6', name: 'Owls', order: 0 }
    const good = ['#1E88E5', '#1e88e5', '#000000']
    const bad = ['1E88E5', '#1E88E', '#1E88E5FF', 'red', '#GGGGGG', 'rgb(1,2,3)', '']
    for (const color of good) expect(accepts(TeamInput, { name: 'Owls', color })).toBe(true)
    for (const color of bad) expect(accepts(TeamInput, { name: 'Owls', color }), color).toBe(false)
    for (const color of good) expect(accepts(Team, { ...team, color })).toBe(true)
    for (const color of bad) expect(accepts(Team, { ...team, color }), color).toBe(false)
  })

  it('a sponsor report window starts no later than it ends, comparing instants', () => {
    const report = (range: object) =>
      accepts(CreateSponsorReportBody, { title: 'Q3', brandLabel: 'Initech', ...range })
    expect(report({})).toBe(true)
    expect(report({ rangeStart: '2026-07-01T00:00:00.000Z' })).toBe(true)
    expect(report({ rangeEnd: '2026-07-01T00:00:00.000Z' })).toBe(true)
    const day = '2026-07-01T00:00:00Z'
    expect(report({ rangeStart: day, rangeEnd: day })).toBe(true)
    expect(report({ rangeStart: '2026-07-02T00:00:00Z', rangeEnd: day })).toBe(false)
    // 10:00+02:00 is 08:00Z: before 09:00Z although its text sorts after it.
    expect(
      report({ rangeStart: '2026-07-01T10:00:00+02:00', rangeEnd: '2026-07-01T09:00:00Z' }),
    ).toBe(true)
  })

  it('a form update needs a title, a description or both', () => {
    expect(accepts(UpdateFormBody, {})).toBe(false)
    expect(accepts(UpdateFormBody, { title: 'Autumn retro' })).toBe(true)
    expect(accepts(UpdateFormBody, { description: '' })).toBe(true)
    expect(accepts(UpdateFormBody, { title: 'A', description: 'B' })).toBe(true)
    expect(accepts(UpdateFormBody, { title: '  ' })).toBe(false)
    expect(accepts(UpdateFormBody, { title: 'A', status: 'closed' })).toBe(false)
  })
})

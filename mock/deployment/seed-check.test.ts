import { describe, expect, it } from 'vitest'
import type { ApiStep } from '../../contract/plan.ts'
import { parseDeployment } from './schema.ts'
import { checkSeedPlan } from './seed-check.ts'

const step = (operation: ApiStep['operation'], body: unknown, extra: Partial<ApiStep> = {}) =>
  ({
    type: 'api',
    apiKey: 'k',
    at: '2026-08-01T00:00:00.000Z',
    operation,
    body,
    ...extra,
  }) as ApiStep

const cloud = { kind: 'word_cloud', prompt: 'One word?', maxWordsPerParticipant: 3 }
const plan = [
  {
    index: 0,
    step: step('createSession', { title: 'S', activities: [cloud, { kind: 'cue', note: 'x' }] }),
  },
  { index: 4, step: step('addActivity', cloud) },
  {
    index: 7,
    step: step(
      'createForm',
      { title: 'F', fields: [{ kind: 'email', config: { label: 'E', placeholder: 'a@b' } }] },
      { name: 'f' },
    ),
  },
  {
    index: 9,
    step: step(
      'replaceFieldConfig',
      { config: { label: 'E2', placeholder: 'c@d' } },
      {
        params: {
          id: { ref: 'f', path: 'form.id' },
          fieldId: { ref: 'f', path: 'form.fields.0.id' },
        } as never,
      },
    ),
  },
]
const probe = {
  activities: {
    word_cloud: {
      accepted: { prompt: 'One word?' },
      refusedKeys: { maxWordsPerParticipant: '400 "no"' },
    },
  },
  fields: {
    email: { accepted: { label: 'E' }, refusedKeys: { placeholder: '400 "no placeholder"' } },
  },
}

describe("seed's check of its plan against what --init saw refused", () => {
  it('names each refused key a content still sends, with the steps that send it', () => {
    const problems = checkSeedPlan(parseDeployment({ probe }, 't'), plan)
    expect(problems.map((p) => [p.key, p.steps])).toEqual([
      ['sessions.activities.word_cloud', [1, 5]],
      ['forms.fields.email', [8, 10]],
    ])
    expect(problems[0]?.message).toBe(
      `sessions.activities.word_cloud: the plan's word_cloud activities (steps 1, 5) send maxWordsPerParticipant, which this deployment refused when --init probed it (400 "no"). Write a content without it under sessions.activities.word_cloud (--init wrote one the deployment accepted), or spell it as this deployment does.`,
    )
  })

  it('finds nothing once the file leaves the keys out (a content of its own, a config key as null)', () => {
    const file = parseDeployment(
      {
        probe,
        sessions: { activities: { word_cloud: { prompt: 'One word?' } } },
        forms: { fields: { email: { config: { placeholder: null } } } },
      },
      't',
    )
    expect(checkSeedPlan(file, plan)).toEqual([])
    // Without a probe section there is nothing to hold the plan to.
    expect(checkSeedPlan(parseDeployment({}, 't'), plan)).toEqual([])
  })

  it('holds a kind refused whole until the file spells it otherwise', () => {
    const refused = {
      activities: {
        word_cloud: {
          refused: {
            sent: { prompt: 'p', maxWordsPerParticipant: 3 },
            answer: '400 "unknown kind"',
          },
        },
      },
    }
    const asSent = parseDeployment(
      {
        probe: refused,
        sessions: { activities: { word_cloud: { prompt: 'p', maxWordsPerParticipant: 3 } } },
      },
      't',
    )
    expect(checkSeedPlan(asSent, plan).map((p) => p.key)).toEqual([
      'sessions.activities.word_cloud',
    ])
    expect(checkSeedPlan(asSent, plan)[0]?.message).toContain(
      'even with its required keys only (400 "unknown kind")',
    )
    const written = parseDeployment(
      { probe: refused, sessions: { activities: { word_cloud: { text: 'p' } } } },
      't',
    )
    expect(checkSeedPlan(written, plan)).toEqual([])
    const none = parseDeployment(
      { probe: refused, sessions: { activities: { word_cloud: null } } },
      't',
    )
    expect(checkSeedPlan(none, plan)).toEqual([])
  })

  it('lets a refused richer value of a required key through when the plan sends no more than was accepted', () => {
    const deck = (types: string[]) => ({
      kind: 'slides',
      slides: types.map((type) => ({ type, title: 'T', text: 'x' })),
    })
    const slides = {
      activities: {
        slides: {
          accepted: { slides: [{ type: 'title', title: 'T' }] },
          refusedKeys: { slides: '400 "no image slides"' },
        },
      },
    }
    const file = parseDeployment({ probe: slides }, 't')
    const title = [
      {
        index: 0,
        step: step('addActivity', { kind: 'slides', slides: [{ type: 'title', title: 'Hi' }] }),
      },
    ]
    expect(checkSeedPlan(file, title)).toEqual([])
    const rich = [{ index: 0, step: step('addActivity', deck(['title', 'image'])) }]
    expect(checkSeedPlan(file, rich).map((p) => p.key)).toEqual(['sessions.activities.slides'])
  })
})

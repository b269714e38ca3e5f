import { describe, expect, it } from 'vitest'
import type { ApiStep } from '../../contract/plan.ts'
import { checkPlanRules } from './seed-conflicts.ts'

const step = (operation: ApiStep['operation'], extra: Partial<ApiStep> = {}): ApiStep => ({
  type: 'api',
  apiKey: 'acme-demo-key',
  at: '2026-07-01T10:00:00.000Z',
  operation,
  ...extra,
})
const session = (name: string, title: string) =>
  step('createSession', { name, body: { title, teamMode: true } })
const team = (of: string, name: string) =>
  step('addTeam', {
    params: { id: { ref: of, path: 'session.id' } },
    body: { name, color: '#112233' },
  })
const planned = (steps: ApiStep[]) => steps.map((s, index) => ({ index, step: s }))

/** Two sessions and a series whose teams the mock's rule refuses, and one it accepts. */
const PLAN = planned([
  session('quiz', 'Friday quiz'),
  team('quiz', 'Owls'),
  team('quiz', 'Foxes'),
  team('quiz', 'OWLS'),
  session('trivia', 'Trivia'),
  team('trivia', 'Owls'),
  team('trivia', ' foxes '),
  team('trivia', 'Foxes'),
  step('createSeries', {
    name: 'league',
    body: { title: 'League', teams: [{ name: 'Red', color: '#E53935' }, { name: 'red' }] },
  }),
  session('fine', 'Town hall'),
  team('fine', 'Owls'),
  team('fine', 'Owlets'),
])

describe('seed: a plan against the rules known of the target', () => {
  it("names every group of team names alike but for case, under the mock's rule", () => {
    const { conflicts, source } = checkPlanRules(undefined, PLAN)
    expect(source).toMatch(/the mock's rule/)
    expect(conflicts.map((c) => [c.message, c.steps])).toEqual([
      [
        'session "Friday quiz" (step 1): its teams "Owls" and "OWLS" (steps 2, 4) are one name to this target, which keeps team names unique in a session or series, ignoring case.',
        [2, 4],
      ],
      [
        'session "Trivia" (step 5): its teams " foxes " and "Foxes" (steps 7, 8) are one name to this target, which keeps team names unique in a session or series, ignoring case.',
        [7, 8],
      ],
      [
        'series "League" (step 9): its teams "Red" and "red" (step 9) are one name to this target, which keeps team names unique in a session or series, ignoring case.',
        [9],
      ],
    ])
  })

  it('assumes nothing of a deployment whose file does not declare the rule', () => {
    expect(checkPlanRules({}, PLAN)).toEqual({ conflicts: [] })
    const declared = checkPlanRules({ expect: { errors: { duplicate_team_name: 422 } } }, PLAN)
    expect(declared.source).toMatch(/expect\.errors\.duplicate_team_name/)
    expect(declared.conflicts).toHaveLength(3)
  })

  it('looks only at the steps that will be sent', () => {
    const sent = PLAN.filter(({ index }) => index !== 3)
    expect(checkPlanRules(undefined, sent).conflicts.map((c) => c.steps)).toEqual([[7, 8], [9]])
  })
})

import { describe, expect, it } from 'vitest'
import { createMock } from '../../../create.ts'
import { readEnv } from '../../engine/env.ts'
import { Run } from '../../engine/run-state.ts'
import { Notes } from '../notes.ts'
import { createOracle, mockFetch } from '../oracle.ts'
import { type Sides, send } from '../step.ts'
import { ExploreVocabulary } from '../vocabulary.ts'
import { World } from '../world.ts'
import { type Slot, togetherOf } from './concurrent.ts'
import { created, track } from './shared.ts'

const BASE = 'http://deployment.test/api/v1'

/**
 * A run against our mock in this process, with one form of the main key (and `fields` on it);
 * `sent` lists each request's method as it reaches the mock.
 */
const runWithAForm = async (fields: number) => {
  const mock = createMock()
  await mock.ready
  const plain = mockFetch(mock)
  const sent: string[] = []
  const run = new Run(
    { ...readEnv({}, { baseUrl: BASE }), strict: false, maxRequests: 100, concurrency: 1 },
    (input, init) => {
      sent.push(init?.method ?? 'GET')
      return plain(input, init)
    },
  )
  const vocabulary = new ExploreVocabulary({}, false)
  const sides: Sides = {
    run,
    oracle: await createOracle(run.env.keys),
    title: (text) => `${run.marker} ${text}`,
    notOffered: new Set(),
    notOfferedKeys: new Set(),
    vocabulary,
    notes: new Notes(),
  }
  const world = new World(false, new Set(['main', 'otherOrg'] as const), new Set(), vocabulary)
  const field = { kind: 'short_text', config: { label: 'Name', required: false } } as const
  const body = { title: sides.title('Form'), fields: Array.from({ length: fields }, () => field) }
  const step = await send(world, sides, 'createForm', 'main', 'create a form', () => ({ body }))
  if (!step) throw new Error('the form was not created')
  track(sides, created(world, step, 'form', 'form', 'fields', 'main'))
  return { world, sides, run, sent }
}

const slot = (choice: number): Slot => ({
  choice,
  title: 'Renamed',
  settings: {},
  shift: 1,
  team: 'Red',
  field: { kind: 'short_text', config: { label: 'Added', required: false } },
})

/** What each step after the form's create was: its operation and intent, and whether sent at once. */
const stepsAfterCreate = (world: World) =>
  world.steps.slice(1).map((s) => `${s.together ? 'at once' : 'alone'}: ${s.op} (${s.intent})`)

describe('a concurrent step', () => {
  it('updates a form and a sibling at once, creating the sibling first, alone, where the run has none', async () => {
    const { world, sides } = await runWithAForm(0)
    await togetherOf({ sole: 1, beyond: 0, at: 0, creates: false, slots: [slot(5), slot(5)] }).run(
      world,
      sides,
    )
    const steps = stepsAfterCreate(world)
    expect(steps[0]).toBe('alone: createForm (create a form to update at once with FORM_1)')
    expect(steps.slice(1, 3)).toEqual([
      'at once: updateForm (at once: update FORM_1)',
      'at once: updateForm (at once: update FORM_2)',
    ])
    expect(world.records.filter((r) => r.kind === 'form')).toHaveLength(2)
  })

  it('updates the sibling the run has, creating none', async () => {
    const { world, sides } = await runWithAForm(0)
    const other = await send(world, sides, 'createForm', 'main', 'create another', () => ({
      body: { title: sides.title('Other'), fields: [] },
    }))
    if (!other) throw new Error('the second form was not created')
    created(world, other, 'form', 'form', 'fields', 'main')
    await togetherOf({ sole: 2, beyond: 0, at: 0, creates: false, slots: [slot(5), slot(5)] }).run(
      world,
      sides,
    )
    const steps = world.steps.slice(2).map((s) => `${s.op} ${s.together ? 'at once' : 'alone'}`)
    expect(steps.slice(0, 2)).toEqual(['updateForm at once', 'updateForm at once'])
    expect(steps.filter((s) => s.startsWith('createForm'))).toEqual([])
  })

  it('sends a read among writes after them, so it lands while they are in flight', async () => {
    const { world, sides, sent } = await runWithAForm(0)
    sent.length = 0
    // Each slot as it chooses: a read of the form (the sixth option), then its update (the second).
    await togetherOf({ sole: 5, beyond: 0, at: 0, creates: false, slots: [slot(5), slot(1)] }).run(
      world,
      sides,
    )
    expect(world.steps.filter((s) => s.together).map((s) => s.op)).toEqual(
      expect.arrayContaining(['getForm', 'updateForm']),
    )
    expect(sent.slice(0, 2)).toEqual(['PATCH', 'GET'])
  })

  it('appends a field while reordering the fields of a form with one field', async () => {
    const { world, sides } = await runWithAForm(1)
    // Slot choices that would pick two reads on their own: the shape overrides them.
    await togetherOf({ sole: 3, beyond: 0, at: 0, creates: false, slots: [slot(5), slot(5)] }).run(
      world,
      sides,
    )
    expect(stepsAfterCreate(world).slice(0, 2)).toEqual([
      'at once: addField (at once: add a short_text field to FORM_1)',
      'at once: reorderFields (at once: reorder the fields of FORM_1)',
    ])
  })
})

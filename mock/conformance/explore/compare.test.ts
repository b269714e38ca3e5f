import { describe, expect, it } from 'vitest'
import type { OperationId } from '../../../contract/table.ts'
import { differences, settle } from './compare.ts'
import { touch } from './decide.ts'
import type { Exchange } from './engine.ts'
import { label } from './engine.ts'
import { type Rec, type Step, World } from './world.ts'

const exchange = (status: number, body: unknown): Exchange => ({
  status,
  body,
  text: JSON.stringify(body),
  headers: new Headers(),
  request: { method: 'GET', url: 'http://deployment.test/api/v1/forms', headers: {} },
})
const step = (op: OperationId, model: unknown, real: unknown, status = 200): Step => ({
  op,
  role: 'main',
  intent: op,
  model: exchange(status, model),
  real: exchange(status, real),
  captures: [],
})
const NOW = '2026-11-27T10:00:00.000Z'
const SETTINGS = {
  collectEmail: true,
  emailRequired: false,
  thankYouMessage: 'Thanks!',
  redirectUrl: 'https://example.com/thanks',
  showProgress: true,
  useCase: 'general',
  layout: 'single_page',
}
const form = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  title: '[run] Alpha',
  description: 'Described',
  status: 'draft',
  joinCode: 'ABCD-EFGH',
  slug: 'alpha-1',
  shareUrl: 'https://example.com/f/alpha-1',
  settings: SETTINGS,
  publishedAt: NOW,
  createdAt: NOW,
  fields: [],
  ...over,
})

/** A world holding one form, read by id on both sides (model id m1, deployment id r1). */
const withForm = (): { world: World; rec: Rec } => {
  const world = new World(false, new Set(['main'] as const), new Set())
  world.pair('m1', 'r1')
  const rec = world.add({
    kind: 'form',
    role: 'main',
    model: 'm1',
    real: 'r1',
    described: true,
    variable: 'FORM_1',
  })
  rec.lastOp = 'createForm'
  expect(differences(step('getForm', { form: form('m1') }, { form: form('r1') }), world)).toEqual(
    [],
  )
  return { world, rec }
}

describe('a list item against the deployment’s own read of the record', () => {
  it('diverges when the list shows a part otherwise than the read by id, with nothing sent in between', () => {
    const { world, rec } = withForm()
    // The model no longer follows this record: only the deployment's own views are compared.
    rec.loose = 'a choice the model cannot follow'
    const found = differences(
      step('listForms', { forms: [] }, { forms: [form('r1', { title: '[run] Stale' })] }),
      world,
    )
    expect(found).toEqual([
      expect.stringMatching(
        /^forms\[0\]\.title changed although no operation since the last view \(GET \/forms\/\{id\} showed it\)/,
      ),
    ])
    expect(world.reach.result().listItems).toEqual([
      { list: 'GET /forms', after: label('createForm'), model: 0, own: 1 },
    ])
  })

  it('accepts a new state after a transition named it, and holds the list to it afterwards', () => {
    const { world, rec } = withForm()
    rec.loose = 'a choice the model cannot follow'
    touch(rec, 'publishForm', label('publishForm'))
    const live = form('r1', { status: 'live' })
    expect(differences(step('listForms', { forms: [] }, { forms: [live] }), world)).toEqual([])
    const stale = differences(step('listForms', { forms: [] }, { forms: [form('r1')] }), world)
    expect(stale).toEqual([expect.stringMatching(/^forms\[0\]\.status changed/)])
  })
})

describe('a part an operation answered with', () => {
  it('holds the next answer to the settings a replace answered: a publish that resets them diverges', () => {
    const { world, rec } = withForm()
    const replaced = { ...SETTINGS, collectEmail: false, thankYouMessage: 'See you soon.' }
    const answer = step(
      'replaceFormSettings',
      { form: { id: 'm1', settings: replaced } },
      { form: { id: 'r1', settings: replaced } },
    )
    touch(rec, 'replaceFormSettings', label('replaceFormSettings'))
    settle(rec, answer)
    expect(differences(answer, world)).toEqual([])
    touch(rec, 'publishForm', label('publishForm'))
    const published = (settings: unknown) =>
      step(
        'publishForm',
        { form: form('m1', { status: 'published', settings: replaced }) },
        { form: form('r1', { status: 'live', settings }) },
      )
    expect(differences(published({ ...replaced }), world)).toEqual([])
    const reset = differences(published(SETTINGS), world)
    expect(reset).toEqual([
      expect.stringMatching(/^form\.settings changed although no operation since the last view/),
    ])
  })
})

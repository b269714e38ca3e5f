import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { DemoPlan } from '../../contract/plan.ts'
import { ACME_KEY, demoOrganizations, GLOBEX_KEY } from '../../fixtures/index.ts'
import { createMockCore } from '../create.ts'
import { buildStore, exportState, MockState, StreamedState } from './state.ts'
import { COLLECTIONS } from './store.ts'

const at = '2026-07-01T09:00:00.000Z'
/** A tiny plan: two forms (one with a response) and a session over the two demo organizations. */
const plan: DemoPlan = {
  seed: 3,
  organizations: demoOrganizations(),
  steps: [
    {
      type: 'api',
      apiKey: ACME_KEY,
      at,
      operation: 'createForm',
      body: {
        title: 'Lunch',
        fields: [{ kind: 'short_text', config: { label: 'Name' } }],
        publish: true,
      },
      name: 'lunch',
    },
    {
      type: 'responses',
      apiKey: ACME_KEY,
      form: { ref: 'lunch', path: 'form.id' },
      responses: [{ submittedAt: at, email: null, answers: ['Ada'] }],
    },
    { type: 'api', apiKey: ACME_KEY, at, operation: 'createSession', body: { title: 'Quiz' } },
    { type: 'api', apiKey: GLOBEX_KEY, at, operation: 'createForm', body: { title: 'Other' } },
  ],
}

let valid: MockState
const copy = (): MockState => JSON.parse(JSON.stringify(valid)) as MockState
const errorOf = async (state: unknown) => {
  const built = await buildStore(state)
  if (built.ok) throw new Error('expected buildStore to refuse this state')
  return built.error
}

beforeAll(async () => {
  const mock = createMockCore({ plan, seed: plan.seed })
  await mock.ready
  valid = mock.exportState()
})

describe('buildStore', () => {
  it('rebuilds a store that exports the same state, with its identifiers reserved', async () => {
    expect(valid.forms).toHaveLength(2)
    expect(valid.responses).toHaveLength(1)
    const built = await buildStore(copy())
    if (!built.ok) throw new Error(built.error)
    expect(JSON.stringify(exportState(built.store))).toBe(JSON.stringify(valid))
    const form = valid.forms[0]
    expect(built.store.reserve('id', form?.id as string)).toBe(false)
    expect(built.store.reserve('joinCode', form?.joinCode as string)).toBe(false)
    expect(built.store.reserve('slug', form?.slug as string)).toBe(false)
    expect(built.store.orgByKey(ACME_KEY)?.name).toBe('Acme Events')
  })

  it('refuses what is not a mock state, naming the first problem', async () => {
    expect(await errorOf({ ...copy(), format: 'other' })).toMatch(/^Not a mock state: format:/)
    expect(await errorOf(null)).toMatch(/^Not a mock state: \(root\):/)
    const state = copy()
    Object.assign(state.forms[0] as object, { status: 'archived' })
    expect(await errorOf(state)).toMatch(/^Not a mock state: forms\.0\.status:/)
  })

  it('refuses an id used twice, nested ones included', async () => {
    const twice = copy()
    twice.forms.push({
      ...(twice.forms[0] as MockState['forms'][number]),
      joinCode: 'ZZZZZZ',
      slug: 'other-zzzz',
    })
    expect(await errorOf(twice)).toBe(
      `Not a consistent mock state: the id "${valid.forms[0]?.id}" appears twice.`,
    )
    const field = copy()
    const [first, second] = field.forms as [MockState['forms'][number], MockState['forms'][number]]
    second.fields = [{ ...(first.fields[0] as MockState['forms'][number]['fields'][number]) }]
    expect(await errorOf(field)).toContain(`the id "${first.fields[0]?.id}" appears twice`)
  })

  it('refuses a join code, slug or API key used twice', async () => {
    const code = copy()
    Object.assign(code.sessions[0] as object, { joinCode: valid.forms[0]?.joinCode })
    expect(await errorOf(code)).toContain(
      `the join code "${valid.forms[0]?.joinCode}" appears twice`,
    )
    const slug = copy()
    Object.assign(slug.forms[1] as object, { slug: valid.forms[0]?.slug })
    expect(await errorOf(slug)).toContain('the slug')
    const key = copy()
    Object.assign(key.organizations[1] as object, { apiKey: ACME_KEY })
    expect(await errorOf(key)).toContain(`the API key "${ACME_KEY}" appears twice`)
  })

  it('refuses records of an unknown organization and responses of an unknown form', async () => {
    const orphan = copy()
    Object.assign(orphan.sessions[0] as object, { orgId: 'org_zzzzzzzzzzzz' })
    expect(await errorOf(orphan)).toBe(
      `Not a consistent mock state: ${valid.sessions[0]?.id} belongs to unknown organization org_zzzzzzzzzzzz.`,
    )
    const lost = copy()
    Object.assign(lost.responses[0] as object, { formId: 'frm_zzzzzzzzzzzz' })
    expect(await errorOf(lost)).toContain('points to unknown form frm_zzzzzzzzzzzz')
  })

  it('refuses a seq that is not above every record seq', async () => {
    const maxSeq = Math.max(
      ...[...valid.forms, ...valid.sessions, ...valid.responses].map((r) => r.seq),
    )
    expect(valid.seq).toBe(maxSeq + 1)
    expect(await errorOf({ ...copy(), seq: maxSeq })).toBe(
      `Not a consistent mock state: seq ${maxSeq} is not above every record's seq.`,
    )
  })

  it('checks each record by its collection as it stores it, not by a parse of the whole state', async () => {
    const whole = vi.spyOn(MockState, 'safeParse')
    try {
      const built = await buildStore(copy())
      if (!built.ok) throw new Error(built.error)
      expect(whole).not.toHaveBeenCalled()
    } finally {
      whole.mockRestore()
    }
  })

  it('names the collection, index and field of a broken record after valid ones', async () => {
    const response = copy()
    Object.assign(response.responses[0] as object, { submittedAt: 'yesterday' })
    expect(await errorOf(response)).toMatch(/^Not a mock state: responses\.0\.submittedAt: /)
    const nested = copy()
    const field = nested.forms[1]?.fields[0] ?? nested.forms[0]?.fields[0]
    Object.assign(field as object, { kind: 'hologram' })
    expect(await errorOf(nested)).toMatch(/^Not a mock state: forms\.[01]\.fields\.0\.kind: /)
    const org = copy()
    Object.assign(org.organizations[1] as object, { apiKey: '' })
    expect(await errorOf(org)).toMatch(/^Not a mock state: organizations\.1\.apiKey: /)
    expect(await errorOf({ ...copy(), reports: [42] })).toMatch(/^Not a mock state: reports\.0: /)
    expect(await errorOf({ ...copy(), forms: {} })).toMatch(/^Not a mock state: forms: /)
  })

  /** The state with `count` forms more, each with identifiers of its own (`x0`, `x1`...). */
  const withForms = (count: number): MockState => {
    const state = copy()
    const form = state.forms[0] as MockState['forms'][number]
    for (let i = 0; i < count; i++) {
      state.forms.push({
        ...form,
        id: `frm_x${i}`,
        joinCode: `X${i}`,
        slug: `x-${i}`,
        fields: form.fields.map((field, n) => ({ ...field, id: `fld_x${i}_${n}` })),
      })
    }
    return state
  }

  it('reports the first problem in the records’ order, far into the state too', async () => {
    const duplicate = (state: MockState, at: number) =>
      Object.assign(state.forms[at] as object, { id: valid.forms[0]?.id })
    const broken = (state: MockState, at: number) =>
      Object.assign(state.forms[at] as object, { status: 'archived' })
    for (const [first, then] of [
      [3, 5],
      [290, 300],
      [200, 600],
    ] as const) {
      const twiceFirst = withForms(700)
      duplicate(twiceFirst, first)
      broken(twiceFirst, then)
      expect(await errorOf(twiceFirst)).toBe(
        `Not a consistent mock state: the id "${valid.forms[0]?.id}" appears twice.`,
      )
      const brokenFirst = withForms(700)
      broken(brokenFirst, first)
      duplicate(brokenFirst, then)
      expect(await errorOf(brokenFirst)).toMatch(
        new RegExp(`^Not a mock state: forms\\.${first}\\.status: `),
      )
    }
    const many = withForms(700)
    const built = await buildStore(many)
    if (!built.ok) throw new Error(built.error)
    expect(JSON.stringify(exportState(built.store))).toBe(JSON.stringify(many))
  })

  it('reports a problem among the records read before a streamed state turns unreadable', async () => {
    const unreadable = new Error('the text stops being a state here')
    const readerOf = (forms: MockState['forms']) => {
      const { forms: _, sessions, series, reports, responses, ...head } = copy()
      const records = { sessions, series, reports, responses }
      return new StreamedState({
        head: () => head,
        *records(name) {
          if (name !== 'forms') return yield* records[name]
          yield* forms
          throw unreadable
        },
        end: () => {},
      })
    }
    const twice = withForms(10).forms
    Object.assign(twice[7] as object, { id: valid.forms[0]?.id })
    expect(await errorOf(readerOf(twice))).toBe(
      `Not a consistent mock state: the id "${valid.forms[0]?.id}" appears twice.`,
    )
    await expect(buildStore(readerOf(withForms(10).forms))).rejects.toBe(unreadable)
  })

  it('leaves the mock as it was when a record late in the state is refused', async () => {
    const mock = createMockCore({ plan, seed: plan.seed })
    await mock.ready
    const before = JSON.stringify(mock.exportState())
    const empty = { ...copy(), forms: [], sessions: [], series: [], reports: [], responses: [] }
    expect(await mock.importState(empty)).toEqual({ ok: true })
    const emptied = JSON.stringify(mock.exportState())
    expect(emptied).not.toBe(before)
    const late = copy()
    Object.assign(late.responses[0] as object, { answers: null })
    const refused = await mock.importState(late)
    expect(refused).toEqual({ ok: false, error: expect.stringMatching(/responses\.0\.answers/) })
    expect(JSON.stringify(mock.exportState())).toBe(emptied)
    const twice = copy()
    twice.responses.push({ ...(twice.responses[0] as MockState['responses'][number]) })
    expect(await mock.importState(twice)).toEqual({
      ok: false,
      error: expect.stringMatching(/the id "[^"]+" appears twice/),
    })
    expect(JSON.stringify(mock.exportState())).toBe(emptied)
  })

  /** A state given as a reader gives it: head first, then each collection's records in turn. */
  const streamedOf = (state: MockState, read: string[] = []) => {
    const { forms, sessions, series, reports, responses, ...head } = state
    const records = { forms, sessions, series, reports, responses }
    return new StreamedState({
      head: () => head,
      *records(name) {
        read.push(name)
        yield* records[name]
      },
      end: () => read.push('end'),
    })
  }

  it('stores a streamed state as the same state, reading each collection in order', async () => {
    const read: string[] = []
    const built = await buildStore(streamedOf(copy(), read))
    if (!built.ok) throw new Error(built.error)
    expect(JSON.stringify(exportState(built.store))).toBe(JSON.stringify(valid))
    expect(read).toEqual([...COLLECTIONS, 'end'])
  })

  it('refuses a streamed state as the same state given whole is refused', async () => {
    const twice = copy()
    twice.forms.push({ ...(twice.forms[0] as MockState['forms'][number]), slug: 'other-zzzz' })
    const bad = copy()
    Object.assign(bad.responses[0] as object, { submittedAt: 'yesterday' })
    const key = copy()
    Object.assign(key.organizations[1] as object, { apiKey: ACME_KEY })
    for (const state of [twice, bad, key, { ...copy(), version: 2 } as unknown as MockState]) {
      expect(await errorOf(streamedOf(state))).toBe(await errorOf(state))
    }
  })
})

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { type Call, client, expectOk, expectPlain, expectValidation } from './client.ts'
import { Field, Form, Settings } from './resources.ts'
import { startForeign } from './server.ts'

let foreign: Awaited<ReturnType<typeof startForeign>>
let call: Call
beforeAll(async () => {
  foreign = await startForeign({ publicBase: 'https://engage.test.example' })
  call = client(foreign.baseUrl)
})
afterAll(() => foreign.close())
beforeEach(() => foreign.reset())

const FormAnswer = z.object({ form: Form })
const FieldAnswer = z.object({ field: Field })
const text = (question: string) => ({ kind: 'text', config: { question } })

const create = async (body: object) => expectOk(await call('POST', '/forms', body), FormAnswer).form
const read = async (id: string) => expectOk(await call('GET', `/forms/${id}`), FormAnswer).form

describe('forms on the foreign deployment', () => {
  it('creates a draft with every field of §2 and its own links, answering 200', async () => {
    const form = await create({ title: 'Feedback', fields: [text('Name?')] })
    expect(Object.keys(form).sort()).toEqual(
      [
        'createdAt',
        'description',
        'fields',
        'id',
        'joinCode',
        'publishedAt',
        'settings',
        'shareUrl',
        'slug',
        'status',
        'title',
      ].sort(),
    )
    expect(form).toMatchObject({ title: 'Feedback', description: '', status: 'draft' })
    expect(form.id).toMatch(/^frm_[0-9a-f]{12}$/)
    expect(form.joinCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/)
    expect(form.shareUrl).toBe(`https://engage.test.example/f/${form.slug}`)
    expect(form.slug).toMatch(/^feedback-[0-9a-f]{6}$/)
    expect(form.fields).toEqual([
      {
        id: expect.stringMatching(/^fld_/),
        kind: 'text',
        config: { question: 'Name?', mandatory: false },
        order: 1,
      },
    ])
    expect(await read(form.id)).toEqual(form)
  })

  it('refuses to publish a form without a field (422, plain), inline or later, and publishes one with a field to live', async () => {
    expectPlain(await call('POST', '/forms', { title: 'Empty', publishNow: true }), 422)
    expect(expectOk(await call('GET', '/forms'), z.object({ forms: z.array(Form) })).forms).toEqual(
      [],
    )
    const empty = await create({ title: 'Empty' })
    expectPlain(await call('POST', `/forms/${empty.id}/publish`), 422)
    expect((await read(empty.id)).status).toBe('draft')

    expectOk(await call('POST', `/forms/${empty.id}/fields`, text('Q')), FieldAnswer)
    const live = expectOk(await call('POST', `/forms/${empty.id}/publish`), FormAnswer).form
    expect(live.status).toBe('live')
    expect(live.publishedAt > empty.publishedAt).toBe(true)
    expectPlain(await call('POST', `/forms/${empty.id}/publish`), 422)
    expect((await create({ title: 'Now', fields: [text('Q')], publishNow: true })).status).toBe(
      'live',
    )
  })

  it('closes a live form and also a draft (to archived), re-publishes an archived one, refuses closing twice', async () => {
    const draft = await create({ title: 'Never sent', fields: [text('Q')] })
    expect(expectOk(await call('POST', `/forms/${draft.id}/close`), FormAnswer).form.status).toBe(
      'archived',
    )
    expectPlain(await call('POST', `/forms/${draft.id}/close`), 422)
    expect(expectOk(await call('POST', `/forms/${draft.id}/publish`), FormAnswer).form.status).toBe(
      'live',
    )
    expect(expectOk(await call('POST', `/forms/${draft.id}/close`), FormAnswer).form.status).toBe(
      'archived',
    )
  })

  it('keeps an archived form read-only', async () => {
    const form = await create({ title: 'Old', fields: [text('Q')] })
    await call('POST', `/forms/${form.id}/close`)
    expect(
      expectValidation(await call('PATCH', `/forms/${form.id}`, { title: 'New' }), 422).issues,
    ).toEqual([])
    expectPlain(await call('POST', `/forms/${form.id}/fields`, text('Q2')), 422)
    expect((await read(form.id)).title).toBe('Old')
  })

  it('validates field configs against their kind on add, at creation and on replace', async () => {
    const form = await create({ title: 'Kinds' })
    expectPlain(
      await call('POST', `/forms/${form.id}/fields`, {
        kind: 'short_text',
        config: { question: 'Q' },
      }),
      422,
    )
    expectPlain(
      await call('POST', `/forms/${form.id}/fields`, { kind: 'text', config: { label: 'Q' } }),
      422,
    )
    expectPlain(
      await call('POST', `/forms/${form.id}/fields`, {
        kind: 'numeric',
        config: { question: 'n', minimum: 5, maximum: 5 },
      }),
      422,
    )
    expectPlain(
      await call('POST', `/forms/${form.id}/fields`, {
        kind: 'scale',
        config: { question: 's', steps: 12 },
      }),
      422,
    )
    const rejected = expectPlain(
      await call('POST', '/forms', {
        title: 'x',
        fields: [text('ok'), { kind: 'choice', config: { question: 'c', choices: ['only'] } }],
      }),
      422,
    )
    expect(rejected).toContain('fields.1.config.choices')
    expect((await read(form.id)).fields).toEqual([])

    const { field } = expectOk(
      await call('POST', `/forms/${form.id}/fields`, {
        kind: 'scale',
        config: { question: 'How?', steps: 11 },
      }),
      FieldAnswer,
    )
    expect(field).toMatchObject({ kind: 'scale', order: 1 })
    const second = expectOk(
      await call('POST', `/forms/${form.id}/fields`, text('Two')),
      FieldAnswer,
    ).field
    expect(second.order).toBe(2)

    const bad = expectValidation(
      await call('PATCH', `/forms/${form.id}/fields/${field.id}`, {
        newConfig: { question: 'How?', steps: 1 },
      }),
      422,
    )
    expect(bad.issues.map((i) => i.path)).toEqual([['newConfig', 'steps']])
    expectValidation(
      await call('PATCH', `/forms/${form.id}/fields/${field.id}`, {
        config: { question: 'x', steps: 3 },
      }),
      422,
    )
    const replaced = expectOk(
      await call('PATCH', `/forms/${form.id}/fields/${field.id}`, {
        newConfig: { question: 'Rate it', steps: 3, mandatory: true },
      }),
      FieldAnswer,
    ).field
    expect(replaced).toEqual({
      ...field,
      config: { question: 'Rate it', steps: 3, mandatory: true },
    })
    expectValidation(
      await call('PATCH', `/forms/${form.id}/fields/fld_000000000000`, { newConfig: {} }),
      404,
    )
  })

  it('reorders only with the complete set of field ids, in the validation shape, renumbering from 1', async () => {
    const form = await create({ title: 'Order', fields: [text('a'), text('b'), text('c')] })
    const [a, b, c] = form.fields.map((f) => f.id) as [string, string, string]
    const incomplete = expectValidation(
      await call('POST', `/forms/${form.id}/fields/reorder`, { orderedIds: [c, a] }),
      422,
    )
    expect(incomplete.issues).toEqual([
      { path: ['orderedIds'], message: expect.stringContaining(b) },
    ])
    const twice = expectValidation(
      await call('POST', `/forms/${form.id}/fields/reorder`, { orderedIds: [a, a, b, c] }),
      422,
    )
    expect(twice.issues.map((i) => i.path)).toEqual([['orderedIds', 1]])
    expectValidation(
      await call('POST', `/forms/${form.id}/fields/reorder`, { orderedIds: [a, b, c, 'fld_x'] }),
      422,
    )
    expect((await read(form.id)).fields.map((f) => f.id)).toEqual([a, b, c])

    expect(
      await call('POST', `/forms/${form.id}/fields/reorder`, { orderedIds: [c, a, b] }),
    ).toMatchObject({
      status: 200,
      body: { ok: true },
    })
    expect((await read(form.id)).fields.map((f) => [f.id, f.order])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ])
  })

  it('updates title and description, refusing an empty update in the validation shape', async () => {
    const form = await create({ title: 'Before', description: 'd' })
    const updated = expectOk(
      await call('PATCH', `/forms/${form.id}`, { title: 'After' }),
      FormAnswer,
    ).form
    expect(updated).toMatchObject({ title: 'After', description: 'd' })
    expectValidation(await call('PATCH', `/forms/${form.id}`, {}), 422)
    expect(
      expectValidation(await call('PATCH', `/forms/${form.id}`, { title: '' }), 422).issues[0]
        ?.path,
    ).toEqual(['title'])
    expectValidation(await call('PATCH', `/forms/${form.id}`, { title: 'x', status: 'live' }), 422)
    expect((await read(form.id)).title).toBe('After')
  })

  it('replaces settings, omitted ones falling back to the defaults, and refuses null and non-https redirects', async () => {
    const form = await create({ title: 'S', template: 'sprint-retro' })
    expect(form.settings).toMatchObject({
      useCase: 'team-retrospective',
      layout: 'single_page',
      collectEmail: false,
    })
    const answer = expectOk(
      await call('PATCH', `/forms/${form.id}/settings`, { showProgress: true }),
      z.strictObject({ form: z.strictObject({ id: z.string(), settings: Settings }) }),
    )
    expect(answer.form).toEqual({
      id: form.id,
      settings: {
        collectEmail: true,
        emailRequired: false,
        thankYouMessage: 'Thanks, your answers are in.',
        redirectUrl: 'https://engage.test.example/thanks',
        showProgress: true,
        useCase: 'custom',
        layout: 'paged',
      },
    })
    for (const bad of [
      { redirectUrl: null },
      { layout: null },
      { redirectUrl: 'http://example.com/done' },
      { redirectUrl: '/relative' },
      { layout: 'one_per_page' },
      { useCase: 'retro' },
      { collectEmail: false, emailRequired: true },
      { theme: 'dark' },
    ]) {
      const refused = expectValidation(await call('PATCH', `/forms/${form.id}/settings`, bad), 422)
      expect(refused.issues.length, JSON.stringify(bad)).toBeGreaterThan(0)
    }
    expect((await read(form.id)).settings.showProgress).toBe(true)
  })

  it('creates from the hackathon, retro and pulse templates, inline fields after the template’s', async () => {
    const hack = await create({ template: 'hackathon-project', fields: [text('Extra')] })
    expect(hack.title).toBe('Hackathon project submission')
    expect(hack.fields.map((f) => [f.kind, f.order])).toEqual([
      ['text', 1],
      ['paragraph', 2],
      ['submission', 3],
      ['text', 4],
    ])
    expect(hack.settings.useCase).toBe('hackathon-judging')
    expect((await create({ template: 'pulse-check' })).settings.useCase).toBe('people-pulse')
    expectPlain(await call('POST', '/forms', { template: 'retro' }), 422)
    expectPlain(await call('POST', '/forms', {}), 422)
  })

  it('removes a field by POST …/remove, keeps a live form answerable, deletes with 204 but not while live', async () => {
    const form = await create({ title: 'R', fields: [text('a'), text('b')], publishNow: true })
    const [a, b] = form.fields
    const after = expectOk(
      await call('POST', `/forms/${form.id}/fields/${a!.id}/remove`),
      FormAnswer,
    ).form
    expect(after.fields).toEqual([{ ...b, order: 1 }])
    expectPlain(await call('POST', `/forms/${form.id}/fields/${b!.id}/remove`), 422)
    expectPlain(await call('DELETE', `/forms/${form.id}/fields/${b!.id}`), 405)

    expectPlain(await call('DELETE', `/forms/${form.id}`), 422)
    await call('POST', `/forms/${form.id}/close`)
    const deleted = await call('DELETE', `/forms/${form.id}`)
    expect(deleted).toMatchObject({ status: 204, body: undefined })
    expectPlain(await call('GET', `/forms/${form.id}`), 404)
  })

  it('reads form responses at GET /forms/{id}/submissions', async () => {
    const form = await create({ title: 'Sub' })
    expect(await call('GET', `/forms/${form.id}/submissions`)).toMatchObject({
      status: 200,
      body: { submissions: [] },
    })
    expectPlain(await call('GET', '/forms/frm_000000000000/submissions'), 404)
    expectPlain(await call('GET', `/forms/${form.id}/responses`), 404)
  })
})

import { describe, expect, it } from 'vitest'
import {
  FieldInput,
  FORM_TEMPLATES,
  SETTINGS_DEFAULTS,
  TEMPLATE_CONTENT,
} from '../../contract/index.ts'
import { expectError, expectSuccess, TRANSPORTS, useHarness } from './harness.ts'
import { getForm, makeForm, textField } from './scenarios.ts'

describe.each(TRANSPORTS)('form rules (%s)', (transport) => {
  const h = useHarness(transport)

  it('replaces the settings: what a replace omits returns to SETTINGS_DEFAULTS', async () => {
    const form = await makeForm(h)
    expect(form.settings).toEqual(SETTINGS_DEFAULTS)
    const custom = {
      collectEmail: true,
      thankYouMessage: 'Cheers!',
      redirectUrl: 'https://example.com/thanks',
      showProgress: false,
      useCase: 'retro' as const,
    }
    const first = await h.acme.replaceFormSettings({ params: { id: form.id }, body: custom })
    expect(expectSuccess('replaceFormSettings', first).form.settings).toEqual({
      ...SETTINGS_DEFAULTS,
      ...custom,
    })
    const second = await h.acme.replaceFormSettings({
      params: { id: form.id },
      body: { layout: 'single_page' },
    })
    const expected = { ...SETTINGS_DEFAULTS, layout: 'single_page' }
    expect(expectSuccess('replaceFormSettings', second).form.settings).toEqual(expected)
    expect((await getForm(h, form.id)).settings).toEqual(expected)
  })

  it('refuses emailRequired without collectEmail with 400 validation, changing nothing', async () => {
    const form = await makeForm(h)
    const res = await h.acme.replaceFormSettings({
      params: { id: form.id },
      body: { emailRequired: true },
    })
    const body = expectError('replaceFormSettings', res, 'invalid_body')
    expect(body.issues?.map((i) => i.path)).toEqual([['emailRequired']])
    expect((await getForm(h, form.id)).settings).toEqual(SETTINGS_DEFAULTS)
  })

  it.each(FORM_TEMPLATES)(
    'creates the %s template with its fields, use case and description',
    async (template) => {
      const content = TEMPLATE_CONTENT[template]
      const res = await h.acme.createForm({ body: { title: `A ${template} form`, template } })
      const { form } = expectSuccess('createForm', res)
      expect(form.fields.map(({ kind, config }) => ({ kind, config }))).toEqual(
        content.fields.map((f) => FieldInput.parse(f)),
      )
      expect(form.fields.map((f) => f.order)).toEqual(content.fields.map((_, i) => i))
      expect(form.settings).toEqual({ ...SETTINGS_DEFAULTS, useCase: content.useCase })
      expect(form.description).toBe(content.description)
      expect(await getForm(h, form.id)).toEqual(form)
    },
  )

  it('puts inline fields after the template fields, and keeps a use case the caller chose', async () => {
    const res = await h.acme.createForm({
      body: {
        title: 'Retro plus',
        template: 'retro',
        description: 'Ours',
        fields: [textField('Team')],
        settings: { useCase: 'event_feedback' },
        publish: true,
      },
    })
    const { form } = expectSuccess('createForm', res)
    const templateCount = TEMPLATE_CONTENT.retro.fields.length
    expect(form.fields).toHaveLength(templateCount + 1)
    expect(form.fields.at(-1)).toMatchObject({ kind: 'short_text', order: templateCount })
    expect(form).toMatchObject({ description: 'Ours', status: 'published' })
    expect(form.settings.useCase).toBe('event_feedback')
  })

  it('reorders: GET shows the new order with order renumbered 0..n-1', async () => {
    const form = await makeForm(h, { fields: 4 })
    const [a, b, c, d] = form.fields.map((f) => f.id) as [string, string, string, string]
    const orderedIds = [c, a, d, b]
    expectSuccess(
      'reorderFields',
      await h.acme.reorderFields({ params: { id: form.id }, body: { orderedIds } }),
    )
    const fields = (await getForm(h, form.id)).fields
    expect(fields.map((f) => [f.id, f.order])).toEqual(orderedIds.map((id, i) => [id, i]))
    // Content travels with its id.
    expect(fields.find((f) => f.id === a)?.config).toEqual(form.fields[0]?.config)
  })

  it('updates only what PATCH /forms/{id} names', async () => {
    const form = expectSuccess(
      'createForm',
      await h.acme.createForm({ body: { title: 'T', description: 'D' } }),
    ).form
    const res = await h.acme.updateForm({ params: { id: form.id }, body: { description: 'New' } })
    expect(expectSuccess('updateForm', res).form).toEqual({ ...form, description: 'New' })
  })
})

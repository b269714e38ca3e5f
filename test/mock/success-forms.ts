import { expect } from 'vitest'
import type { OperationId } from '../../contract/index.ts'
import { DEMO_ORGANIZATIONS } from '../../fixtures/index.ts'
import { expectError, expectSuccess, type Harness } from './harness.ts'
import { getForm, listForms, makeForm, textField } from './scenarios.ts'

const T0 = '2026-07-20T10:00:00.000Z'
const T1 = '2026-07-21T10:00:00.000Z'
const acmeOrgId = DEMO_ORGANIZATIONS[0]?.id as string

type FormOperation = Extract<OperationId, `${string}Form${string}` | `${string}Field${string}`>

/** Success scenarios of the form and field operations, each followed by a state check. */
export const FORM_SUCCESS: Record<FormOperation, (h: Harness) => Promise<void>> = {
  async createForm(h) {
    h.at(T0)
    const res = await h.acme.createForm({
      body: { title: 'Venue survey', description: 'How was it?', fields: [textField('Name')] },
    })
    const { form } = expectSuccess('createForm', res)
    expect(form).toMatchObject({ status: 'draft', publishedAt: null, createdAt: T0 })
    expect(form.shareUrl).toBe(`${h.mock.publicBase}/f/${form.slug}`)
    expect(form.fields.map((f) => f.order)).toEqual([0])
    expect(await getForm(h, form.id)).toEqual(form)
  },
  async listForms(h) {
    const first = await makeForm(h, { title: 'First' })
    const second = await makeForm(h, { title: 'Second' })
    const forms = expectSuccess('listForms', await h.acme.listForms()).forms
    expect(forms.map((f) => f.id)).toEqual([second.id, first.id])
  },
  async getForm(h) {
    const form = await makeForm(h, { fields: 2 })
    const got = expectSuccess('getForm', await h.acme.getForm({ params: { id: form.id } }))
    expect(got.form).toEqual(form)
  },
  async updateForm(h) {
    const form = await makeForm(h)
    const res = await h.acme.updateForm({ params: { id: form.id }, body: { title: 'Renamed' } })
    expect(expectSuccess('updateForm', res).form.title).toBe('Renamed')
    expect(await getForm(h, form.id)).toEqual({ ...form, title: 'Renamed' })
  },
  async replaceFormSettings(h) {
    const form = await makeForm(h)
    const body = { collectEmail: true, emailRequired: true, layout: 'single_page' as const }
    const res = await h.acme.replaceFormSettings({ params: { id: form.id }, body })
    const { form: answered } = expectSuccess('replaceFormSettings', res)
    expect(answered).toEqual({ id: form.id, settings: { ...form.settings, ...body } })
    expect((await getForm(h, form.id)).settings).toEqual(answered.settings)
  },
  async publishForm(h) {
    const form = await makeForm(h)
    h.at(T1)
    const res = await h.acme.publishForm({ params: { id: form.id } })
    expect(expectSuccess('publishForm', res).form).toMatchObject({ status: 'published' })
    expect(await getForm(h, form.id)).toMatchObject({ status: 'published', publishedAt: T1 })
  },
  async closeForm(h) {
    const form = await makeForm(h, { publish: true })
    const res = await h.acme.closeForm({ params: { id: form.id } })
    expect(expectSuccess('closeForm', res).form.status).toBe('closed')
    expect((await getForm(h, form.id)).status).toBe('closed')
  },
  async addField(h) {
    const form = await makeForm(h, { fields: 1 })
    const body = { kind: 'rating' as const, config: { label: 'Stars', max: 5 } }
    const { field } = expectSuccess(
      'addField',
      await h.acme.addField({ params: { id: form.id }, body }),
    )
    expect(field).toMatchObject({ kind: 'rating', order: 1, config: { required: false } })
    expect((await getForm(h, form.id)).fields.at(-1)).toEqual(field)
  },
  async replaceFieldConfig(h) {
    const form = await makeForm(h)
    const fieldId = form.fields[0]?.id as string
    const res = await h.acme.replaceFieldConfig({
      params: { id: form.id, fieldId },
      body: { config: { label: 'Full name', required: true, maxLength: 80 } },
    })
    const { field } = expectSuccess('replaceFieldConfig', res)
    expect(field).toEqual({
      ...form.fields[0],
      config: { label: 'Full name', required: true, maxLength: 80 },
    })
    expect((await getForm(h, form.id)).fields).toEqual([field])
  },
  async reorderFields(h) {
    const form = await makeForm(h, { fields: 3 })
    const orderedIds = form.fields.map((f) => f.id).reverse()
    const res = await h.acme.reorderFields({ params: { id: form.id }, body: { orderedIds } })
    expect(expectSuccess('reorderFields', res)).toEqual({ ok: true })
    const fields = (await getForm(h, form.id)).fields
    expect(fields.map((f) => f.id)).toEqual(orderedIds)
    expect(fields.map((f) => f.order)).toEqual([0, 1, 2])
  },
  async deleteForm(h) {
    const form = await makeForm(h)
    expect(
      expectSuccess('deleteForm', await h.acme.deleteForm({ params: { id: form.id } })),
    ).toEqual({ ok: true })
    expectError('getForm', await h.acme.getForm({ params: { id: form.id } }), 'not_found')
    expect(await listForms(h)).toEqual([])
  },
  async removeField(h) {
    const form = await makeForm(h, { fields: 2, publish: true })
    const [first, second] = form.fields
    const res = await h.acme.removeField({ params: { id: form.id, fieldId: first?.id as string } })
    expect(expectSuccess('removeField', res)).toEqual({ ok: true })
    expect((await getForm(h, form.id)).fields).toEqual([{ ...second, order: 0 }])
  },
  async listFormResponses(h) {
    const form = await makeForm(h, { publish: true })
    const answers = { [form.fields[0]?.id as string]: 'Ada' }
    // Collecting responses is not part of the API (§1): they go straight into the store.
    for (const [i, submittedAt] of [T0, T1].entries()) {
      await h.mock.store.responses.insert({
        id: `rsp_test0000000${i}`,
        formId: form.id,
        submittedAt,
        email: null,
        answers,
        orgId: acmeOrgId,
        seq: h.mock.store.nextSeq(),
      })
    }
    h.mock.invalidate()
    const res = await h.acme.listFormResponses({ params: { id: form.id } })
    const { responses } = expectSuccess('listFormResponses', res)
    expect(responses.map((r) => [r.id, r.submittedAt])).toEqual([
      ['rsp_test00000001', T1],
      ['rsp_test00000000', T0],
    ])
  },
}

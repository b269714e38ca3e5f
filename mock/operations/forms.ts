import { LIMITS, publicPath } from '../../contract/common.ts'
import { type Field, FieldInput } from '../../contract/fields.ts'
import { type FormSettings, FormSettingsInput } from '../../contract/form-settings.ts'
import { TEMPLATE_CONTENT } from '../../contract/form-templates.ts'
import type { Operations } from '../core/context.ts'
import { fail, notFound } from '../core/result.ts'
import { formView } from '../core/views.ts'

type FormOps = Pick<
  Operations,
  'createForm' | 'updateForm' | 'replaceFormSettings' | 'publishForm' | 'closeForm' | 'deleteForm'
>

/** The settings of a form created without any, parsed once (on first use, not at start). */
let defaultSettings: FormSettings | undefined

const noFieldsMessage = (id: string) => `Form ${id} has no fields; add a field before publishing.`

export const formOperations: FormOps = {
  async createForm({ store, ids, org, now, publicBase, body }) {
    const template = body.template ? TEMPLATE_CONTENT[body.template] : undefined
    // Without a template the body's own fields are the inputs: no copy.
    const inputs = template
      ? [...template.fields.map((f) => FieldInput.parse(f)), ...body.fields]
      : body.fields
    if (inputs.length > LIMITS.fieldsPerForm) {
      return fail(
        'limit_exceeded',
        `A form holds at most ${LIMITS.fieldsPerForm} fields; the template and inline fields make ${inputs.length}.`,
      )
    }
    if (body.publish && inputs.length === 0) {
      return fail(
        'publish_without_field',
        'A form needs at least one field to be published; add inline fields or a template, or drop "publish".',
      )
    }
    defaultSettings ??= FormSettingsInput.parse({})
    // The stored record gets the schema's own copy of whatever is passed here, so the defaults are
    // passed as they are; only a template, which may set its use case on them, needs a copy.
    const settings = body.settings ?? (template ? { ...defaultSettings } : defaultSettings)
    // A template names its use case unless the caller chose a specific one.
    if (template && settings.useCase === 'general') settings.useCase = template.useCase
    const fields = inputs.map(
      (input, order) =>
        ({ id: ids.id('field'), kind: input.kind, config: input.config, order }) as Field,
    )
    const slug = ids.slug(body.title)
    const record = await store.forms.insert({
      id: ids.id('form'),
      title: body.title,
      description: body.description || template?.description || '',
      status: body.publish ? 'published' : 'draft',
      joinCode: ids.joinCode(),
      slug,
      shareUrl: publicBase + publicPath.form(slug),
      settings,
      publishedAt: body.publish ? now : null,
      createdAt: now,
      fields,
      orgId: org.id,
      seq: store.nextSeq(),
    })
    return { status: 201, body: { form: formView(record) } }
  },

  async updateForm({ store, org, params, body }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    const updated = await store.forms.replace(form, {
      ...form,
      ...(body.title === undefined ? {} : { title: body.title }),
      ...(body.description === undefined ? {} : { description: body.description }),
    })
    return { status: 200, body: { form: formView(updated) } }
  },

  async replaceFormSettings({ store, org, params, body }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    const updated = await store.forms.replace(form, { ...form, settings: body })
    return { status: 200, body: { form: { id: updated.id, settings: updated.settings } } }
  },

  async publishForm({ store, org, params, now }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    if (form.status === 'published') {
      return fail('state_conflict', `Form ${form.id} is already published.`)
    }
    if (form.fields.length === 0) return fail('publish_without_field', noFieldsMessage(form.id))
    const updated = await store.forms.replace(form, {
      ...form,
      status: 'published',
      publishedAt: form.publishedAt ?? now,
    })
    return { status: 200, body: { form: formView(updated) } }
  },

  async closeForm({ store, org, params }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    if (form.status !== 'published') {
      return fail(
        'state_conflict',
        `Form ${form.id} is ${form.status === 'draft' ? 'a draft' : 'already closed'}; only a published form can be closed.`,
      )
    }
    const updated = await store.forms.replace(form, { ...form, status: 'closed' })
    return { status: 200, body: { form: formView(updated) } }
  },

  deleteForm({ store, org, params }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    for (const response of store.responsesOf(org.id, form.id)) store.responses.remove(response)
    store.forms.remove(form)
    return { status: 200, body: { ok: true } }
  },
}

import { LIMITS } from '../../contract/common.ts'
import { FIELD_CONFIGS, type Field } from '../../contract/fields.ts'
import type { Operations } from '../core/context.ts'
import { fail, notFound, toIssues } from '../core/result.ts'

type FieldOps = Pick<
  Operations,
  'addField' | 'replaceFieldConfig' | 'reorderFields' | 'removeField'
>

const renumber = (fields: Field[]): Field[] => fields.map((field, order) => ({ ...field, order }))

export const fieldOperations: FieldOps = {
  async addField({ store, ids, org, params, body }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    if (form.fields.length >= LIMITS.fieldsPerForm) {
      return fail(
        'limit_exceeded',
        `Form ${form.id} already has the maximum of ${LIMITS.fieldsPerForm} fields.`,
      )
    }
    const field = {
      id: ids.id('field'),
      kind: body.kind,
      config: body.config,
      order: form.fields.length,
    } as Field
    await store.forms.replace(form, { ...form, fields: [...form.fields, field] })
    return { status: 201, body: { field } }
  },

  async replaceFieldConfig({ store, org, params, body }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    const field = form.fields.find((f) => f.id === params.fieldId)
    if (!field) return notFound('Field', params.fieldId)
    const parsed = FIELD_CONFIGS[field.kind].safeParse(body.config)
    if (!parsed.success) {
      return fail(
        'invalid_field_config',
        `The config does not fit a ${field.kind} field.`,
        toIssues(parsed.error, ['config']),
      )
    }
    const next = { ...field, config: parsed.data } as Field
    await store.forms.replace(form, {
      ...form,
      fields: form.fields.map((f) => (f.id === field.id ? next : f)),
    })
    return { status: 200, body: { field: next } }
  },

  async reorderFields({ store, org, params, body }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    const known = new Map(form.fields.map((f) => [f.id, f]))
    const seen = new Set<string>()
    const problems: string[] = []
    for (const id of body.orderedIds) {
      if (!known.has(id)) problems.push(`${id} is not a field of this form`)
      else if (seen.has(id)) problems.push(`${id} is listed twice`)
      seen.add(id)
    }
    const missing = form.fields.filter((f) => !seen.has(f.id)).map((f) => f.id)
    if (missing.length) problems.push(`missing ${missing.join(', ')}`)
    if (problems.length) {
      return fail(
        'incomplete_reorder',
        `orderedIds must list every field id of form ${form.id} exactly once.`,
        [{ path: ['orderedIds'], message: `${problems.join('; ')}.` }],
      )
    }
    const fields = renumber(body.orderedIds.map((id) => known.get(id) as Field))
    await store.forms.replace(form, { ...form, fields })
    return { status: 200, body: { ok: true } }
  },

  async removeField({ store, org, params }) {
    const form = store.forms.getOwned(org.id, params.id)
    if (!form) return notFound('Form', params.id)
    if (!form.fields.some((f) => f.id === params.fieldId)) return notFound('Field', params.fieldId)
    if (form.status === 'published' && form.fields.length === 1) {
      return fail(
        'state_conflict',
        `Form ${form.id} is published and ${params.fieldId} is its only field; close the form or add another field first.`,
      )
    }
    const fields = renumber(form.fields.filter((f) => f.id !== params.fieldId))
    await store.forms.replace(form, { ...form, fields })
    return { status: 200, body: { ok: true } }
  },
}

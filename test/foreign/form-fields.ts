import { z } from 'zod'
import { conflict, invalid, issuesOf, notFound, type Outcome, ok } from './errors.ts'
import { FieldInput, parseFieldConfig } from './fields.ts'
import { findForm, MAX_FIELDS, numbered, readOnly } from './forms.ts'
import { newId } from './ids.ts'
import type { Field } from './resources.ts'
import type { Context } from './store.ts'

// A form's fields: add, replace a config, reorder, remove. Archived forms are read-only.

const ReplaceConfig = z.strictObject({ newConfig: z.unknown() })
const Reorder = z.strictObject({ orderedIds: z.array(z.string()) })

export const addField = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  if (!form) return notFound('form')
  const refused = readOnly(form)
  if (refused) return refused
  const body = FieldInput.safeParse(ctx.body)
  if (!body.success) return invalid('invalid field', issuesOf(body.error))
  const parsed = parseFieldConfig(body.data.kind, body.data.config, {
    kind: ['kind'],
    config: ['config'],
  })
  if ('issues' in parsed) return invalid('invalid field', parsed.issues)
  if (form.fields.length >= MAX_FIELDS) return conflict(`a form holds at most ${MAX_FIELDS} fields`)
  const field: Field = {
    id: newId('fld'),
    kind: body.data.kind,
    config: parsed.config,
    order: form.fields.length + 1,
  }
  form.fields.push(field)
  return ok({ field })
}

export const replaceFieldConfig = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  if (!form) return notFound('form')
  const field = form.fields.find((f) => f.id === ctx.params.fieldId)
  if (!field) return notFound('field')
  const refused = readOnly(form)
  if (refused) return refused
  const body = ReplaceConfig.safeParse(ctx.body)
  if (!body.success) return invalid('invalid config', issuesOf(body.error))
  if (body.data.newConfig === undefined)
    return invalid('invalid config', [{ path: ['newConfig'], message: 'newConfig is required' }])
  const parsed = parseFieldConfig(field.kind, body.data.newConfig, {
    kind: ['kind'],
    config: ['newConfig'],
  })
  if ('issues' in parsed) return invalid('invalid config', parsed.issues)
  field.config = parsed.config
  return ok({ field })
}

export const reorderFields = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  if (!form) return notFound('form')
  const refused = readOnly(form)
  if (refused) return refused
  const body = Reorder.safeParse(ctx.body)
  if (!body.success) return invalid('invalid reorder', issuesOf(body.error))
  const { orderedIds } = body.data
  const byId = new Map(form.fields.map((f) => [f.id, f]))
  const seen = new Set<string>()
  const issues = orderedIds.flatMap((id, i) => {
    const problem = !byId.has(id)
      ? 'not a field of this form'
      : seen.has(id)
        ? 'listed twice'
        : undefined
    seen.add(id)
    return problem ? [{ path: ['orderedIds', i], message: `${id}: ${problem}` }] : []
  })
  const missing = form.fields.filter((f) => !seen.has(f.id)).map((f) => f.id)
  if (missing.length)
    issues.push({ path: ['orderedIds'], message: `missing field ids: ${missing.join(', ')}` })
  if (issues.length)
    return invalid('orderedIds must be the complete list of the form’s field ids', issues)
  form.fields = orderedIds.map((id) => byId.get(id)!)
  numbered(form.fields)
  return ok({ ok: true })
}

/** Removes a field; a live form keeps at least one, since it must stay answerable. */
export const removeField = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  if (!form) return notFound('form')
  const field = form.fields.find((f) => f.id === ctx.params.fieldId)
  if (!field) return notFound('field')
  const refused = readOnly(form)
  if (refused) return refused
  if (form.status === 'live' && form.fields.length === 1)
    return conflict('a live form keeps at least one field')
  form.fields = form.fields.filter((f) => f !== field)
  numbered(form.fields)
  return ok({ form })
}

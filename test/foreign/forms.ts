import { z } from 'zod'
import {
  conflict,
  fail,
  type Issue,
  invalid,
  issuesOf,
  noContent,
  notFound,
  type Outcome,
  ok,
} from './errors.ts'
import { FieldInput, parseFieldConfig } from './fields.ts'
import { newId } from './ids.ts'
import type { Field, Form } from './resources.ts'
import { completeSettings, defaultSettings, SettingsInput } from './settings.ts'
import { type Context, newestFirst } from './store.ts'
import { TEMPLATE_NAMES, TEMPLATES } from './templates.ts'

export const MAX_FIELDS = 100

const title = z.string().trim().min(1).max(200)
const description = z.string().max(2000)

const CreateForm = z.strictObject({
  title: title.optional(),
  description: description.optional(),
  template: z.enum(TEMPLATE_NAMES).optional(),
  fields: z.array(z.unknown()).max(MAX_FIELDS).optional(),
  settings: SettingsInput.optional(),
  publishNow: z.boolean().optional(),
})

const UpdateForm = z
  .strictObject({ title: title.optional(), description: description.optional() })
  .refine((b) => b.title !== undefined || b.description !== undefined, {
    message: 'give a title, a description or both',
  })

/** The caller's form, or the failure to answer: another organization's id is not found. */
export const findForm = (ctx: Context): Form | undefined =>
  ctx.records.forms.get(ctx.params.id ?? '')

/** Archived forms are read-only until published again. */
export const readOnly = (form: Form) =>
  form.status === 'archived'
    ? conflict('archived forms cannot be edited; publish it again first')
    : undefined

const parseFields = (
  inputs: unknown[],
  at: string,
): { fields: Array<Omit<Field, 'id' | 'order'>> } | { issues: Issue[] } => {
  const fields: Array<Omit<Field, 'id' | 'order'>> = []
  const issues: Issue[] = []
  inputs.forEach((input, i) => {
    const shape = FieldInput.safeParse(input)
    if (!shape.success) {
      issues.push(...issuesOf(shape.error, [at, i]))
      return
    }
    const parsed = parseFieldConfig(shape.data.kind, shape.data.config, {
      kind: [at, i, 'kind'],
      config: [at, i, 'config'],
    })
    if ('issues' in parsed) issues.push(...parsed.issues)
    else fields.push({ kind: shape.data.kind, config: parsed.config })
  })
  return issues.length ? { issues } : { fields }
}

export const numbered = <T extends { order: number }>(items: T[]) =>
  items.forEach((item, i) => {
    item.order = i + 1
  })

export const createForm = (ctx: Context): Outcome => {
  const body = CreateForm.safeParse(ctx.body)
  if (!body.success) return invalid('invalid form', issuesOf(body.error))
  const { deployment } = ctx
  const template = body.data.template ? TEMPLATES[body.data.template] : undefined
  const formTitle = body.data.title ?? template?.title
  if (formTitle === undefined)
    return invalid('invalid form', [
      { path: ['title'], message: 'a title is required without a template' },
    ])
  const parsed = parseFields([...(template?.fields ?? []), ...(body.data.fields ?? [])], 'fields')
  if ('issues' in parsed) {
    // Template fields come first; point the issues at the caller's own list.
    const offset = template?.fields.length ?? 0
    return invalid(
      'invalid form',
      parsed.issues.map((i) => ({
        ...i,
        path: i.path.map((p, n) => (n === 1 && typeof p === 'number' ? p - offset : p)),
      })),
    )
  }
  if (parsed.fields.length > MAX_FIELDS)
    return conflict(`a form holds at most ${MAX_FIELDS} fields`)
  const base = defaultSettings(deployment.publicBase)
  const fromTemplate = completeSettings(base, template?.settings ?? {})
  if ('message' in fromTemplate) return fail(500, fromTemplate.message)
  const settings = completeSettings(fromTemplate.settings, body.data.settings ?? {})
  if ('message' in settings)
    return invalid('invalid form', [
      { path: ['settings', 'emailRequired'], message: settings.message },
    ])
  if (body.data.publishNow && parsed.fields.length === 0)
    return conflict('a form needs at least one field to be published')

  const createdAt = deployment.clock.now()
  const slug = deployment.codes.slug(formTitle, 'form')
  const form: Form = {
    id: newId('frm'),
    title: formTitle,
    description: body.data.description ?? template?.description ?? '',
    status: body.data.publishNow ? 'live' : 'draft',
    joinCode: deployment.codes.joinCode(),
    slug,
    shareUrl: `${deployment.publicBase}/f/${slug}`,
    settings: settings.settings,
    // Until it is published a form's publishedAt is its creation time.
    publishedAt: createdAt,
    createdAt,
    fields: parsed.fields.map((f, i) => ({ id: newId('fld'), ...f, order: i + 1 })),
  }
  ctx.records.forms.set(form.id, form)
  return ok({ form })
}

export const listForms = (ctx: Context): Outcome => ok({ forms: newestFirst(ctx.records.forms) })

export const getForm = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  return form ? ok({ form }) : notFound('form')
}

export const updateForm = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  if (!form) return notFound('form')
  const refused = readOnly(form)
  if (refused) return refused
  const body = UpdateForm.safeParse(ctx.body)
  if (!body.success) return invalid('invalid form update', issuesOf(body.error))
  if (body.data.title !== undefined) form.title = body.data.title
  if (body.data.description !== undefined) form.description = body.data.description
  return ok({ form })
}

export const replaceSettings = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  if (!form) return notFound('form')
  const refused = readOnly(form)
  if (refused) return refused
  const body = SettingsInput.safeParse(ctx.body)
  if (!body.success) return invalid('invalid settings', issuesOf(body.error))
  const settings = completeSettings(defaultSettings(ctx.deployment.publicBase), body.data)
  if ('message' in settings)
    return invalid('invalid settings', [{ path: ['emailRequired'], message: settings.message }])
  form.settings = settings.settings
  return ok({ form: { id: form.id, settings: form.settings } })
}

/** Publishes a draft, or re-publishes an archived form; a live form is already published. */
export const publishForm = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  if (!form) return notFound('form')
  if (form.status === 'live') return conflict('the form is already live')
  if (form.fields.length === 0) return conflict('a form needs at least one field to be published')
  form.status = 'live'
  form.publishedAt = ctx.deployment.clock.now()
  return ok({ form })
}

/** Archives a live form, or a draft that will never go out. */
export const closeForm = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  if (!form) return notFound('form')
  if (form.status === 'archived') return conflict('the form is already archived')
  form.status = 'archived'
  return ok({ form })
}

export const deleteForm = (ctx: Context): Outcome => {
  const form = findForm(ctx)
  if (!form) return notFound('form')
  if (form.status === 'live') return conflict('close a live form before deleting it')
  ctx.records.forms.delete(form.id)
  return noContent()
}

/** Responses are collected by the participant flow, which this API does not serve. */
export const listSubmissions = (ctx: Context): Outcome =>
  findForm(ctx) ? ok({ submissions: [] }) : notFound('form')

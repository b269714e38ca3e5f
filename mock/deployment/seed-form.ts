import { FIELD_KINDS, type FieldKind } from '../../contract/fields.ts'
import { TEMPLATE_CONTENT } from '../../contract/form-templates.ts'
import type { FormTemplate } from '../../contract/forms.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import type { ApiStep } from '../../contract/plan.ts'
import type { FormFields } from './form-fields.ts'
import type { DeploymentFile } from './schema.ts'
import type { Leave } from './seed-left-out.ts'
import { type SpelledRequest, spellRequest } from './to-deployment.ts'
import { fieldKey, fieldWord, realFieldKind, spellValue } from './vocabulary.ts'

export const isFieldKind = (kind: unknown): kind is FieldKind =>
  (FIELD_KINDS as readonly unknown[]).includes(kind)

/** A request that completes a record just created; sent right after it. */
export interface Completing {
  request: SpelledRequest
  params: Record<string, string>
  keep: (answer: unknown) => unknown
}

/** A form create as this deployment is sent it, and where the plan expects its fields. */
export interface OfferedForm {
  body: Obj
  /** The profile template's field kinds, when the deployment has the template. */
  templateKinds: FieldKind[]
  /** The plan's inline fields (with the template's, when the deployment lacks the template). */
  inline: Obj[]
  /** Those of `inline` the deployment offers: what the create sends. */
  sent: Obj[]
}

/**
 * A form without its not-offered fields (and template). Without the template here, the form gets
 * the template's fields inline, where it had them.
 */
export const offeredForm = (
  deployment: DeploymentFile,
  step: ApiStep,
  body: Obj,
  leave: Leave,
): OfferedForm => {
  const template = body.template as FormTemplate | undefined
  const templateFields = template ? (TEMPLATE_CONTENT[template].fields as Obj[]) : []
  let out = body
  let inline = Array.isArray(body.fields) ? (body.fields as Obj[]) : []
  let templateKinds = templateFields.map((f) => f.kind as FieldKind)
  if (template !== undefined && spellValue(deployment, 'templates', template) === null) {
    const { template: _, ...rest } = out
    out = rest
    inline = [...templateFields, ...inline]
    templateKinds = []
  }
  const sent = inline.filter((field) => {
    if (!isFieldKind(field.kind) || fieldWord(deployment, field.kind) !== null) return true
    leave(step, `a ${field.kind} field`, fieldKey(field.kind))
    return false
  })
  if (inline.length > 0) out = { ...out, fields: sent }
  return { body: out, templateKinds, inline, sent }
}

/**
 * The answer of a new form as the plan's later steps expect it: the template's fields where the
 * profile's template has them (matched by kind), then the inline ones; a left-out position holds
 * nothing, so a step on it is skipped. A field the profile's template has and this deployment's
 * does not is added after the create (`completing`), so the record holds what the demo's does;
 * its answer fills the position it was missing from.
 */
export const alignForm = (
  deployment: DeploymentFile,
  book: FormFields,
  template: FormTemplate | undefined,
  offered: OfferedForm,
  answer: unknown,
): { answer: unknown; completing: Completing[] } => {
  const { templateKinds, inline, sent } = offered
  const form = isObject(answer) && isObject(answer.form) ? answer.form : undefined
  if (!isObject(answer) || !form || !Array.isArray(form.fields)) return { answer, completing: [] }
  const formId = String(form.id)
  const fields = form.fields.filter(isObject)
  const ownTemplate = fields.slice(0, Math.max(0, fields.length - sent.length))
  const sentFields = fields.slice(ownTemplate.length)
  const used = new Set<number>()
  const aligned: unknown[] = templateKinds.map((kind) => {
    const real = realFieldKind(deployment, kind)
    const at = ownTemplate.findIndex((f, i) => !used.has(i) && f.kind === real)
    if (at < 0) return null
    used.add(at)
    book.setKind(String(ownTemplate[at]?.id), kind)
    return ownTemplate[at]
  })
  let next = 0
  for (const field of inline) {
    if (!sent.includes(field)) {
      aligned.push(null)
      continue
    }
    const real = sentFields[next++]
    if (real && isFieldKind(field.kind)) book.setKind(String(real.id), field.kind)
    aligned.push(real ?? null)
  }
  book.setFields(
    formId,
    fields.map((f) => String(f.id)),
  )
  const completing: Completing[] = []
  templateKinds.forEach((kind, at) => {
    if (aligned[at] !== null || !template || fieldWord(deployment, kind) === null) return
    const field = TEMPLATE_CONTENT[template].fields[at]
    completing.push({
      request: spellRequest(deployment, 'addField', field),
      params: { id: formId },
      keep: (added) => {
        const created = isObject(added) && isObject(added.field) ? added.field : undefined
        if (!created) return added
        aligned[at] = created
        book.setKind(String(created.id), kind)
        book.added(formId, String(created.id))
        return added
      },
    })
  })
  return { answer: { ...answer, form: { ...form, fields: aligned } }, completing }
}

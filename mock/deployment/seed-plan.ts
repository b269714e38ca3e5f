import type { ActivityKind } from '../../contract/activities.ts'
import { FIELD_KINDS, type FieldKind } from '../../contract/fields.ts'
import { TEMPLATE_CONTENT } from '../../contract/form-templates.ts'
import type { FormTemplate } from '../../contract/forms.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import type { ApiStep, Ref } from '../../contract/plan.ts'
import { isRef } from '../../contract/plan-refs.ts'
import type { DeploymentFile } from './schema.ts'
import { type SpelledRequest, spellRequest } from './to-deployment.ts'
import {
  activityContent,
  activityKey,
  fieldKey,
  fieldWord,
  realFieldKind,
  spellValue,
} from './vocabulary.ts'

/**
 * The demo plan in a deployment's vocabulary (its deployment file): field kinds and configs,
 * activity contents, template, use case, layout and mode values, rounds spelled as sessions. What
 * the file says the deployment does not offer is left out of its record and counted; nothing else
 * of the plan changes. Steps on something left out are skipped, and a reorder lists the fields the
 * form has on this deployment.
 */

/** Something of the plan this deployment does not offer, left out of one record. */
export interface LeftOut {
  /** The plan's step that would have created it (its record's title when it has one). */
  record: string
  /** What was left out, in words: `a phone field`, `a slides activity`, `the retro template`. */
  what: string
  /** The deployment file key that says it is not offered. */
  key: string
}

/** A step ready to send, or the reason it is not sent. */
export type Prepared =
  | { skip: string }
  | {
      request: SpelledRequest
      params: Record<string, string>
      /** The answer as later Refs of the plan must see it. */
      keep: (answer: unknown) => unknown
    }

/** A Ref whose record was left out (or a step skipped for that reason) resolves to this. */
const GONE = Symbol('left out')

const lookup = (named: ReadonlyMap<string, unknown>, ref: Ref): unknown => {
  const source = named.get(ref.ref)
  if (source === undefined) throw new Error(`Demo plan refers to unknown step "${ref.ref}"`)
  if (source === GONE) return GONE
  const found = ref.path
    .split('.')
    .reduce<unknown>(
      (at, key) => (isObject(at) || Array.isArray(at) ? (at as Obj)[key] : undefined),
      source,
    )
  if (found === GONE || found === null) return GONE
  if (typeof found !== 'string') {
    throw new Error(`Demo plan ref ${ref.ref}:${ref.path} is not a string in that step's answer`)
  }
  return found
}

/** resolveRefs, except that a Ref to something left out becomes GONE instead of an error. */
const resolve = (value: unknown, named: ReadonlyMap<string, unknown>): unknown => {
  if (isRef(value)) return lookup(named, value)
  if (Array.isArray(value)) return value.map((v) => resolve(v, named))
  if (isObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, named)]))
  }
  return value
}
const hasGone = (value: unknown): boolean =>
  value === GONE ||
  (Array.isArray(value)
    ? value.some(hasGone)
    : isObject(value) && Object.values(value).some(hasGone))

const isFieldKind = (kind: unknown): kind is FieldKind =>
  (FIELD_KINDS as readonly unknown[]).includes(kind)

export class SeedVocabulary {
  readonly leftOut: LeftOut[] = []
  /** Deployment field id → the profile kind it stands for (a replaced config is spelled by it). */
  readonly #kinds = new Map<string, FieldKind>()
  /** Deployment form id → its field ids in the deployment's order. */
  readonly #fields = new Map<string, string[]>()
  /** Requests that complete the record just created (fields its template lacks). */
  readonly #pending: Array<{
    request: SpelledRequest
    params: Record<string, string>
    keep: (answer: unknown) => unknown
  }> = []

  constructor(readonly deployment: DeploymentFile) {}

  #leave(step: ApiStep, what: string, key: string) {
    const title = isObject(step.body) && typeof step.body.title === 'string' ? step.body.title : ''
    this.leftOut.push({ record: title || step.name || step.operation, what, key })
  }

  /** The step as this deployment is sent it, or why it is skipped. */
  prepare(step: ApiStep, named: Map<string, unknown>): Prepared {
    const params = resolve(step.params ?? {}, named) as Record<string, string | typeof GONE>
    const body = step.body === undefined ? undefined : resolve(step.body, named)
    if (Object.values(params).some((p) => p === GONE)) {
      if (step.name !== undefined) named.set(step.name, GONE)
      return { skip: 'its record was left out (not offered by this deployment)' }
    }
    const ready = params as Record<string, string>
    switch (step.operation) {
      case 'createForm':
        return this.#createForm(step, ready, body as Obj)
      case 'addField':
        return this.#addField(step, ready, body as Obj, named)
      case 'replaceFieldConfig':
        return this.#send(step, ready, body, {
          fieldKind: this.#kinds.get(ready.fieldId ?? '') ?? 'submission',
        })
      case 'reorderFields':
        return this.#send(step, ready, this.#reorder(ready.id ?? '', body as Obj))
      case 'removeField':
        return this.#send(step, ready, body, {}, () => {
          const list = this.#fields.get(ready.id ?? '')
          if (list)
            this.#fields.set(
              ready.id ?? '',
              list.filter((id) => id !== ready.fieldId),
            )
        })
      case 'createSession':
        return this.#send(step, ready, this.#activities(step, body as Obj))
      case 'addActivity': {
        const kind = String((body as Obj).kind) as ActivityKind
        if (activityContent(this.deployment, kind) === null) {
          this.#leave(step, `a ${kind} activity`, activityKey(kind))
          if (step.name !== undefined) named.set(step.name, GONE)
          return { skip: `${activityKey(kind)} is null: the ${kind} activity is left out` }
        }
        return this.#send(step, ready, body)
      }
      case 'createSeries': {
        const series = body as Obj
        const rounds = Array.isArray(series.rounds)
          ? series.rounds.map((round) => (isObject(round) ? this.#activities(step, round) : round))
          : series.rounds
        return this.#send(step, ready, rounds === undefined ? series : { ...series, rounds })
      }
      default:
        return this.#send(step, ready, body)
    }
  }

  #send(
    step: ApiStep,
    params: Record<string, string>,
    body: unknown,
    hint: { fieldKind?: string } = {},
    after?: (answer: unknown) => void,
  ): Prepared {
    if (hasGone(body)) return { skip: 'it needs a record that was left out' }
    const request = spellRequest(this.deployment, step.operation, body, hint)
    return {
      request,
      params: { ...params, ...request.pathParams },
      keep: (answer) => {
        after?.(answer)
        return answer
      },
    }
  }

  /** A session's (or a round's) activities without the kinds this deployment does not offer. */
  #activities(step: ApiStep, body: Obj): Obj {
    if (!Array.isArray(body.activities)) return body
    const activities = body.activities.filter((activity) => {
      const kind = (isObject(activity) ? activity.kind : undefined) as ActivityKind | undefined
      if (kind === undefined || activityContent(this.deployment, kind) !== null) return true
      this.#leave(step, `a ${kind} activity`, activityKey(kind))
      return false
    })
    return { ...body, activities }
  }

  #addField(step: ApiStep, params: Record<string, string>, body: Obj, named: Map<string, unknown>) {
    const kind = body.kind
    if (isFieldKind(kind) && fieldWord(this.deployment, kind) === null) {
      this.#leave(step, `a ${kind} field`, fieldKey(kind))
      if (step.name !== undefined) named.set(step.name, GONE)
      return { skip: `${fieldKey(kind)} is null: the ${kind} field is left out` }
    }
    const formId = params.id ?? ''
    return this.#send(step, params, body, {}, (answer) => {
      const id = (isObject(answer) && isObject(answer.field) ? answer.field.id : undefined) as
        | string
        | undefined
      if (typeof id !== 'string') return
      if (isFieldKind(kind)) this.#kinds.set(id, kind)
      this.#fields.set(formId, [...(this.#fields.get(formId) ?? []), id])
    })
  }

  /**
   * A form without its not-offered fields (and template). Its answer is kept with its fields where
   * the plan expects them: the template's as the profile's template has them (matched by kind),
   * then the inline ones; a left-out position holds nothing, so a step on it is skipped.
   */
  #createForm(step: ApiStep, params: Record<string, string>, body: Obj): Prepared {
    const template = body.template as FormTemplate | undefined
    const templateFields = template ? (TEMPLATE_CONTENT[template].fields as Obj[]) : []
    let out = body
    let inline = Array.isArray(body.fields) ? (body.fields as Obj[]) : []
    let templateKinds = templateFields.map((f) => f.kind as FieldKind)
    if (template !== undefined && spellValue(this.deployment, 'templates', template) === null) {
      // No such template here: the form gets the template's fields inline, where it had them.
      const { template: _, ...rest } = out
      out = rest
      inline = [...templateFields, ...inline]
      templateKinds = []
    }
    const sent = inline.filter((field) => {
      if (!isFieldKind(field.kind) || fieldWord(this.deployment, field.kind) !== null) return true
      this.#leave(step, `a ${field.kind} field`, fieldKey(field.kind))
      return false
    })
    if (inline.length > 0) out = { ...out, fields: sent }
    const prepared = this.#send(step, params, out)
    if ('skip' in prepared) return prepared
    return {
      ...prepared,
      keep: (answer) => this.#alignForm(step, answer, templateKinds, inline, sent),
    }
  }

  /**
   * The answer of a new form as the plan's later steps expect it: the template's fields where the
   * profile's template has them (matched by kind), then the inline ones; a left-out position holds
   * nothing. A field the profile's template has and this deployment's does not is added after the
   * create (completing), so the record holds what the demo's does.
   */
  #alignForm(
    step: ApiStep,
    answer: unknown,
    templateKinds: FieldKind[],
    inline: Obj[],
    sent: Obj[],
  ): unknown {
    const form = isObject(answer) && isObject(answer.form) ? answer.form : undefined
    if (!isObject(answer) || !form || !Array.isArray(form.fields)) return answer
    const formId = String(form.id)
    const fields = form.fields.filter(isObject)
    const ownTemplate = fields.slice(0, Math.max(0, fields.length - sent.length))
    const sentFields = fields.slice(ownTemplate.length)
    const used = new Set<number>()
    const aligned: unknown[] = templateKinds.map((kind) => {
      const real = realFieldKind(this.deployment, kind)
      const at = ownTemplate.findIndex((f, i) => !used.has(i) && f.kind === real)
      if (at < 0) return null
      used.add(at)
      this.#kinds.set(String(ownTemplate[at]?.id), kind)
      return ownTemplate[at]
    })
    let next = 0
    for (const field of inline) {
      if (!sent.includes(field)) {
        aligned.push(null)
        continue
      }
      const real = sentFields[next++]
      if (real && isFieldKind(field.kind)) this.#kinds.set(String(real.id), field.kind)
      aligned.push(real ?? null)
    }
    this.#fields.set(
      formId,
      fields.map((f) => String(f.id)),
    )
    const template = isObject(step.body)
      ? (step.body.template as FormTemplate | undefined)
      : undefined
    templateKinds.forEach((kind, at) => {
      if (aligned[at] !== null || !template || fieldWord(this.deployment, kind) === null) return
      const field = TEMPLATE_CONTENT[template].fields[at]
      this.#pending.push({
        request: spellRequest(this.deployment, 'addField', field),
        params: { id: formId },
        keep: (added) => {
          const created = isObject(added) && isObject(added.field) ? added.field : undefined
          if (!created) return added
          aligned[at] = created
          this.#kinds.set(String(created.id), kind)
          this.#fields.set(formId, [...(this.#fields.get(formId) ?? []), String(created.id)])
          return added
        },
      })
    })
    return { ...answer, form: { ...form, fields: aligned } }
  }

  /** Requests that complete the record the last step created; sent right after it. */
  completing(): Array<{
    request: SpelledRequest
    params: Record<string, string>
    keep: (answer: unknown) => unknown
  }> {
    return this.#pending.splice(0)
  }

  /** The plan's order of the fields this deployment has, then any other field of the form. */
  #reorder(formId: string, body: Obj): Obj {
    const wanted = (Array.isArray(body.orderedIds) ? body.orderedIds : []).filter(
      (id): id is string => typeof id === 'string',
    )
    const current = this.#fields.get(formId) ?? wanted
    const ordered = [...wanted.filter((id) => current.includes(id))]
    for (const id of current) if (!ordered.includes(id)) ordered.push(id)
    this.#fields.set(formId, ordered)
    return { ...body, orderedIds: ordered }
  }
}

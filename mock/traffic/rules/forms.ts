import { DocFormSettings } from '../../../contract/form-settings.ts'
import { isObject } from '../../../contract/json.ts'
import { orderViolations } from '../../../contract/order.ts'
import { declaredStateName, sentProperty } from '../../deployment/to-contract.ts'
import type { ExchangeContext } from '../exchange-context.ts'
import { MEMORY_LIMITS, type Seen } from '../memory.ts'

/** The seven settings §2 and §4 name. */
const SETTING_KEYS = Object.keys(DocFormSettings.shape)

const idsOf = (fields: unknown): string[] | undefined => {
  if (!Array.isArray(fields)) return undefined
  const ids = fields.map((field) => (isObject(field) ? field.id : undefined))
  return ids.every((id): id is string => typeof id === 'string') ? ids : undefined
}
const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i])
/** `fields` are the fields whose ids `ids` lists, in that order (no array built to tell). */
const fieldsWithIds = (fields: unknown, ids: readonly string[]) => {
  if (!Array.isArray(fields) || fields.length !== ids.length) return false
  for (let i = 0; i < ids.length; i++) {
    const field: unknown = fields[i]
    if (!isObject(field) || field.id !== ids[i]) return false
  }
  return true
}

/**
 * `value` as seen in this exchange: the Seen kept, renumbered, when it holds that very value (a
 * polled answer shows the same every time), else a new one. Equivalent, because no rule keeps a
 * Seen beyond the exchange that reads it: only the memory holds them.
 */
const seenAt = <T>(kept: Seen<T> | undefined, value: T, exchange: number): Seen<T> => {
  if (kept === undefined || kept.value !== value) return { value, exchange }
  kept.exchange = exchange
  return kept
}

/** The form an answer carries (`{ form }`), when it has an id. */
/** What of a form only PATCH /forms/{id} and PATCH /forms/{id}/settings name (§4). */
const EDITED_PARTS = ['title', 'description', 'settings'] as const
const PART_OPERATION: Record<(typeof EDITED_PARTS)[number], string> = {
  title: 'PATCH /forms/{id}',
  description: 'PATCH /forms/{id}',
  settings: 'PATCH /forms/{id}/settings',
}

const formOf = (value: unknown): Record<string, unknown> | undefined =>
  isObject(value) && isObject(value.form) && typeof value.form.id === 'string'
    ? value.form
    : undefined

/**
 * What an answer shows of a form: its status and its fields, remembered for later rules. An
 * accepted reorder is held to the next answer that shows the form's fields (§3: "GET shows the
 * new order", as the suite checks it).
 */
const sawForm = (ctx: ExchangeContext, form: Record<string, unknown>) => {
  const id = form.id as string
  const memory = ctx.memory.forms.touch(id)
  if (typeof form.status === 'string') memory.status = seenAt(memory.status, form.status, ctx.index)
  sawParts(ctx, memory.parts, form)
  const kept = memory.fieldIds
  const ids = kept && fieldsWithIds(form.fields, kept.value) ? kept.value : idsOf(form.fields)
  if (!ids) return
  const pending = memory.reordered
  if (pending && orderViolations(form).length === 0) {
    const sameSet =
      ids.length === pending.value.length && pending.value.every((f) => ids.includes(f))
    if (sameSet && !same(ids, pending.value)) {
      ctx.violations.push({
        kind: 'violation',
        operationId: 'reorderFields',
        method: ctx.exchange.method,
        path: ctx.exchange.path,
        status: ctx.status,
        message: `the reorder accepted in exchange #${pending.exchange} is not applied: it asked for ${pending.value.join(', ')}, this answer of form ${id} lists ${ids.join(', ')} (§3)`,
      })
    }
    memory.reordered = undefined
  }
  memory.fieldIds = ids.length <= MEMORY_LIMITS.fieldIds ? seenAt(kept, ids, ctx.index) : undefined
}

/**
 * A form's title, description and settings as this answer shows them. Publish and close name none
 * of them, and §3 lists their other effects (accepting responses, or no longer): a publish or close
 * answer showing one otherwise than the last answer did is a violation, on the suite's assumption
 * that nothing unseen changed the form in between.
 */
const sawParts = (
  ctx: ExchangeContext,
  parts: Map<string, Seen<unknown>>,
  form: Record<string, unknown>,
) => {
  const transition = ctx.op.id === 'publishForm' || ctx.op.id === 'closeForm'
  for (const key of EDITED_PARTS) {
    if (!(key in form)) continue
    const before = parts.get(key)
    // Spelled as JSON only to compare: a polled list would otherwise stringify every form's parts.
    if (transition && before !== undefined) {
      const [value, was] = [JSON.stringify(form[key]), JSON.stringify(before.value)]
      if (value !== was) {
        ctx.violation(
          `${key} is ${value}, not ${was} as exchange #${before.exchange} showed it: ${ctx.exchange.method} ${ctx.op.route.path} does not name it (only ${PART_OPERATION[key]} does; §3 lists no such effect)`,
        )
      }
    }
    parts.set(key, seenAt(before, form[key], ctx.index))
  }
}

/** §3: a reorder names every field of the form, each once; the form's fields as last seen. */
const reorderRequest = (ctx: ExchangeContext) => {
  const id = ctx.op.params.id ?? ''
  const known = ctx.memory.forms.get(id)?.fieldIds
  const sent = ctx.requestObject?.orderedIds
  if (!known || !Array.isArray(sent) || !sent.every((s) => typeof s === 'string')) return
  const missing = known.value.filter((f) => !sent.includes(f))
  const unknown = sent.filter((s) => !known.value.includes(s))
  const repeated = sent.filter((s, i) => sent.indexOf(s) !== i)
  if (missing.length + unknown.length + repeated.length === 0) return
  const what = [
    missing.length ? `missing ${missing.join(', ')}` : '',
    unknown.length ? `not fields of the form: ${unknown.join(', ')}` : '',
    repeated.length ? `repeated: ${[...new Set(repeated)].join(', ')}` : '',
  ].filter(Boolean)
  ctx.mustBeRefused(
    `orderedIds is not the complete list of the form's field ids (§3, §7.3): ${what.join('; ')} (its fields as exchange #${known.exchange} showed them)`,
    true,
    'incomplete_reorder',
  )
}

/** §2: a replace resets each omitted setting to its default: the value this form fell back to before. */
const settingsAnswer = (ctx: ExchangeContext) => {
  const sent = ctx.requestObject
  const form = formOf(ctx.answerValue)
  if (!sent || !form || !isObject(form.settings)) return
  const settings = form.settings
  const memory = ctx.memory.forms.touch(form.id as string)
  for (const key of SETTING_KEYS.filter((k) => !(k in sent) && k in settings)) {
    const value = JSON.stringify(settings[key])
    const before = memory.defaults.get(key)
    if (before === undefined) memory.defaults.set(key, { value, exchange: ctx.index })
    else if (before.value !== value) {
      ctx.violation(
        `the omitted setting ${key} is ${value}, not its default ${before.value} (§2: a replace resets every omitted setting to its default; exchange #${before.exchange} showed this form's default)`,
      )
    }
  }
}

const createAnswer = (ctx: ExchangeContext, form: Record<string, unknown>) => {
  const body = ctx.requestObject
  const publish = sentProperty(ctx.deployment, 'createForm', 'publish', body)
  const status = form.status
  const fields = Array.isArray(form.fields) ? form.fields : []
  if (publish.known && publish.value !== true && status !== 'draft') {
    ctx.violation(
      `a created form starts as draft (§2, §3; the immediate-publish option was not sent): status is ${JSON.stringify(status)}`,
    )
  }
  if (publish.known && publish.value === true) {
    if (status !== 'draft' && fields.length === 0) {
      ctx.violation(
        'published on creation without a field (§3: publishing needs at least one field; §7.1)',
      )
    }
    if (status === 'draft' && fields.length > 0) {
      ctx.violation(
        'the immediate-publish option was sent and the form has a field, but it is still a draft: the option was not applied (§3)',
      )
    }
    declaredState(ctx, 'formPublished', status, status !== 'draft')
  }
  // A form created without settings or a template has every setting at its default.
  const settings = sentProperty(ctx.deployment, 'createForm', 'settings', body)
  const template = sentProperty(ctx.deployment, 'createForm', 'template', body)
  if (
    settings.known &&
    template.known &&
    settings.value === undefined &&
    template.value === undefined &&
    isObject(form.settings)
  ) {
    const memory = ctx.memory.forms.touch(form.id as string)
    for (const key of SETTING_KEYS.filter((k) => k in (form.settings as object))) {
      const value = JSON.stringify((form.settings as Record<string, unknown>)[key])
      memory.defaults.set(key, { value, exchange: ctx.index })
    }
  }
}

/** The deployment file's `expect.states` name for this state, when it declares one. */
export const declaredState = (
  ctx: ExchangeContext,
  state: 'formPublished' | 'formClosed' | 'sessionOpen' | 'sessionEnded',
  status: unknown,
  applies = true,
) => {
  const declared = declaredStateName(ctx.deployment, state)
  if (applies && declared !== undefined && status !== declared) {
    ctx.violation(
      `status is ${JSON.stringify(status)}; the deployment file declares ${JSON.stringify(declared)} (expect.states.${state})`,
    )
  }
}

export const formRules = {
  request: (ctx: ExchangeContext): void => {
    if (ctx.op.id === 'reorderFields') reorderRequest(ctx)
  },
  answer: (ctx: ExchangeContext): void => {
    if (!ctx.success) return
    const value = ctx.answerValue
    const form = formOf(value)
    // An accepted edit whose answer does not show what it changed: that part is no longer known.
    if (ctx.op.id === 'updateForm') {
      const parts = ctx.memory.forms.get(ctx.op.params.id ?? '')?.parts
      for (const key of ['title', 'description'] as const) {
        if (!form || !(key in form)) parts?.delete(key)
      }
    }
    switch (ctx.op.id) {
      case 'createForm':
        if (form) createAnswer(ctx, form)
        break
      case 'publishForm':
        if (!form) break
        if (Array.isArray(form.fields) && form.fields.length === 0) {
          ctx.violation('published a form that has no field (§3, §7.1)')
        }
        if (form.status === 'draft') ctx.violation('the published form still reports "draft" (§3)')
        declaredState(ctx, 'formPublished', form.status)
        break
      case 'closeForm':
        if (form) declaredState(ctx, 'formClosed', form.status)
        break
      case 'replaceFormSettings':
        settingsAnswer(ctx)
        // The answer is `{ form: { id, settings } }`: the new settings, or nothing known of them.
        if (form) sawParts(ctx, ctx.memory.forms.touch(form.id as string).parts, form)
        if (!isObject(form?.settings))
          ctx.memory.forms.get(ctx.op.params.id ?? '')?.parts.delete('settings')
        return
      case 'reorderFields': {
        const sent = ctx.requestObject?.orderedIds
        const memory = ctx.memory.forms.get(ctx.op.params.id ?? '')
        if (memory && Array.isArray(sent) && !ctx.bodyRefused) {
          const ids = sent.map(String)
          memory.fieldIds = { value: ids, exchange: ctx.index }
          memory.reordered = { value: ids, exchange: ctx.index }
        }
        return
      }
      case 'addField': {
        const field = isObject(value) && isObject(value.field) ? value.field : undefined
        const known = ctx.memory.forms.get(ctx.op.params.id ?? '')?.fieldIds
        const memory = ctx.memory.forms.get(ctx.op.params.id ?? '')
        if (memory && known && typeof field?.id === 'string') {
          memory.fieldIds = { value: [...known.value, field.id], exchange: ctx.index }
        }
        return
      }
      case 'removeField': {
        const memory = ctx.memory.forms.get(ctx.op.params.id ?? '')
        const known = memory?.fieldIds
        if (memory && known) {
          const gone = ctx.op.params.fieldId
          memory.fieldIds = { value: known.value.filter((f) => f !== gone), exchange: ctx.index }
        }
        return
      }
      case 'deleteForm':
        ctx.memory.forms.delete(ctx.op.params.id ?? '')
        return
      case 'listForms':
        if (isObject(value) && Array.isArray(value.forms)) {
          for (const item of value.forms) {
            if (isObject(item) && typeof item.id === 'string') sawForm(ctx, item)
          }
        }
        return
    }
    if (form) sawForm(ctx, form)
  },
}

import type { ActivityKind } from '../../contract/activities.ts'
import type { FormTemplate } from '../../contract/forms.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import type { ApiStep } from '../../contract/plan.ts'
import { FormFields } from './form-fields.ts'
import { GONE, hasGone, resolveKept } from './plan-refs.ts'
import type { DeploymentFile } from './schema.ts'
import { alignForm, type Completing, isFieldKind, offeredForm } from './seed-form.ts'
import { type LeftOut, leftOutOf, offeredActivities } from './seed-left-out.ts'
import { type SpelledRequest, spellRequest } from './to-deployment.ts'
import { activityContent, activityKey, fieldKey, fieldWord } from './vocabulary.ts'

/**
 * The demo plan in a deployment's vocabulary (its deployment file): field kinds and configs,
 * activity contents, template, use case, layout and mode values, rounds spelled as sessions. What
 * the file says the deployment does not offer is left out of its record and counted; nothing else
 * of the plan changes. Steps on something left out are skipped, and a reorder lists the fields the
 * form has on this deployment.
 */

export type { LeftOut } from './seed-left-out.ts'

/** A step ready to send, or the reason it is not sent. */
export type Prepared =
  | { skip: string }
  | {
      request: SpelledRequest
      params: Record<string, string>
      /** The answer as later Refs of the plan must see it. */
      keep: (answer: unknown) => unknown
    }

/**
 * The seeder's view of one deployment while the plan runs: each step prepared in its vocabulary
 * (`prepare`), what completes the record just created (`completing`), and what was left out. The
 * parts are plain functions (plan-refs.ts, seed-form.ts, seed-left-out.ts); this class holds what
 * they learn across steps: the forms' fields and the completions pending.
 */
export class SeedVocabulary {
  readonly leftOut: LeftOut[] = []
  readonly #book = new FormFields()
  /** Requests that complete the record just created (fields its template lacks). */
  readonly #pending: Completing[] = []
  readonly #leave = (step: ApiStep, what: string, key: string) => {
    this.leftOut.push(leftOutOf(step, what, key))
  }

  constructor(readonly deployment: DeploymentFile) {}

  /** The step as this deployment is sent it, or why it is skipped. */
  prepare(step: ApiStep, named: Map<string, unknown>): Prepared {
    const params = resolveKept(step.params ?? {}, named) as Record<string, string | typeof GONE>
    const body = step.body === undefined ? undefined : resolveKept(step.body, named)
    if (Object.values(params).some((p) => p === GONE)) {
      if (step.name !== undefined) named.set(step.name, GONE)
      return { skip: 'its record was left out (not offered by this deployment)' }
    }
    const ready = params as Record<string, string>
    const book = this.#book
    switch (step.operation) {
      case 'createForm':
        return this.#createForm(step, ready, body as Obj)
      case 'addField':
        return this.#addField(step, ready, body as Obj, named)
      case 'replaceFieldConfig':
        return this.#send(step, ready, body, {
          fieldKind: book.kindOf(ready.fieldId ?? '') ?? 'submission',
        })
      case 'reorderFields': {
        const reorder = body as Obj
        const wanted = (Array.isArray(reorder.orderedIds) ? reorder.orderedIds : []).filter(
          (id): id is string => typeof id === 'string',
        )
        const orderedIds = book.reorder(ready.id ?? '', wanted)
        return this.#send(step, ready, { ...reorder, orderedIds })
      }
      case 'removeField':
        return this.#send(step, ready, body, {}, () =>
          book.removed(ready.id ?? '', ready.fieldId ?? ''),
        )
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

  /** Requests that complete the record the last step created; sent right after it. */
  completing(): Completing[] {
    return this.#pending.splice(0)
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

  #activities(step: ApiStep, body: Obj): Obj {
    return offeredActivities(this.deployment, step, body, this.#leave)
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
      if (isFieldKind(kind)) this.#book.setKind(id, kind)
      this.#book.added(formId, id)
    })
  }

  #createForm(step: ApiStep, params: Record<string, string>, body: Obj): Prepared {
    const offered = offeredForm(this.deployment, step, body, this.#leave)
    const prepared = this.#send(step, params, offered.body)
    if ('skip' in prepared) return prepared
    const template = isObject(step.body)
      ? (step.body.template as FormTemplate | undefined)
      : undefined
    return {
      ...prepared,
      keep: (answer) => {
        const aligned = alignForm(this.deployment, this.#book, template, offered, answer)
        this.#pending.push(...aligned.completing)
        return aligned.answer
      },
    }
  }
}

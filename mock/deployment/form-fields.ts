import type { FieldKind } from '../../contract/fields.ts'

/**
 * What seed learnt of the forms it created on a deployment: which profile kind each deployment
 * field stands for (a replaced config is spelled by it), and each form's field ids in the
 * deployment's order (a reorder lists the fields the form has there, not the plan's).
 */
export class FormFields {
  readonly #kinds = new Map<string, FieldKind>()
  readonly #fields = new Map<string, string[]>()

  kindOf(fieldId: string): FieldKind | undefined {
    return this.#kinds.get(fieldId)
  }

  setKind(fieldId: string, kind: FieldKind): void {
    this.#kinds.set(fieldId, kind)
  }

  /** The form's fields as the deployment answered them. */
  setFields(formId: string, fieldIds: string[]): void {
    this.#fields.set(formId, fieldIds)
  }

  fieldsOf(formId: string): readonly string[] | undefined {
    return this.#fields.get(formId)
  }

  added(formId: string, fieldId: string): void {
    this.#fields.set(formId, [...(this.#fields.get(formId) ?? []), fieldId])
  }

  removed(formId: string, fieldId: string): void {
    const list = this.#fields.get(formId)
    if (list) {
      this.#fields.set(
        formId,
        list.filter((id) => id !== fieldId),
      )
    }
  }

  /**
   * The plan's order of the fields this deployment has, then any other field of the form; the
   * form's order becomes that. A form seed knows nothing of keeps the plan's order.
   */
  reorder(formId: string, wanted: readonly string[]): string[] {
    const current = this.#fields.get(formId) ?? wanted
    const ordered = [...wanted.filter((id) => current.includes(id))]
    for (const id of current) if (!ordered.includes(id)) ordered.push(id)
    this.#fields.set(formId, ordered)
    return ordered
  }
}

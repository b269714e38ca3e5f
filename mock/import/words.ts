import type { ActivityKind } from '../../contract/activities.ts'
import { FIELD_KINDS, type FieldKind } from '../../contract/fields.ts'
import { LAYOUTS, USE_CASES } from '../../contract/form-settings.ts'
import { FORM_STATUSES, type FormStatus } from '../../contract/forms.ts'
import type { Obj } from '../../contract/json.ts'
import { MODES, type Mode, SESSION_STATUSES, type SessionStatus } from '../../contract/sessions.ts'

/**
 * A deployment's words read back into the contract's: what an import needs of a vocabulary. Each
 * answer is the contract's word, or undefined when the deployment's has no counterpart (the import
 * leaves that part out and counts it under `key`).
 */
export interface ReadBack {
  formStatus(name: string): FormStatus | undefined
  sessionStatus(name: string): SessionStatus | undefined
  mode(value: string): Mode | undefined
  useCase(value: string): (typeof USE_CASES)[number] | undefined
  layout(value: string): (typeof LAYOUTS)[number] | undefined
  /** A field `{ kind, config }` in the contract's kind and config keys. */
  field(kind: string, config: Obj): { kind: FieldKind; config: Obj } | undefined
  /** An activity's config (content) in the contract's keys; undefined: it cannot be read back. */
  activity(kind: ActivityKind, config: Obj): Obj | undefined
  /** Where a word would be declared, for the report: `forms.fields`, `sessions.modes`… */
  readonly source: string
}

const among = <V extends string>(values: readonly V[], value: string): V | undefined =>
  (values as readonly string[]).includes(value) ? (value as V) : undefined

/** Without a deployment file: the contract's own words, and nothing else. */
export const contractWords: ReadBack = {
  formStatus: (name) => among(FORM_STATUSES, name),
  sessionStatus: (name) => among(SESSION_STATUSES, name),
  mode: (value) => among(MODES, value),
  useCase: (value) => among(USE_CASES, value),
  layout: (value) => among(LAYOUTS, value),
  field: (kind, config) => {
    const known = among(FIELD_KINDS, kind)
    return known ? { kind: known, config } : undefined
  },
  activity: (_kind, config) => config,
  source: "the contract's words (no --deployment)",
}

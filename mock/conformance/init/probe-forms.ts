import type { FieldInput, FieldKind } from '../../../contract/fields.ts'
import { FIELD_SAMPLES } from '../../../contract/input-examples.ts'
import type { Obj } from '../../../contract/json.ts'
import { createKey } from '../../deployment/schema.ts'
import { probeKind } from './kinds.ts'
import { contentSender, type ProbeStep } from './probe-scope.ts'
import { type Answer, idIn, statusIn } from './prober.ts'

/** `forms.create`: a plain form, the one the field probes add to. */
export const probeFormCreate: ProbeStep = async (scope) => {
  const { api, prober, title } = scope
  const form = await prober.send('forms.create', 'createForm', () =>
    api.createForm({ body: { title: title('form'), description: 'Deployment probe' } }),
  )
  const id = form && idIn(form, 'form')
  if (id) scope.formId = id
}

/** Immediate publish: the status a new published form shows (§3 does not name it). */
export const probePublishedCreate: ProbeStep = async ({ api, prober, title }) => {
  await prober.send(
    createKey('forms.create', 'publish'),
    'createForm',
    () =>
      api.createForm({
        body: { title: title('published form'), fields: [FIELD_SAMPLES.submission], publish: true },
      }),
    (a) => `accepted; the new form's status is "${String(statusIn(a, 'form'))}"`,
  )
}

/**
 * Every field kind of the profile with the richest config seed and exploration send: what this
 * deployment calls its kinds, and which of their config keys it refuses.
 */
export const probeFieldKinds: ProbeStep = async (scope) => {
  const { api, formId } = scope
  if (!formId) return
  for (const content of scope.contents.filter((c) => c.type === 'field')) {
    const kind = content.kind as FieldKind
    // A submission field when there is one: the form operations below are probed on it.
    const keep = (answer: Answer) => {
      const id = idIn(answer, 'field')
      if (id && (scope.field === undefined || (kind === 'submission' && scope.field.kind !== kind)))
        scope.field = { id, kind }
    }
    const call = (config: Obj) =>
      api.addField({ params: { id: formId }, body: { kind, config } as FieldInput })
    scope.kinds.push(
      await probeKind(content, contentSender(scope, content, 'addField', call, keep)),
    )
  }
}

/** The field-config replace, then the inferred operations on a form with a field. */
export const probeFieldOperations: ProbeStep = async ({ api, prober, formId, field }) => {
  if (!formId || !field) return
  const { id: fieldId, kind } = field
  await prober.send('forms.replaceField.wrapper', 'replaceFieldConfig', () =>
    api.replaceFieldConfig({
      params: { id: formId, fieldId },
      body: { config: { ...FIELD_SAMPLES[kind].config, label: 'Renamed' } },
    }),
  )
  await prober.send('operations.listFormResponses', 'listFormResponses', () =>
    api.listFormResponses({ params: { id: formId } }),
  )
  await prober.send('operations.removeField', 'removeField', () =>
    api.removeField({ params: { id: formId, fieldId } }),
  )
}

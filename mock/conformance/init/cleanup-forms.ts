import type { Client } from '../../../contract/client.ts'
import { label } from '../engine/context.ts'
import type { Run } from '../engine/run-state.ts'
import { type Answer, errorText, ok, type Probe } from './prober.ts'

/**
 * Deletes the probe's forms through the profile's delete, counted apart from the bound (the
 * probe's last request, whatever the bound), stopping at the first refusal: the rest would be
 * refused alike. The last answer is recorded as the `operations.deleteForm` probe. Returns what
 * clean-up did, in one sentence.
 */
export const deleteProbeForms = async (
  run: Pick<Run, 'cleanupRequests' | 'marker'>,
  api: Pick<Client, 'deleteForm'>,
  forms: readonly string[],
  probes: Probe[],
): Promise<string> => {
  let deleted = 0
  let last: Answer | undefined
  for (const id of forms) {
    run.cleanupRequests += 1
    last = await api.deleteForm({ params: { id } })
    if (!ok(last)) break
    deleted += 1
  }
  if (last) {
    probes.push({
      key: 'operations.deleteForm',
      request: label('deleteForm'),
      status: last.status,
      accepted: ok(last),
      answer: ok(last) ? 'accepted' : errorText(last.body, last.text),
    })
  }
  return `${deleted} of ${forms.length} probe forms deleted; sessions, series and reports have no delete operation and stay, titled "${run.marker} init …".`
}

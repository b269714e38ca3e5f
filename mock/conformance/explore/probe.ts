import { ACTIVITY_KINDS } from '../../../contract/activities.ts'
import { FIELD_KINDS } from '../../../contract/fields.ts'
import { ACTIVITY_SAMPLES, FIELD_SAMPLES } from '../../../contract/input-examples.ts'
import { NotOffered } from '../../deployment/to-deployment.ts'
import { activityKey, fieldKey } from '../../deployment/vocabulary.ts'
import { type Exchange, label, type Run } from './engine.ts'
import { type Notes, short } from './notes.ts'
import type { ReleaseScope } from './release-scope.ts'
import type { ExploreVocabulary } from './vocabulary.ts'

/** Requests the probe sends at most: a form, a field per kind, a session, an activity per kind. */
export const PROBE_REQUESTS = 2 + FIELD_KINDS.length + ACTIVITY_KINDS.length

const ok = (answer: Exchange) => answer.status >= 200 && answer.status <= 299
const idIn = (answer: Exchange, envelope: string): string | undefined => {
  const inner = (answer.body as Record<string, { id?: unknown }> | undefined)?.[envelope]
  return typeof inner?.id === 'string' ? inner.id : undefined
}

/**
 * Before the first run (not under --strict): each field kind and activity kind that the deployment
 * file neither names nor rules out is sent once, with the catalog's sample, as `--init` sends it.
 * What the deployment accepts is confirmed and generated; what it refuses is a vocabulary note and
 * left out. One form (deleted after) and one session, titled with the run marker. A kind of a
 * later release than the deployment's is not probed (nothing of a later release is sent).
 */
export const probeVocabulary = async (
  run: Run,
  vocabulary: ExploreVocabulary,
  notes: Notes,
  scope: ReleaseScope,
): Promise<{ confirmed: string[]; refused: string[] }> => {
  const unconfirmed = vocabulary.unconfirmed()
  const fields = unconfirmed.fields
  const activities = unconfirmed.activities.filter((kind) => scope.takes([{ kind }]))
  const confirmed: string[] = []
  const refused: string[] = []
  const api = run.client('main')
  if (!api || (fields.length === 0 && activities.length === 0)) return { confirmed, refused }
  const send = async (call: () => Promise<Exchange>): Promise<Exchange | undefined> => {
    if (run.requests >= run.env.maxRequests) return undefined
    try {
      run.spend()
      const answer = await call()
      // An answer asking to slow down that the bound leaves unsent is the bound's stop: not probed.
      return run.slowDown.unpaid.has(answer.headers) ? undefined : answer
    } catch (error) {
      if (error instanceof NotOffered) {
        run.requests -= 1
        return undefined
      }
      throw error
    }
  }
  const judge = (key: string, answer: Exchange | undefined, sent: unknown, intent: string) => {
    if (!answer) return false
    if (ok(answer)) {
      confirmed.push(key)
      return true
    }
    refused.push(key)
    notes.record({
      kind: 'vocabulary',
      request: label(key.startsWith('forms.') ? 'addField' : 'addActivity'),
      intent,
      deployment: short(answer),
      model: `the profile's sample ${JSON.stringify(sent)}, which the model accepts`,
      keys: [key],
      outcome: 'not generated in this exploration',
    })
    return false
  }
  if (fields.length > 0) {
    const form = await send(() =>
      api.createForm({ body: { title: `${run.marker} vocabulary probe` } }),
    )
    const formId = form && ok(form) ? idIn(form, 'form') : undefined
    if (formId) {
      for (const kind of fields) {
        const answer = await send(() =>
          api.addField({ params: { id: formId }, body: FIELD_SAMPLES[kind] }),
        )
        const intent = `probe: a ${kind} field`
        if (judge(fieldKey(kind), answer, FIELD_SAMPLES[kind], intent))
          vocabulary.confirmField(kind)
      }
      run.cleanupRequests += 1
      try {
        const deleted = await api.deleteForm({ params: { id: formId } })
        if (deleted.status >= 200 && deleted.status <= 299) run.formsDeletedEarlier += 1
      } catch (error) {
        // The deployment file says there is no delete: the probe form stays, titled with the marker.
        if (!(error instanceof NotOffered)) throw error
        run.cleanupRequests -= 1
        run.created.push({ kind: 'form', id: formId, role: 'main' })
      }
    }
  }
  if (activities.length > 0) {
    const session = await send(() =>
      api.createSession({ body: { title: `${run.marker} vocabulary probe` } }),
    )
    const sessionId = session && ok(session) ? idIn(session, 'session') : undefined
    if (sessionId) {
      run.created.push({ kind: 'session', id: sessionId, role: 'main' })
      for (const kind of activities) {
        const answer = await send(() =>
          api.addActivity({ params: { id: sessionId }, body: ACTIVITY_SAMPLES[kind] }),
        )
        const intent = `probe: a ${kind} activity`
        if (judge(activityKey(kind), answer, ACTIVITY_SAMPLES[kind], intent)) {
          vocabulary.confirmActivity(kind)
        }
      }
    }
  }
  return { confirmed, refused }
}

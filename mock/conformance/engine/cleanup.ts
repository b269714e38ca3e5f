import { plural } from '../../core/plural.ts'
import { NotOffered } from '../../deployment/to-deployment.ts'
import type { CreatedRecord, Run } from './run-state.ts'

export interface CleanupOutcome {
  /** Forms the clean-up deleted (exploration's own deletions are in the summary, not here). */
  deleted: number
  /** Records left behind: kinds without a delete operation, or a deployment without DELETE /forms/{id}. */
  left: number
  supported: boolean | undefined
  summary: string
}

/**
 * Deletes the forms this run created, each with the key that created it, through the profile's
 * DELETE /forms/{id} (§4 says deletion exists, not where). Whether the deployment has it is
 * learnt from the first attempt: anything but a success means no, and nothing more is tried.
 * Sessions, series and reports have no delete operation; they stay, titled with the run marker.
 */
export const cleanup = async (run: Run): Promise<CleanupOutcome> => {
  const forms = run.created.filter((r) => r.kind === 'form')
  const others = run.created.length - forms.length
  let deleted = 0
  let supported: boolean | undefined
  let firstRefusal = ''
  /** Deletes one record; false when the deployment showed it has no delete operation. */
  const remove = async (record: CreatedRecord): Promise<boolean> => {
    const client = run.client(record.role)
    if (!client) return true
    let answer: Awaited<ReturnType<typeof client.deleteForm>>
    try {
      answer = await client.deleteForm({ params: { id: record.id } })
    } catch (error) {
      if (!(error instanceof NotOffered)) throw error
      supported = false
      firstRefusal = 'the deployment file says it has no delete operation'
      return false
    }
    run.cleanupRequests += 1
    if (answer.status >= 200 && answer.status < 300) {
      supported = true
      deleted += 1
    } else if (supported === undefined) {
      supported = false
      firstRefusal =
        answer.status === 0 ? (answer.error ?? 'no answer') : `answered ${answer.status}`
      return false
    }
    return true
  }
  // One at a time until the deployment shows it deletes; then the rest `concurrency` at a time.
  let next = 0
  while (supported === undefined && next < forms.length) {
    const record = forms[next++] as CreatedRecord
    if (!(await remove(record))) break
  }
  if (supported === true) {
    const worker = async () => {
      while (next < forms.length) await remove(forms[next++] as CreatedRecord)
    }
    await Promise.all(Array.from({ length: Math.max(1, run.env.concurrency) }, worker))
  }
  const left = forms.length - deleted + others
  const earlier = run.formsDeletedEarlier
  const marker = `titled "${run.marker} …"`
  const summary =
    supported === false
      ? `this deployment has no form delete operation (${firstRefusal}); ${left} records of this run stay, ${marker}.`
      : `${plural(deleted + earlier, 'form')} deleted${earlier > 0 ? ` (${earlier} by exploration as it went)` : ''}; ${left} records without a delete operation (sessions, series, reports) stay, ${marker}.`
  return { deleted, left, supported, summary }
}

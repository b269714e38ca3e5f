import type { OperationId } from '../../../contract/table.ts'
import type { Secrets } from '../../report-format/secrets.ts'
import { label } from '../engine/context.ts'
import type { Run } from '../engine/run-state.ts'

/** One request of the probe and what the deployment answered. */
export interface Probe {
  /** The deployment file key whose spelling this request tried. */
  key: string
  request: string
  status: number
  accepted: boolean
  /** The error message of a refusal, or the observed answer of an open question. */
  answer: string
  /** A follow-up of a refused content (its sample, one of its keys): not a spelling of its own. */
  followUp?: true
  /**
   * Why a 2xx answer could not be read (nested deeper than the client reads, too long): neither
   * accepted nor refused. `accepted` stays true so the probe goes on as after a 2xx.
   */
  unread?: string
}

/** What the typed client answers, whatever the operation. */
export type Answer = {
  status: number
  body: unknown
  text: string
  error?: string
  unread?: string
}

export const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300

export const idIn = (answer: Answer, envelope: string): string | undefined => {
  const inner = (answer.body as Record<string, { id?: unknown }> | undefined)?.[envelope]
  return typeof inner?.id === 'string' ? inner.id : undefined
}

export const statusIn = (answer: Answer, envelope: string): unknown =>
  (answer.body as Record<string, { status?: unknown }> | undefined)?.[envelope]?.status

/** A refusal in words: §7's `error` with its issues, or the start of a body that is not §7's. */
export const errorText = (body: unknown, text: string): string => {
  const error = (body as { error?: unknown } | undefined)?.error
  const issues = (body as { issues?: Array<{ path?: unknown[]; message?: string }> } | undefined)
    ?.issues
  const detail = Array.isArray(issues)
    ? issues.map((i) => `${(i.path ?? []).join('.')}: ${i.message}`).join('; ')
    : ''
  if (typeof error === 'string') return detail ? `${error} (${detail})` : error
  return text.slice(0, 200)
}

/** What one answer comes to as a probe's `answer`, before the keys are scrubbed from it. */
export const probeAnswerText = <T extends Answer>(
  answer: T,
  observe?: (answer: T) => string,
): string => {
  if (!ok(answer))
    return answer.status === 0 ? (answer.error ?? 'no answer') : errorText(answer.body, answer.text)
  if (answer.unread !== undefined) return `not readable: ${answer.unread}`
  return observe?.(answer) ?? 'accepted'
}

export interface Prober {
  /** Every answer so far, in the order sent. */
  readonly probes: Probe[]
  /** The forms the probe created: clean-up deletes them. */
  readonly forms: string[]
  /**
   * Sends one request under a probe key and records its answer; undefined when the bound was
   * reached (nothing sent). `observe` words an accepted answer that tells an open question.
   */
  send: <T extends Answer>(
    key: string,
    op: OperationId,
    call: () => Promise<T>,
    observe?: (answer: T) => string,
    followUp?: boolean,
  ) => Promise<T | undefined>
}

/**
 * The probe's one way to send: counted against `maxRequests`, and every answer scrubbed of the
 * keys it was given, since a deployment echoing one must not put it in the file or on the console.
 */
export const createProber = (
  run: Pick<Run, 'requests'>,
  maxRequests: number,
  secrets: Secrets,
): Prober => {
  const probes: Probe[] = []
  const forms: string[] = []
  const send: Prober['send'] = async (key, op, call, observe, followUp = false) => {
    if (run.requests >= maxRequests) return undefined
    run.requests += 1
    const answer = await call()
    const accepted = ok(answer)
    const unread = accepted ? answer.unread : undefined
    if (accepted && op === 'createForm') {
      const id = idIn(answer, 'form')
      if (id) forms.push(id)
    }
    probes.push({
      key,
      request: label(op),
      status: answer.status,
      accepted,
      answer: secrets.scrub(probeAnswerText(answer, observe)),
      ...(followUp ? { followUp: true as const } : {}),
      ...(unread === undefined ? {} : { unread: secrets.scrub(unread) }),
    })
    return answer
  }
  return { probes, forms, send }
}

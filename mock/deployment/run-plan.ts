import type { Client, SentRequest } from '../../contract/client.ts'
import { isObject } from '../../contract/json.ts'
import type { ApiStep, DemoPlan, DemoStep } from '../../contract/plan.ts'
import { resolveRefs } from '../../contract/plan-refs.ts'
import type { Method } from '../../contract/route.ts'
import { contract, type OperationId } from '../../contract/table.ts'
import type { LeftOut, SeedVocabulary } from './seed-plan.ts'

export type RecordKind = 'form' | 'session' | 'series' | 'report'
export const RECORD_KINDS: readonly RecordKind[] = ['form', 'session', 'series', 'report']

/** Why a step is not sent; participation and responses have no operation in the API (§1). */
export type SkipReason = 'participation' | 'responses' | 'no-key' | 'not-offered'

/** What one step of the plan would do, before anything is sent. */
export interface PlannedStep {
  index: number
  step: DemoStep
  skip?: SkipReason
}

export interface Refusal {
  index: number
  step: ApiStep
  status: number
  text: string
  request: SentRequest
  error?: string
}

export interface SeedOutcome {
  sent: number
  /** The latest answer for each record created, by id, in creation order. */
  records: Map<string, { kind: RecordKind; record: Record<string, unknown> }>
  refusal?: Refusal
  /** Parts of records the deployment file says this deployment does not offer: left out. */
  leftOut: LeftOut[]
  /** Steps not sent because what they act on was left out. */
  skipped: Array<{ index: number; operation: OperationId; reason: string }>
}

/** Each step with the reason it will not be sent, given which plan keys have a client. */
export const planSteps = (plan: DemoPlan, hasKey: (planKey: string) => boolean): PlannedStep[] =>
  plan.steps.map((step, index) => {
    if (step.type === 'participation') return { index, step, skip: 'participation' }
    if (step.type === 'responses') return { index, step, skip: 'responses' }
    return hasKey(step.apiKey) ? { index, step } : { index, step, skip: 'no-key' }
  })

/** Every success body wraps its record under its kind; partial ones (settings) merge in. */
const remember = (outcome: SeedOutcome, body: unknown) => {
  if (!isObject(body)) return
  for (const kind of RECORD_KINDS) {
    const record = body[kind]
    if (!isObject(record) || typeof record.id !== 'string') continue
    const known = outcome.records.get(record.id)
    outcome.records.set(record.id, { kind, record: { ...known?.record, ...record } })
  }
}

/**
 * Sends the plan's API steps in order with the typed client; stops at the first answer that is not
 * the operation's success status (any 2xx when a deployment file spells the requests: its status
 * codes are its own) and says which step it was.
 */
export const runPlan = async (
  planned: readonly PlannedStep[],
  clients: ReadonlyMap<string, Client>,
  onStep: (done: number, step: PlannedStep) => void,
  vocabulary?: SeedVocabulary,
): Promise<SeedOutcome> => {
  const outcome: SeedOutcome = {
    sent: 0,
    records: new Map(),
    leftOut: vocabulary?.leftOut ?? [],
    skipped: [],
  }
  const named = new Map<string, unknown>()
  let done = 0
  for (const item of planned) {
    const { step } = item
    const client = clients.get(step.apiKey)
    if (item.skip !== undefined || step.type !== 'api' || client === undefined) {
      onStep(++done, item)
      continue
    }
    const route = contract[step.operation]
    let request: { method: Method; path: string; body?: unknown }
    let params: Record<string, string>
    let keep = (answer: unknown) => answer
    try {
      if (vocabulary) {
        // The deployment's vocabulary: what it does not offer is left out, the rest spelled.
        const prepared = vocabulary.prepare(step, named)
        if ('skip' in prepared) {
          outcome.skipped.push({
            index: item.index,
            operation: step.operation,
            reason: prepared.skip,
          })
          onStep(++done, { ...item, skip: 'not-offered' })
          continue
        }
        ;({ request, params, keep } = prepared)
      } else {
        params = resolveRefs(step.params ?? {}, named) as Record<string, string>
        const body = step.body === undefined ? undefined : resolveRefs(step.body, named)
        request = {
          method: route.method,
          path: route.path,
          ...(body === undefined ? {} : { body }),
        }
      }
    } catch (error) {
      const url = route.path
      outcome.refusal = {
        index: item.index,
        step,
        status: 0,
        text: '',
        request: { method: route.method, url, headers: {} },
        error: error instanceof Error ? error.message : String(error),
      }
      return outcome
    }
    // The step, then what the vocabulary adds to complete its record (a template's missing fields).
    const queue: Array<{
      request: { method: Method; path: string; body?: unknown }
      params: Record<string, string>
      keep: (answer: unknown) => unknown
    }> = [{ request, params, keep }]
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const response = await client.raw({
        method: next.request.method,
        path: next.request.path,
        params: next.params,
        ...(next.request.body === undefined ? {} : { body: next.request.body }),
      })
      outcome.sent += 1
      const succeeded = vocabulary
        ? response.status >= 200 && response.status < 300
        : response.status === route.success.status
      // An answer not read (nested too deep, too long) gives no record to build on: the plan stops.
      const unread = succeeded ? response.unread : undefined
      if (!succeeded || unread !== undefined) {
        const error =
          response.error ??
          (unread === undefined ? undefined : `answered ${response.status}: ${unread}`)
        outcome.refusal = {
          index: item.index,
          step,
          status: response.status,
          text: unread === undefined ? response.text : response.text.slice(0, 200),
          request: response.request,
          ...(error === undefined ? {} : { error }),
        }
        return outcome
      }
      const kept = next.keep(response.body)
      if (next.request === request && step.name !== undefined) named.set(step.name, kept)
      remember(outcome, response.body)
      if (next.request === request && vocabulary) queue.push(...vocabulary.completing())
    }
    onStep(++done, item)
  }
  return outcome
}

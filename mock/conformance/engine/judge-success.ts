import type * as z from 'zod'
import { operationLabel as label } from '../../../contract/endpoints.ts'
import { orderViolations } from '../../../contract/order.ts'
import { type Contract, contract, type OperationId } from '../../../contract/table.ts'
import { type RunRelease, releaseAdvice } from '../../deployment/run-release.ts'
import { spelledKeys } from '../../deployment/to-deployment.ts'
import type { Exchange } from './failure.ts'
import { isJson, readBody, unansweredProblem } from './judge-answer.ts'

export type DocBody<K extends OperationId> = z.output<Contract[K]['success']['documented']>

const isSuccess = (status: number) => status >= 200 && status <= 299

/**
 * §4, up to where the status is observed: an answer, a 2xx, a readable JSON body. A refusal of a
 * request spelled by the deployment file blocks instead: a body or path §4 does not show, refused,
 * may be spelled otherwise here, which is not a verdict.
 */
export const successStart = (
  op: OperationId,
  exchange: Exchange,
  release: RunRelease,
): { fail: string } | { block: true } | undefined => {
  const unanswered = unansweredProblem(op, exchange)
  if (unanswered) return { fail: unanswered }
  const { status } = exchange
  if (status >= 400 && status < 500 && (spelledKeys.get(exchange) ?? []).length > 0) {
    return { block: true }
  }
  if (!isSuccess(status)) {
    const advice = status === 404 ? releaseAdvice(op, exchange.request.body, release) : undefined
    return {
      fail: `${label(op)}: expected a success (2xx), got ${status}.${advice ? ` ${advice}.` : ''}`,
    }
  }
  if (exchange.unread !== undefined) {
    return { fail: `${label(op)}: answered ${status}: ${exchange.unread}.` }
  }
  if (!isJson(exchange)) {
    return { fail: `${label(op)}: answered ${status} with a body that is not JSON.` }
  }
  return undefined
}

/**
 * §2, §4: the success body against the documented envelope and resource schema (required fields,
 * types, ISO timestamps, URLs), its fields and activities in order, and under strict the profile's
 * exact schema. The body is returned as the documented schema reads it.
 */
export const successBody = <K extends OperationId>(
  op: K,
  exchange: Exchange,
  strict: boolean,
): { body: DocBody<K> } | { fail: string } => {
  const route = contract[op]
  const documented = readBody(
    route.success.documented,
    exchange,
    `${label(op)}: the success body does not match the documented schema (§2, §4)`,
  )
  if ('problem' in documented) return { fail: documented.problem }
  const disorder = orderViolations(exchange.body)
  if (disorder.length > 0) {
    return {
      fail: `${label(op)}: items are not in order (§2 "fields … in order", §1 "ordered activities"): ${disorder.join('; ')}`,
    }
  }
  if (strict) {
    const profile = readBody(
      route.success.profile,
      exchange,
      `${label(op)}: the success body does not match the profile schema (CONTRACT_PROFILE=strict)`,
    )
    if ('problem' in profile) return { fail: profile.problem }
  }
  return { body: documented.data as DocBody<K> }
}

/** The body as the documented schema reads it, or `undefined`: for observing, never fails. */
export const peekSuccess = <K extends OperationId>(
  op: K,
  exchange: Exchange,
): DocBody<K> | undefined => {
  if (!isSuccess(exchange.status)) return undefined
  const parsed = contract[op].success.documented.safeParse(exchange.body)
  return parsed.success ? (parsed.data as DocBody<K>) : undefined
}

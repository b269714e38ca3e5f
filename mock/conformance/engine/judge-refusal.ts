import { operationLabel as label } from '../../../contract/endpoints.ts'
import { type ErrorCondition, errorSchemas } from '../../../contract/errors.ts'
import { CONDITION_SUMMARIES } from '../../../contract/summaries.ts'
import { contract, type OperationId } from '../../../contract/table.ts'
import type { Exchange } from './failure.ts'
import { isJson, readBody, unansweredProblem } from './judge-answer.ts'

/**
 * Errors about a body's content: on the five operations §7 lists these are documented to carry
 * `issues`. A body that is not JSON at all is left out: §7 does not say which shape it gets.
 */
const VALIDATION_CONDITIONS: readonly ErrorCondition[] = [
  'invalid_body',
  'invalid_field_config',
  'incomplete_reorder',
]

export const isBodyError = (condition: ErrorCondition): boolean =>
  VALIDATION_CONDITIONS.includes(condition)

/** Why the answer is not a refusal (4xx) at all; §7 leaves which 4xx open. */
export const refusalProblem = (
  op: OperationId,
  exchange: Exchange,
  condition: ErrorCondition,
): string | undefined => {
  const unanswered = unansweredProblem(op, exchange)
  if (unanswered) return unanswered
  if (exchange.status >= 400 && exchange.status <= 499) return undefined
  return `${label(op)}: expected a refusal (4xx) because: ${CONDITION_SUMMARIES[condition]} Got ${exchange.status}.`
}

/**
 * §7: why an error answer of `op` is not in the shape the operation uses, if it is not.
 * `bodyError` marks an error about the request body: on the five validation-shape operations only
 * those are documented to carry `issues`; the profile (strict) uses that shape for every error of
 * those operations.
 */
export const errorShapeProblem = (
  op: OperationId,
  exchange: Exchange,
  bodyError: boolean,
  strict: boolean,
): string | undefined => {
  const shape = contract[op].errorShape
  if (exchange.unread !== undefined) {
    return `${label(op)}: the error body (${exchange.status}): ${exchange.unread}.`
  }
  if (!isJson(exchange))
    return `${label(op)}: the error body (${exchange.status}) is not JSON (§7).`
  const documented = shape === 'validation' && bodyError ? 'validation' : 'plain'
  const sentence =
    documented === 'validation'
      ? '§7 validation error shape { error: string, issues: [{ path: array, message: string }] }'
      : '§7 plain error shape { error: string }'
  const read = readBody(
    errorSchemas[documented].documented,
    exchange,
    `${label(op)}: not the ${sentence}`,
  )
  if ('problem' in read) return read.problem
  if (shape === 'plain' && 'issues' in Object(exchange.body)) {
    return `${label(op)}: answers with the validation shape (issues), which §7 gives to five other operations; this one uses the plain shape { error: string }.`
  }
  if (!strict) return undefined
  const profile = readBody(
    errorSchemas[shape].profile,
    exchange,
    `${label(op)}: not the profile's ${shape} error shape (CONTRACT_PROFILE=strict)`,
  )
  return 'problem' in profile ? profile.problem : undefined
}

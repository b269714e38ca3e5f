import { operationLabel as label } from '../../../contract/endpoints.ts'
import type { OperationId } from '../../../contract/table.ts'
import { type RunRelease, releaseAdvice } from '../../deployment/run-release.ts'
import { spelledKeys } from '../../deployment/to-deployment.ts'
import { describeExchange, type Exchange, SetupBlocked } from './failure.ts'

/**
 * The check as blocked: the deployment refused what it needed to set up. The deployment file keys
 * that spell the request are named as the fix, since a refusal there may be a spelling, not a verdict.
 */
export const blockedSetup = (
  summary: string,
  exchange: Exchange,
  keyVars: ReadonlyMap<string, string>,
  keys?: readonly string[],
): SetupBlocked => {
  const named = [...new Set(keys ?? spelledKeys.get(exchange) ?? [])]
  const fix =
    named.length > 0
      ? ` If this deployment spells that request differently, say how in the deployment file (--deployment): ${named.join(', ')}.`
      : ''
  return new SetupBlocked(`${summary}.${fix}`, describeExchange(exchange, keyVars), named)
}

/**
 * A refusal of `op`, as a block's summary. What a later release (§9) brought may be refused
 * because this deployment runs an earlier one: then `--release` is named before the spelling keys.
 */
export const refusalSummary = (
  op: OperationId,
  exchange: Exchange,
  release: RunRelease,
  prefix = '',
): string => {
  const advice = releaseAdvice(op, exchange.request.body, release)
  return `${prefix}${label(op)} answered ${exchange.status}${advice ? `. ${advice}` : ''}`
}

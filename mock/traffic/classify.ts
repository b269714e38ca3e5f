import { ERROR_CONDITIONS, type ErrorCondition } from '../../contract/errors.ts'
import { isObject } from '../../contract/json.ts'
import { type Outcome, outcomesOf } from './coverage.ts'
import type { ExchangeContext } from './exchange-context.ts'

/** The profile's `unauthorized` is coverage's `credential`; every other condition keeps its name. */
export const outcomeOfCondition = (condition: ErrorCondition): Outcome =>
  condition === 'unauthorized' ? 'credential' : condition

/** The profile's status of an outcome (§7 gives none): the last hint, after everything the exchange shows. */
const profileStatus = (outcome: Outcome): number =>
  outcome === 'success'
    ? 200
    : outcome === 'credential'
      ? ERROR_CONDITIONS.unauthorized.status
      : outcome === 'foreign'
        ? ERROR_CONDITIONS.not_found.status
        : ERROR_CONDITIONS[outcome].status

/** A body condition of this operation, from where the profile's schema finds the body wrong. */
const bodyCondition = (ctx: ExchangeContext, outcomes: readonly Outcome[]): Outcome | undefined => {
  if (outcomes.includes('incomplete_reorder') && ctx.op.id === 'reorderFields') {
    // The reorder body has one property: a list of the right type is refused for its content.
    const ids = ctx.requestObject?.orderedIds
    if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) return 'incomplete_reorder'
  }
  const schema = ctx.op.route.body?.profile
  const parsed =
    schema && ctx.request.state === 'json' ? schema.safeParse(ctx.request.value) : undefined
  if (parsed && !parsed.success && outcomes.includes('invalid_field_config')) {
    if (parsed.error.issues.some((issue) => issue.path.includes('config'))) {
      return 'invalid_field_config'
    }
  }
  if (parsed && !parsed.success)
    return outcomes.includes('invalid_body') ? 'invalid_body' : undefined
  return undefined
}

/**
 * A replaced config carries no kind, so the profile's body cannot find it wrong: the answer's issues
 * pointing inside the config (where this deployment wraps it, §4 "not shown") say it failed its kind.
 */
const configRefused = (ctx: ExchangeContext, issues: readonly unknown[]): boolean => {
  if (ctx.op.id !== 'replaceFieldConfig') return false
  const wrapper = ctx.deployment.forms?.replaceField?.wrapper
  const at = wrapper === null ? [] : (wrapper ?? 'config').split('.')
  return issues.some((issue) => {
    const path = isObject(issue) && Array.isArray(issue.path) ? issue.path : []
    return path.length > at.length && at.every((key, i) => String(path[i]) === key)
  })
}

/**
 * What an answer was, for coverage: a success, or a refusal with a §7 shape (whatever its status)
 * told apart by what the exchange shows: the credential sent, the rules the request breaks
 * (ExchangeContext.refusing), the deployment file's declared statuses, the validation shape, what
 * the traffic showed of the record, the request against the profile's body, and last the profile's
 * status. Undefined: a server error, an answer without a §7 shape, or a refusal it cannot place.
 * Traffic cannot tell another organization's record from an unknown id: both count as unknown id.
 */
export const outcomeOf = (ctx: ExchangeContext): Outcome | undefined => {
  if (ctx.success) return 'success'
  if (ctx.status < 400 || ctx.status > 499) return undefined
  const value = ctx.answerValue
  if (!isObject(value) || typeof value.error !== 'string') return undefined
  const outcomes = outcomesOf(ctx.op.id).map((def) => def.outcome)
  const has = (outcome: Outcome | undefined): outcome is Outcome =>
    outcome !== undefined && outcomes.includes(outcome)
  if ((ctx.exchange.requestHeaders.authorization?.trim() ?? '') === '') return 'credential'
  const fired = ctx.refusing.map(outcomeOfCondition).find(has)
  if (fired) return fired
  const declared = ctx.deployment.expect?.errors
  if (declared) {
    const named = outcomes.filter((outcome) => {
      const condition = outcome === 'credential' ? 'unauthorized' : outcome
      return condition in ERROR_CONDITIONS && declared[condition as ErrorCondition] === ctx.status
    })
    if (named.length === 1) return named[0]
  }
  // The profile answers every error of a validation-shape operation with `issues`, empty unless
  // the body is at fault: only listed issues tell of the body.
  const issues = Array.isArray(value.issues) ? value.issues : []
  if (issues.length > 0 && ctx.op.route.errorShape === 'validation') {
    const body = bodyCondition(ctx, outcomes)
    if (body) return body
    if (has('invalid_field_config') && configRefused(ctx, issues)) return 'invalid_field_config'
  }
  if (ctx.op.id === 'publishForm') {
    const fields = ctx.memory.forms.get(ctx.op.params.id ?? '')?.fieldIds
    if (fields && fields.value.length === 0) return 'publish_without_field'
  }
  // Then the profile's numbers, when they single out one documented outcome; then the body; then
  // the profile's numbers again, when they single out any one outcome.
  const byStatus = outcomes.filter(
    (outcome) =>
      outcome !== 'foreign' && outcome !== 'success' && profileStatus(outcome) === ctx.status,
  )
  const documented = outcomesOf(ctx.op.id).filter(
    (def) => def.layer === 'documented' && byStatus.includes(def.outcome),
  )
  if (documented.length === 1) return documented[0]?.outcome
  const body = bodyCondition(ctx, outcomes)
  if (body) return body
  return byStatus.length === 1 ? byStatus[0] : undefined
}

import { operationLabel as label } from '../../../contract/endpoints.ts'
import { errorSchemas } from '../../../contract/errors.ts'
import { isObject } from '../../../contract/json.ts'
import { newestFirstViolations, orderViolations } from '../../../contract/order.ts'
import { type ExchangeContext, issuesLine } from '../exchange-context.ts'

/** Too deep is read that far and no further (the words every reader of answers uses); else not at all. */
const unreadNote = (what: 'answer' | 'error', reason: string) =>
  reason.startsWith('nested deeper')
    ? `${what === 'answer' ? 'answer' : 'error answer'} ${reason}: not checked further`
    : `${what} body ${reason}: not checked`

/** The list of a list answer (`forms`, `sessions`, `series`, `reports`): its only array. */
const listOf = (body: unknown): unknown[] | undefined => {
  if (!isObject(body)) return undefined
  const arrays = Object.values(body).filter(Array.isArray)
  return arrays.length === 1 ? arrays[0] : undefined
}

/** §4: the documented envelope and schema; §2 fields and activities in order; §1 newest first. */
const success = (ctx: ExchangeContext): void => {
  const name = label(ctx.op.id)
  const answer = ctx.answer
  if (answer.state === 'unreadable') {
    ctx.notes.push(unreadNote('answer', answer.reason))
    return
  }
  if (answer.state !== 'json') {
    ctx.violation(
      answer.state === 'none'
        ? `answered ${ctx.status} with an empty body (§4: success responses are JSON)`
        : `answered ${ctx.status} with a body that is not JSON (§4): ${answer.reason}`,
    )
    return
  }
  if (answer.partial) {
    ctx.notes.push(
      `answer body over the size limit: checked the ${listOf(answer.value)?.length ?? 0} list items that arrived whole`,
    )
  }
  const parsed = ctx.op.route.success.documented.safeParse(answer.value)
  if (!parsed.success) {
    ctx.violation(`not the documented answer of ${name} (§2, §4): ${issuesLine(parsed.error)}`)
  }
  const disorder = orderViolations(answer.value, 'body')
  if (disorder.length > 0) {
    ctx.violation(
      `items are not in order (§2 "fields … in order", order is the position): ${disorder.slice(0, 3).join('; ')}`,
    )
  }
  if (ctx.op.route.list) {
    const items = (listOf(answer.value) ?? []).filter(
      (item): item is { id: string; createdAt: string } =>
        isObject(item) && typeof item.id === 'string' && typeof item.createdAt === 'string',
    )
    const late = newestFirstViolations(items)
    if (late.length > 0) {
      ctx.violation(`not newest first (§1): ${late.slice(0, 3).join('; ')}`)
    }
  }
}

/**
 * 400 and 422 say the request itself was at fault: to a body the reference rules out, on one of
 * the five operations §7 gives the validation shape, they are that body's refusal.
 */
const BODY_REFUSALS = new Set([400, 422])

/** §7: the operation's error shape. */
const refusal = (ctx: ExchangeContext): void => {
  const name = label(ctx.op.id)
  const answer = ctx.answer
  if (answer.state === 'unreadable') {
    ctx.notes.push(unreadNote('error', answer.reason))
    return
  }
  if (answer.state !== 'json') {
    ctx.violation(
      `answered ${ctx.status} with ${answer.state === 'none' ? 'an empty body' : 'a body that is not JSON'} (§7: errors answer { error } or { error, issues })`,
    )
    return
  }
  const plain = errorSchemas.plain.documented.safeParse(answer.value)
  if (!plain.success) {
    ctx.violation(`not the §7 error shape { error: string } of ${name}: ${issuesLine(plain.error)}`)
    return
  }
  const carriesIssues = isObject(answer.value) && 'issues' in answer.value
  if (ctx.op.route.errorShape === 'plain') {
    if (carriesIssues) {
      ctx.violation(
        `answers with the validation shape (issues), which §7 gives to five other operations; ${name} uses the plain shape { error: string }`,
      )
    }
    return
  }
  if (carriesIssues || (ctx.bodyRefused && BODY_REFUSALS.has(ctx.status))) {
    const validation = errorSchemas.validation.documented.safeParse(answer.value)
    if (!validation.success) {
      ctx.violation(
        `not the §7 validation error shape { error, issues: [{ path: array, message: string }] } of ${name}: ${issuesLine(validation.error)}`,
      )
    }
  }
}

/** What the answer decides, for the operations whose answers §4 shows. */
export const answerRules = (ctx: ExchangeContext): void => {
  if (ctx.op.inferred) return
  if (ctx.success) success(ctx)
  else if (ctx.refusal) refusal(ctx)
}

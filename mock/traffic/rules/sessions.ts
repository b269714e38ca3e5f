import { isObject } from '../../../contract/json.ts'
import { sentProperty } from '../../deployment/to-contract.ts'
import type { ExchangeContext } from '../exchange-context.ts'
import { declaredState } from './forms.ts'

const sessionOf = (value: unknown): Record<string, unknown> | undefined =>
  isObject(value) && isObject(value.session) && typeof value.session.id === 'string'
    ? value.session
    : undefined

const sawSession = (ctx: ExchangeContext, session: Record<string, unknown>) => {
  if (typeof session.status !== 'string') return
  ctx.memory.sessions.touch(session.id as string).status = {
    value: session.status,
    exchange: ctx.index,
  }
}

/** §3: a team only while the session is a draft (in team mode); the state as last seen. */
const teamRequest = (ctx: ExchangeContext) => {
  const seen = ctx.memory.sessions.get(ctx.op.params.id ?? '')?.status
  if (!seen || seen.value === 'draft') return
  ctx.mustBeRefused(
    `adds a team to a session that is not a draft (§3: teams only while the session is a draft; §7.4): it was ${JSON.stringify(seen.value)} in exchange #${seen.exchange}`,
    false,
    'team_not_allowed',
  )
}

const createAnswer = (ctx: ExchangeContext, session: Record<string, unknown>) => {
  const open = sentProperty(ctx.deployment, 'createSession', 'open', ctx.requestObject)
  if (!open.known) return
  if (open.value !== true) {
    if (session.status !== 'draft') {
      ctx.violation(
        `a created session starts as draft (§2, §3; the open-immediately option was not sent): status is ${JSON.stringify(session.status)}`,
      )
    }
    return
  }
  if (session.status === 'draft') {
    ctx.violation(
      'the open-immediately option was sent, but the session is still a draft: the option was not applied (§3)',
    )
    return
  }
  if (typeof session.joinCode !== 'string' || session.joinCode === '') {
    ctx.violation('the session opened on creation carries no join code (§3)')
  }
  declaredState(ctx, 'sessionOpen', session.status)
}

export const sessionRules = {
  request: (ctx: ExchangeContext): void => {
    if (ctx.op.id === 'addTeam') teamRequest(ctx)
  },
  answer: (ctx: ExchangeContext): void => {
    if (!ctx.success) return
    const value = ctx.answerValue
    const session = sessionOf(value)
    switch (ctx.op.id) {
      case 'createSession':
        if (session) createAnswer(ctx, session)
        break
      case 'openSession':
        if (!session) break
        if (session.status === 'draft')
          ctx.violation('the opened session still reports "draft" (§3)')
        declaredState(ctx, 'sessionOpen', session.status)
        break
      case 'endSession':
        if (!session) break
        if (session.status === 'draft') ctx.violation('the ended session reports "draft" (§3)')
        declaredState(ctx, 'sessionEnded', session.status)
        break
      case 'listSessions':
        if (isObject(value) && Array.isArray(value.sessions)) {
          for (const item of value.sessions) {
            if (isObject(item) && typeof item.id === 'string') sawSession(ctx, item)
          }
        }
        return
    }
    if (session) sawSession(ctx, session)
  },
}

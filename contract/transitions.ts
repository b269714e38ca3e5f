import type { ErrorCondition } from './errors.ts'
import type { OperationId } from './table.ts'

/**
 * The §3 transitions and rules a client can exercise, declared once: what contract coverage counts
 * as "transitions". `from` is the record's phase before the operation (phases, not state names:
 * the reference names only draft); `refused` marks a rule that makes the operation a refusal.
 */
export interface TransitionDef {
  resource: 'form' | 'session'
  operation: OperationId
  /** The phase the record is in before: `created` for an option of the create operation. */
  from:
    | 'created'
    | 'draft'
    | 'accepting'
    | 'open'
    | 'draft, team mode'
    | 'draft, no team mode'
    | 'not a draft'
  /** The rule refuses it with this condition (§7.4). */
  refused?: ErrorCondition
  summary: string
}

export const TRANSITIONS = {
  publishDraft: {
    resource: 'form',
    operation: 'publishForm',
    from: 'draft',
    summary: 'publish a draft form (§3)',
  },
  publishOnCreate: {
    resource: 'form',
    operation: 'createForm',
    from: 'created',
    summary: 'create a form published at once (§3, the immediate-publish option)',
  },
  closeAccepting: {
    resource: 'form',
    operation: 'closeForm',
    from: 'accepting',
    summary: 'close a form accepting responses (§3)',
  },
  openDraft: {
    resource: 'session',
    operation: 'openSession',
    from: 'draft',
    summary: 'open a draft session (§3)',
  },
  openOnCreate: {
    resource: 'session',
    operation: 'createSession',
    from: 'created',
    summary: 'create a session open at once (§3, the open-immediately option)',
  },
  endOpen: {
    resource: 'session',
    operation: 'endSession',
    from: 'open',
    summary: 'end an open session (§3)',
  },
  teamOnDraft: {
    resource: 'session',
    operation: 'addTeam',
    from: 'draft, team mode',
    summary: 'a team on a draft session in team mode (§3 rule: allowed)',
  },
  teamNotDraft: {
    resource: 'session',
    operation: 'addTeam',
    from: 'not a draft',
    refused: 'team_not_allowed',
    summary: 'a team on a session that is not a draft (§3 rule, §7.4: refused)',
  },
  teamNoTeamMode: {
    resource: 'session',
    operation: 'addTeam',
    from: 'draft, no team mode',
    refused: 'team_not_allowed',
    summary: 'a team on a draft session not in team mode (§3 rule, §7.4: refused)',
  },
} as const satisfies Record<string, TransitionDef>

export type TransitionId = keyof typeof TRANSITIONS
export const transitionIds = Object.keys(TRANSITIONS) as TransitionId[]

import type { ErrorCondition } from '../../../contract/errors.ts'
import type { Obj } from '../../../contract/json.ts'
import type { OperationId } from '../../../contract/table.ts'
import { spelledKeys } from '../../deployment/to-deployment.ts'
import type { Stored } from './oracle.ts'
import type { Rec, Step } from './world.ts'

/**
 * Where the reference decides whether a request succeeds. Exploration reports a divergence only
 * there; elsewhere the deployment's answer is its choice (follow.ts).
 */

/** Refusals §7 and §5 decide: the model refused for one of these, so must the deployment. */
const DECIDED_REFUSALS: readonly ErrorCondition[] = [
  // §5: a request without a valid key is refused; §1, §5.2: records belong to their organization.
  'unauthorized',
  'not_found',
  // §7.1, §7.3, §7.4, §7.5.
  'publish_without_field',
  'incomplete_reorder',
  'team_not_allowed',
  'missing_entitlement',
]

/** The transitions §3 lists, from the state it lists them: the only ones it decides. */
export const LISTED_TRANSITIONS: Partial<Record<OperationId, { from: string; to: string }>> = {
  publishForm: { from: 'draft', to: 'published' },
  closeForm: { from: 'published', to: 'closed' },
  openSession: { from: 'draft', to: 'open' },
  endSession: { from: 'open', to: 'ended' },
}

export const READS: readonly OperationId[] = [
  'getForm',
  'listForms',
  'listSessions',
  'listSeries',
  'listSponsorReports',
]

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}

/**
 * Whether the reference decides that this request, which the model accepted, succeeds: reads, the
 * transitions §3 lists from their listed state, and edits of a draft whose body the reference
 * spells completely (§4: a reorder's `orderedIds`, an update with both title and description, a
 * settings object of named settings and settled values). Creates, fields and activities (kinds
 * and contents are not shown), inferred operations and everything on a record past its draft are
 * left open.
 */
export const acceptanceDecided = (op: OperationId, before: Stored | undefined, body: unknown) => {
  if (READS.includes(op)) return true
  const listed = LISTED_TRANSITIONS[op]
  if (listed) return before?.status === listed.from
  if (before?.status !== 'draft') return false
  const sent = obj(body)
  if (op === 'reorderFields') return true
  if (op === 'updateForm') return 'title' in sent && 'description' in sent
  // A use case is this deployment's vocabulary (§2 names only templates for it).
  if (op === 'replaceFormSettings') return !('useCase' in sent)
  return false
}

/** Whether the reference decides the refusal the model gave (the condition it refused for). */
export const refusalDecided = (condition: ErrorCondition | undefined) =>
  condition !== undefined && DECIDED_REFUSALS.includes(condition)

/** File keys that name vocabulary (what §2 leaves open): a refusal that involves them is about words. */
const VOCABULARY_KEY =
  /^(forms\.fields\.|forms\.submissionConfig|sessions\.activities\.|forms\.(templates|useCases|layouts)|sessions\.modes)/

/** The deployment file keys that decided how the deployment's request was spelled. */
export const keysOf = (step: Step): string[] => [...(spelledKeys.get(step.real) ?? [])]

/** The deployment file keys behind a step's request: the vocabulary's first, then the spellings. */
export const vocabularyKeys = (step: Step): string[] => {
  const keys = [...new Set(keysOf(step))]
  const words = keys.filter((key) => VOCABULARY_KEY.test(key))
  return [...words, ...keys.filter((key) => !words.includes(key))]
}

/** Operations whose body carries the deployment's vocabulary: a refusal of one is a word matter. */
export const CARRIES_WORDS: readonly OperationId[] = [
  'createForm',
  'addField',
  'replaceFieldConfig',
  'replaceFormSettings',
  'createSession',
  'addActivity',
  'createSeries',
  'createSponsorReport',
]

/** Which of a form's or a session's parts an operation names: only those may change. */
export const NAMED_PARTS: Partial<Record<OperationId, readonly string[]>> = {
  publishForm: ['status'],
  closeForm: ['status'],
  openSession: ['status'],
  endSession: ['status'],
  updateForm: ['title', 'description'],
  replaceFormSettings: ['settings'],
  addField: ['fields'],
  replaceFieldConfig: ['fields'],
  reorderFields: ['fields'],
  removeField: ['fields'],
  addActivity: ['activities'],
}

/** An operation succeeded on a record: the parts it names may differ at the next read. */
export const touch = (rec: Rec | undefined, op: OperationId, label: string) => {
  if (!rec) return
  for (const part of NAMED_PARTS[op] ?? []) rec.changing.add(part)
  rec.since.push(label)
}

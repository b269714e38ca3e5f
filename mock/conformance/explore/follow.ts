import type { ErrorCondition } from '../../../contract/errors.ts'
import type { Obj } from '../../../contract/json.ts'
import { CARRIES_WORDS, LISTED_TRANSITIONS, touch, vocabularyKeys } from './decide.ts'
import { label } from './engine.ts'
import type { Stored } from './oracle.ts'
import type { Sides } from './step.ts'
import type { Rec, Step, World } from './world.ts'

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}
const ok = (status: number) => status >= 200 && status <= 299

/** The state each transition leads to, whatever state it was taken from. */
const TARGET: Record<string, string> = Object.fromEntries(
  Object.entries(LISTED_TRANSITIONS).map(([op, t]) => [op, t.to]),
)

const CREATES: Record<string, string> = {
  createForm: 'form',
  createSession: 'session',
  createSeries: 'series',
  createSponsorReport: 'report',
}

/** The model's record as a read shows it now, in the answer shape of `step`'s operation. */
const modelView = async (
  sides: Sides,
  step: Step,
  rec: Rec,
): Promise<Step['model'] | undefined> => {
  const client = sides.oracle.client(step.role)
  if (!client) return undefined
  if (rec.kind === 'form') {
    const read = await client.getForm({ params: { id: rec.model } })
    return read.status === 200 ? { ...read, status: step.real.status } : undefined
  }
  const list = await client.listSessions()
  const session = (obj(list.body).sessions as unknown[] | undefined)?.find(
    (s) => obj(s).id === rec.model,
  )
  return session === undefined
    ? undefined
    : { ...list, status: step.real.status, body: { session } }
}

/**
 * The deployment and the model disagree on a request whose outcome the reference does not decide:
 * the deployment's answer is its choice. Noted, then followed where the model can (a transition
 * the deployment allowed: the model's record takes the state it leads to, and the deployment's
 * answer is compared with it; a request the deployment refused: the model's record is put back),
 * otherwise the record is no longer compared. The rest of the run goes on being compared.
 * Returns the step to compare, if any.
 */
export const follow = async (
  world: World,
  sides: Sides,
  step: Step,
  rec: Rec | undefined,
  before: Stored | undefined,
  condition: ErrorCondition | undefined,
): Promise<Step | undefined> => {
  const { op } = step
  if (!ok(step.real.status)) {
    // The deployment refused what the model did: a matter of words when the request carries the
    // deployment's vocabulary and no state is in play (a new record, or a draft).
    const words = CARRIES_WORDS.includes(op) && (before === undefined || before.status === 'draft')
    const keys = words ? vocabularyKeys(step) : []
    let outcome: string
    const created = CREATES[op]
    if (created) {
      const id = obj(obj(step.model.body)[created]).id
      if (typeof id === 'string') world.orphans.add(id)
      outcome = "the model's new record is left out of its lists"
    } else if (before && rec && (rec.kind === 'form' || rec.kind === 'session')) {
      const restored = await sides.oracle.restore(rec.kind, before)
      if (!restored) rec.loose = `${label(op)} refused by the deployment`
      outcome = restored
        ? "the model's record is put back as it was"
        : `${rec.variable} is no longer compared`
    } else {
      outcome = 'nothing to follow'
    }
    // A kind the deployment refused on its own is not sent again in this exploration.
    if (op === 'addField' || op === 'addActivity') {
      const word = keys.find((key) => /^(forms\.fields|sessions\.activities)\./.test(key))
      if (word) {
        sides.vocabulary.refuse(word)
        outcome += `; ${word} is not generated again`
      }
    }
    sides.notes.add(words ? 'vocabulary' : 'choice', step, keys, outcome)
    return undefined
  }
  // The deployment accepted what the model refused (for a reason the reference does not decide).
  const why = condition ? ` (the model refused: ${condition})` : ''
  const target = TARGET[op]
  if (target && rec && (rec.kind === 'form' || rec.kind === 'session')) {
    const now = new Date().toISOString()
    const changed = await sides.oracle.change(rec.kind, rec.model, (record) => ({
      ...record,
      status: target,
      ...(op === 'publishForm' ? { publishedAt: record.publishedAt ?? now } : {}),
      ...(op === 'endSession' ? { currentActivityId: null } : {}),
    }))
    const view = changed ? await modelView(sides, step, rec) : undefined
    if (view) {
      sides.notes.add('choice', step, [], `the model's record follows it to "${target}"${why}`)
      touch(rec, op, label(op))
      step.model = view
      step.intent += ' (the model follows the deployment)'
      return step
    }
  }
  if (rec && op !== 'addTeam') {
    rec.loose = `${label(op)} accepted by the deployment${why}`
    // Still held to the deployment's own views: what this operation names may have changed.
    touch(rec, op, label(op))
  }
  const created = CREATES[op]
  const realId = created ? obj(obj(step.real.body)[created]).id : undefined
  if (created === 'form' && typeof realId === 'string') {
    sides.run.created.push({ kind: 'form', id: realId, role: step.role })
  }
  sides.notes.add(
    'choice',
    step,
    [],
    rec && op !== 'addTeam'
      ? `${rec.variable} is no longer compared${why}`
      : `nothing of it is compared${why}`,
  )
  return undefined
}

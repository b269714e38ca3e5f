import type { ErrorCondition } from '../../../contract/errors.ts'
import { contract, type OperationId, routeOf } from '../../../contract/table.ts'
import { NotOffered, type SpellHint } from '../../deployment/to-deployment.ts'
import { outcomeOfCondition } from '../../traffic/classify.ts'
import { compare, Divergence, settle } from './compare.ts'
import { acceptanceDecided, READS, refusalDecided, touch } from './decide.ts'
import { type Exchange, type KeyRole, label, type Run } from './engine.ts'
import { follow } from './follow.ts'
import type { Notes } from './notes.ts'
import type { Oracle, Stored } from './oracle.ts'
import type { ExploreVocabulary } from './vocabulary.ts'
import type { Kind, Pair, Rec, Step, World } from './world.ts'

export type Side = 'model' | 'real'

/** Both sides of one run, and what the commands need from the exploration. */
export interface Sides {
  run: Run
  oracle: Oracle
  /** Title of a record this run creates: the run marker, then `label`. */
  title: (label: string) => string
  /** Inferred operations this deployment showed it does not offer (sticky across runs). */
  notOffered: Set<OperationId>
  /** Deployment file keys that said "not offered" (null), so the step was left out. */
  notOfferedKeys: Set<string>
  /** What may be sent (and what the deployment refused meanwhile). */
  vocabulary: ExploreVocabulary
  /** What the deployment answered where the reference does not decide. */
  notes: Notes
  /** Which run of the exploration this is, for coverage's "where" (`exploration run 3`). */
  label?: string
}

export interface Request extends SpellHint {
  params?: Record<string, string>
  body?: unknown
}

/** An id as one side knows it. */
export const idOn = (side: Side, pair: Pair): string => pair[side]

const ok = (status: number) => status >= 200 && status <= 299

/** Statuses that say an inferred operation is not where the file (or the profile) puts it. */
export const ABSENT = [404, 405, 501]

/**
 * Sends one operation to the deployment (counted against the run's bound), then the same request
 * with the model's ids to the model, and compares the two answers. Where the reference does not
 * decide the outcome and the two differ, the deployment's choice is noted and followed instead
 * (follow.ts). Throws the divergence.
 */
export const send = async (
  world: World,
  sides: Sides,
  op: OperationId,
  role: KeyRole,
  intent: string,
  build: (side: Side) => Request,
): Promise<Step | undefined> => {
  const real = await sendReal(world, sides, op, role, build)
  return real && answerModel(world, sides, op, role, intent, build, real)
}

/**
 * Sends one operation to the deployment, counted against the run's bound. Undefined when it is
 * not sent: an operation not offered, of a later release, or a key this run has not. An answer
 * asking to slow down that the bound leaves no request to send again stops the run by the bound
 * (BudgetExhausted, as a request the bound refuses does): it is the bound's stop, not an answer.
 */
export const sendReal = async (
  world: World,
  sides: Sides,
  op: OperationId,
  role: KeyRole,
  build: (side: Side) => Request,
): Promise<Exchange | undefined> => {
  const realClient = sides.run.client(role)
  // Never an operation of a later release than the deployment's (commands check it first).
  if (
    !realClient ||
    !sides.oracle.client(role) ||
    sides.notOffered.has(op) ||
    !world.scope.offers(op)
  ) {
    return undefined
  }
  // The deployment gets the request as the catalog sends it: spelled by the deployment file.
  const spelled = realClient[op] as unknown as (args: Request) => Promise<Exchange>
  sides.run.spend()
  let answer: Exchange
  try {
    answer = await spelled(build('real'))
  } catch (error) {
    if (!(error instanceof NotOffered)) throw error
    // Nothing was sent: give the request back to the budget, and leave the option or operation out.
    sides.run.requests -= 1
    if (error.key === `operations.${op}`) sides.notOffered.add(op)
    sides.notOfferedKeys.add(error.key)
    return undefined
  }
  sides.run.paid(answer)
  return answer
}

/**
 * The model's answer to a request already run through it (linearize.ts's search): its exchange,
 * why it refused, and its copy of the record before.
 */
export interface ModelAnswer {
  model: Exchange
  condition: ErrorCondition | undefined
  before: Stored | undefined
}

/**
 * Runs a request (with the model's ids) through the model, with its copy of the record the request
 * addresses before, for a refusal to put back. Undefined without a model key for `role`.
 */
export const askModel = async (
  oracle: Oracle,
  op: OperationId,
  role: KeyRole,
  rec: Rec | undefined,
  request: Request,
): Promise<ModelAnswer | undefined> => {
  const client = oracle.client(role)
  if (!client) return undefined
  const before =
    rec && (rec.kind === 'form' || rec.kind === 'session')
      ? oracle.snapshot(rec.kind, rec.model)
      : undefined
  const route = contract[op]
  oracle.expect()
  const model: Exchange = await client.raw({
    method: route.method,
    path: route.path,
    ...(request.params ? { params: request.params } : {}),
    ...(request.body === undefined ? {} : { body: request.body }),
  })
  return { model, condition: oracle.lastCondition(), before }
}

/**
 * The same request with the model's ids to the model, after the deployment answered `real`, and
 * the two answers compared. Where the reference does not decide the outcome and the two differ,
 * the deployment's choice is noted and followed instead (follow.ts). Throws the divergence.
 * `ran`: the model has run it already (it stands as that left it) and answered so.
 */
export const answerModel = async (
  world: World,
  sides: Sides,
  op: OperationId,
  role: KeyRole,
  intent: string,
  build: (side: Side) => Request,
  real: Exchange,
  together?: number,
  ran?: ModelAnswer,
): Promise<Step | undefined> => {
  const request = build('real')
  // The record this operation acts on, and the model's copy of it before: a refusal puts it back.
  const rec = world.recordOf('real', request.params?.id)
  const modelRequest = build('model')
  const asked = ran ?? (await askModel(sides.oracle, op, role, rec, modelRequest))
  if (!asked) return undefined
  const { before, model, condition } = asked
  const step: Step = {
    op,
    role,
    intent,
    model,
    real,
    captures: [],
    ...(together === undefined ? {} : { together }),
  }
  world.steps.push(step)
  if (ok(real.status)) reached(world, op, rec)
  if (routeOf(op).inferred && !world.strict && ABSENT.includes(real.status)) {
    // §4 names these operations without their path: this deployment does not offer this one
    // where the deployment file (or the profile) says. When the model applied it and the
    // deployment has not, the rest of this run is moot; 501 says so whatever the model did.
    if (ok(model.status) || real.status === 501) {
      sides.notOffered.add(op)
      world.aborted ||= ok(model.status)
      return undefined
    }
  }
  // Coverage: the deployment's success, or the condition both sides refused for.
  const refusedToo = !ok(model.status) && real.status >= 400 && real.status <= 499
  const outcome = ok(real.status)
    ? 'success'
    : refusedToo && condition
      ? outcomeOfCondition(condition)
      : undefined
  const where = { step: `${sides.label ?? 'exploration'}, step ${world.steps.length}` }
  const judged = (judge: () => void) => {
    try {
      judge()
    } catch (error) {
      if (error instanceof Divergence) sides.run.cover(op, outcome, real, where, true)
      throw error
    }
    sides.run.cover(op, outcome, real, where)
  }
  const answered = real.status !== 0 && real.status < 500
  if (!world.strict && answered && ok(model.status) !== ok(real.status)) {
    const decided = ok(model.status)
      ? acceptanceDecided(op, before, modelRequest.body)
      : refusalDecided(condition)
    if (!decided) {
      const followed = await follow(world, sides, step, rec, before, condition)
      judged(() => {
        if (followed) compare(followed, world)
      })
      return step
    }
  }
  if (ok(model.status) && ok(real.status)) {
    touch(rec, op, label(op))
    settle(rec, step)
    if (rec && !READS.includes(op)) world.lastWrite = { rec, op }
  }
  judged(() => compare(step, world))
  return step
}

/** The records of this run each list shows. */
const LISTED: Partial<Record<OperationId, Kind>> = {
  listForms: 'form',
  listSessions: 'session',
  listSeries: 'series',
  listSponsorReports: 'report',
}

/**
 * Counts the pair this accepted request makes on its record with the one accepted on it before (a
 * write after a write, or the first read of each kind after a write, a list covering every record
 * of the run it shows), for the report and for the follow-up command's choice. A refused request
 * changed nothing, so it makes no pair.
 */
const reached = (world: World, op: OperationId, rec: Rec | undefined) => {
  const read = READS.includes(op)
  const records: Rec[] = read
    ? world.records.filter((r) =>
        op === 'getForm' ? r === rec : r.kind === LISTED[op] && !r.deleted,
      )
    : rec
      ? [rec]
      : []
  for (const r of records) {
    if (r.lastOp !== undefined && !r.readSince?.has(op)) {
      world.reach.pair(label(r.lastOp), label(op))
    }
    if (read) {
      r.readSince ??= new Set()
      r.readSince.add(op)
    } else {
      r.lastOp = op
      r.readSince = new Set()
    }
  }
}

import { contract, type OperationId, routeOf } from '../../../contract/table.ts'
import { NotOffered } from '../spell.ts'
import { compare } from './compare.ts'
import type { Exchange, KeyRole, Run } from './engine.ts'
import type { Oracle } from './oracle.ts'
import type { Pair, Step, World } from './world.ts'

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
}

export interface Request {
  params?: Record<string, string>
  body?: unknown
}

/** An id as one side knows it. */
export const idOn = (side: Side, pair: Pair): string => pair[side]

/**
 * Sends one operation to the deployment (counted against the run's bound), then the same request
 * with the model's ids to the model, and compares the two answers. Throws the divergence.
 */
export const send = async (
  world: World,
  sides: Sides,
  op: OperationId,
  role: KeyRole,
  intent: string,
  build: (side: Side) => Request,
): Promise<Step | undefined> => {
  const route = contract[op]
  const realClient = sides.run.client(role)
  const modelClient = sides.oracle.client(role)
  // Never an operation of a later release than the deployment's (commands check it first).
  if (!realClient || !modelClient || sides.notOffered.has(op) || !world.scope.offers(op)) {
    return undefined
  }
  const request = build('real')
  // The deployment gets the request as the catalog sends it: spelled by the deployment file.
  const spelled = realClient[op] as unknown as (args: Request) => Promise<Exchange>
  sides.run.spend()
  let real: Exchange
  try {
    real = await spelled(request)
  } catch (error) {
    if (!(error instanceof NotOffered)) throw error
    // Nothing was sent: give the request back to the budget, and leave the option or operation out.
    sides.run.requests -= 1
    if (error.key === `operations.${op}`) sides.notOffered.add(op)
    sides.notOfferedKeys.add(error.key)
    return undefined
  }
  const modelRequest = build('model')
  const model: Exchange = await modelClient.raw({
    method: route.method,
    path: route.path,
    ...(modelRequest.params ? { params: modelRequest.params } : {}),
    ...(modelRequest.body === undefined ? {} : { body: modelRequest.body }),
  })
  const step: Step = { op, role, intent, model, real, captures: [] }
  world.steps.push(step)
  if (routeOf(op).inferred && !world.strict && (real.status === 404 || real.status === 405)) {
    if (model.status >= 200 && model.status <= 299) {
      // §4 names these operations without their path: this deployment does not offer this one
      // where the deployment file (or the profile) says. The model has applied it and the
      // deployment has not, so the rest of this run is moot.
      sides.notOffered.add(op)
      world.aborted = true
      return undefined
    }
  }
  compare(step, world)
  return step
}

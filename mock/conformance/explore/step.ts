import { contract, type OperationId, routeOf } from '../../../contract/index.ts'
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
  if (!realClient || !modelClient) return undefined
  const call = (side: Side) => {
    const request = build(side)
    return {
      method: route.method,
      path: route.path,
      ...(request.params ? { params: request.params } : {}),
      ...(request.body === undefined ? {} : { body: request.body }),
    }
  }
  sides.run.spend()
  const real: Exchange = await realClient.raw(call('real'))
  const model: Exchange = await modelClient.raw(call('model'))
  const step: Step = { op, role, intent, model, real, captures: [] }
  world.steps.push(step)
  if (routeOf(op).inferred && !world.strict && (real.status === 404 || real.status === 405)) {
    if (model.status >= 200 && model.status <= 299) {
      // §4 names these operations without their path: this deployment does not offer this one.
      // The model has applied it and the deployment has not, so the rest of this run is moot.
      sides.notOffered.add(op)
      world.aborted = true
      return undefined
    }
  }
  compare(step, world)
  return step
}

import type { ActivityKind } from '../../contract/activities.ts'
import { isObject, type Obj } from '../../contract/json.ts'
import type { ApiStep } from '../../contract/plan.ts'
import type { DeploymentFile } from './schema.ts'
import { activityContent, activityKey } from './vocabulary.ts'

/** Something of the plan this deployment does not offer, left out of one record. */
export interface LeftOut {
  /** The plan's step that would have created it (its record's title when it has one). */
  record: string
  /** What was left out, in words: `a phone field`, `a slides activity`, `the retro template`. */
  what: string
  /** The deployment file key that says it is not offered. */
  key: string
}

/** Records something of `step` left out, named by what a reader finds it by: its title first. */
export type Leave = (step: ApiStep, what: string, key: string) => void

export const leftOutOf = (step: ApiStep, what: string, key: string): LeftOut => {
  const title = isObject(step.body) && typeof step.body.title === 'string' ? step.body.title : ''
  return { record: title || step.name || step.operation, what, key }
}

/** A session's (or a round's) activities without the kinds this deployment does not offer. */
export const offeredActivities = (
  deployment: DeploymentFile,
  step: ApiStep,
  body: Obj,
  leave: Leave,
): Obj => {
  if (!Array.isArray(body.activities)) return body
  const activities = body.activities.filter((activity) => {
    const kind = (isObject(activity) ? activity.kind : undefined) as ActivityKind | undefined
    if (kind === undefined || activityContent(deployment, kind) !== null) return true
    leave(step, `a ${kind} activity`, activityKey(kind))
    return false
  })
  return { ...body, activities }
}

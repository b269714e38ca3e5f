import type { ActivityKind } from '../../../contract/activities.ts'
import {
  activityKindsIn,
  LATEST_RELEASE,
  operationsIn,
  type Release,
} from '../../../contract/releases.ts'
import type { OperationId } from '../../../contract/table.ts'

/**
 * What exploration may send to a deployment of one release (§9): its operations and its activity
 * kinds. A command of a later operation, or one carrying a later kind, never runs (its precondition
 * fails, so fast-check leaves it out of the sequence): nothing of a later release is sent.
 */
export interface ReleaseScope {
  readonly release: Release
  offers(op: OperationId): boolean
  /** Whether every activity is of a kind this release has. */
  takes(activities: ReadonlyArray<{ kind: ActivityKind }>): boolean
}

export const releaseScope = (release: Release = LATEST_RELEASE): ReleaseScope => {
  const operations = new Set<OperationId>(operationsIn(release))
  const kinds = new Set<ActivityKind>(activityKindsIn(release))
  return {
    release,
    offers: (op) => operations.has(op),
    takes: (activities) => activities.every((activity) => kinds.has(activity.kind)),
  }
}

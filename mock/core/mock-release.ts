import type { ActivityKind } from '../../contract/activities.ts'
import {
  activityKindSince,
  inRelease,
  LATEST_RELEASE,
  operationSince,
  type Release,
  resolveRelease,
} from '../../contract/releases.ts'
import type { OperationId } from '../../contract/table.ts'
import { exportState } from './state.ts'
import type { CollectionName, Store } from './store.ts'

/** A mock's `release` option as a release; a bad one is a TypeError that lists the releases. */
export const releaseOption = (given: string | undefined): Release => {
  if (given === undefined) return LATEST_RELEASE
  const resolved = typeof given === 'string' ? resolveRelease(given) : undefined
  if (!resolved || 'error' in resolved) {
    throw new TypeError(
      resolved?.error ?? `release must be a string, got ${JSON.stringify(given)}.`,
    )
  }
  return resolved.release
}

/** The operation that creates a collection's records: the release it came in is theirs. */
const CREATED_BY: Record<CollectionName, OperationId> = {
  forms: 'createForm',
  sessions: 'createSession',
  series: 'createSeries',
  reports: 'createSponsorReport',
  responses: 'listFormResponses',
}

/**
 * Why a store holds what `release` cannot (records of a later resource, activities of a later
 * kind), or `undefined` when it fits: a state saved from the latest release is refused by an
 * earlier one rather than served as if that release had it.
 */
export const beyondRelease = (store: Store, release: Release): string | undefined => {
  if (release === LATEST_RELEASE) return undefined
  const state = exportState(store)
  const problems: string[] = []
  for (const [collection, op] of Object.entries(CREATED_BY) as [CollectionName, OperationId][]) {
    const since = operationSince(op)
    const count = state[collection].length
    if (count > 0 && !inRelease(since, release)) {
      problems.push(`${count} ${collection} (they arrived in ${since})`)
    }
  }
  const activities = [
    ...state.sessions.flatMap((session) => session.activities),
    ...state.series.flatMap((series) => series.rounds.flatMap((round) => round.activities)),
  ]
  const later = new Map<ActivityKind, number>()
  for (const { kind } of activities) {
    if (!inRelease(activityKindSince(kind), release)) later.set(kind, (later.get(kind) ?? 0) + 1)
  }
  for (const [kind, count] of later) {
    problems.push(`${count} ${kind} activities (that kind arrived in ${activityKindSince(kind)})`)
  }
  return problems.length === 0
    ? undefined
    : `This mock answers as release ${release}, and the state holds what that release cannot: ${problems.join(', ')}.`
}

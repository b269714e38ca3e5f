import type * as z from 'zod'
import {
  ACTIVITY_KINDS,
  ActivityInput,
  type ActivityKind,
  activitySchemasOf,
} from './activities.ts'
import { activityKindsIn, LATEST_RELEASE, operationsIn, type Release } from './releases.ts'
import type { Layered, RouteDef } from './route.ts'
import { locate, type SchemaPath, substitute } from './substitute.ts'
import { type Contract, contract, type OperationId } from './table.ts'

/** The endpoint table of one release: the operations it offers, keyed as in `contract`. */
export type ReleaseTable = Partial<Record<OperationId, RouteDef>>

const narrowLayered = (layered: Layered, swaps: ReadonlyMap<z.ZodType, z.ZodType>): Layered => {
  const documented = substitute(layered.documented, swaps)
  const profile = substitute(layered.profile, swaps)
  return documented === layered.documented && profile === layered.profile
    ? layered
    : { documented, profile }
}

const build = (release: Release): ReleaseTable => {
  const kinds = activityKindsIn(release)
  // A release with every kind keeps every schema as it is.
  const swaps =
    kinds.length === ACTIVITY_KINDS.length
      ? new Map<z.ZodType, z.ZodType>()
      : activitySchemasOf(kinds)
  const narrow = (route: RouteDef): RouteDef => {
    const body = route.body && narrowLayered(route.body, swaps)
    const success = narrowLayered(route.success, swaps)
    return body === route.body && success === route.success
      ? route
      : { ...route, ...(body ? { body } : {}), success: { ...route.success, ...success } }
  }
  return Object.fromEntries(
    operationsIn(release).map((id) => [id, narrow(contract[id] as RouteDef)]),
  ) as ReleaseTable
}

const tables = new Map<Release, ReleaseTable>()

/**
 * The endpoint table as a deployment of `release` has it: only the operations it offers, and
 * every schema that holds activities (bodies and answers, both layers) with only its kinds, so a
 * later kind is refused exactly as an unknown kind. The latest release is `contract` itself.
 */
export const contractIn = (release: Release): ReleaseTable => {
  if (release === LATEST_RELEASE) return contract as Contract as ReleaseTable
  let table = tables.get(release)
  if (!table) {
    table = build(release)
    tables.set(release, table)
  }
  return table
}

/**
 * Where a request body of `id` holds activities by kind: `[[]]` when the body is one
 * (`addActivity`), `[['activities', '*']]` for a session's, `[['rounds', '*', 'activities', '*']]`
 * for a series' rounds'. Read from the profile's body schema, so it cannot drift from it.
 */
export const activityPathsOf = (id: OperationId): SchemaPath[] => {
  const body = (contract[id] as RouteDef).body
  if (!body) return []
  const found = locate(body.profile, ActivityInput)
  return [...new Map(found.map((path) => [path.join('.'), path])).values()]
}

/** The activities of a body at `path` (`*` for each element), with their kinds. */
export const activitiesAt = (
  body: unknown,
  path: SchemaPath,
): Array<{ kind: ActivityKind | string; at: Array<string | number> }> => {
  const walk = (
    value: unknown,
    rest: SchemaPath,
    at: Array<string | number>,
  ): Array<{ kind: string; at: Array<string | number> }> => {
    if (rest.length === 0) {
      const kind = (value as { kind?: unknown } | null)?.kind
      return typeof kind === 'string' ? [{ kind, at }] : []
    }
    const [head, ...tail] = rest
    if (head === '*') {
      return Array.isArray(value) ? value.flatMap((item, i) => walk(item, tail, [...at, i])) : []
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return []
    return walk((value as Record<string, unknown>)[head as string], tail, [...at, head as string])
  }
  return walk(body, path, [])
}

import { formRoutes } from './forms.ts'
import type { RouteDef } from './route.ts'
import { seriesRoutes } from './series.ts'
import { sessionRoutes } from './sessions.ts'
import { sponsorRoutes } from './sponsors.ts'

/** The endpoint table: every operation, keyed by operationId. One file per resource declares its part. */
export const contract = {
  ...seriesRoutes,
  ...formRoutes,
  ...sessionRoutes,
  ...sponsorRoutes,
} as const satisfies Record<string, RouteDef>

export type Contract = typeof contract
export type OperationId = keyof Contract

export const operationIds = Object.keys(contract) as OperationId[]
export const documentedOperationIds = operationIds.filter(
  (id) => !(contract[id] as RouteDef).inferred,
)
export const routeOf = (id: OperationId): RouteDef => contract[id]

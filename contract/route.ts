import type * as z from 'zod'
import type { ErrorCondition, ErrorShape } from './errors.ts'
import type { ReleaseName } from './release-name.ts'

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
export const ENTITLEMENTS = ['series', 'data_export_analytics'] as const
export type Entitlement = (typeof ENTITLEMENTS)[number]

/** Both layers of one schema: what the reference states, and the profile's refinement of it. */
export interface Layered<D extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType> {
  documented: D
  profile: P
}

/**
 * One operation, declared once. The OpenAPI document, the mock's routing and validation,
 * the typed client and the conformance suite are all derived from these declarations.
 */
export interface RouteDef {
  method: Method
  /** Relative to the API root (§4 style): `/forms/{id}`. */
  path: string
  /** Section of the reference this operation comes from; `inferred` ones come from the release notes only. */
  section: string
  /** §4 "Other operations": exists per release notes, path and shape chosen by the profile. */
  inferred?: boolean
  /** Request body; absent for operations without one. */
  body?: Layered
  success: { status: number } & Layered
  errorShape: ErrorShape
  entitlement?: Entitlement
  /** Error conditions this operation can meet beyond the universal and body ones. */
  errors: readonly ErrorCondition[]
  /** List operations: newest first, scoped to the caller's organization. */
  list?: boolean
  /** The release that introduced it (§9), from `endpoints`. */
  since: ReleaseName
}

/** A route as its resource file writes it: its method, path, success status and release come from `endpoints`. */
export type RouteSpec = Omit<RouteDef, 'method' | 'path' | 'success' | 'since'> & {
  success: Layered
}

/** One route: its endpoint (endpoints.ts) plus its schemas, keeping the literal types of both. */
export const defineRoute = <
  const E extends { method: Method; path: string; status: number; since: ReleaseName },
  const R extends RouteSpec,
>(
  endpoint: E,
  route: R,
): Omit<R, 'success'> & {
  method: E['method']
  path: E['path']
  success: R['success'] & { status: E['status'] }
  since: E['since']
} => ({
  ...route,
  method: endpoint.method,
  path: endpoint.path,
  success: { ...route.success, status: endpoint.status },
  since: endpoint.since,
})

/** `'/forms/{id}/fields/{fieldId}'` → `'id' | 'fieldId'`. */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never
export type PathParams<P extends string> = [PathParamNames<P>] extends [never]
  ? Record<string, never>
  : { [K in PathParamNames<P>]: string }

export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string)

/** Fills `{name}` placeholders, URL-encoding each value so an id can never change the path. */
export const fillPath = (path: string, params: Record<string, string>): string =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${path}`)
    // URL parsing resolves these as dot segments even when encoded: they would reach another operation.
    if (value === '' || value === '.' || value === '..') {
      throw new TypeError(`Path parameter "${name}" cannot be "${value}"`)
    }
    return encodeURIComponent(value)
  })

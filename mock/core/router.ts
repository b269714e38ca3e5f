import type { ReleaseTable } from '../../contract/release-table.ts'
import { pathParamNames, type RouteDef } from '../../contract/route.ts'
import { contract, type OperationId } from '../../contract/table.ts'

interface Compiled {
  id: OperationId
  route: RouteDef
  pattern: RegExp
  names: string[]
}

export type Match =
  | { kind: 'operation'; id: OperationId; route: RouteDef; params: Record<string, string> }
  | { kind: 'wrong_method'; allowed: string[] }
  | { kind: 'none' }

const compiled: Compiled[] = (Object.entries(contract) as [OperationId, RouteDef][]).map(
  ([id, route]) => ({
    id,
    route,
    // Literal segments first: `/forms/{id}/fields/reorder` must never read "reorder" as a field id.
    pattern: new RegExp(`^${route.path.replace(/\{\w+\}/g, '([^/]+)')}/?$`),
    names: pathParamNames(route.path),
  }),
)
// More literal characters = more specific; tried first.
compiled.sort(
  (a, b) =>
    b.route.path.replace(/\{\w+\}/g, '').length - a.route.path.replace(/\{\w+\}/g, '').length,
)

/** The path's first segment: `forms` for `/forms/frm_1/fields`. */
const firstSegment = (path: string): string => {
  const end = path.indexOf('/', 1)
  return path.slice(1, end === -1 ? undefined : end)
}
/**
 * The routes by their first segment, each list in the order above. `[^/]+` never spans a slash, so
 * a path can only match a route whose first segment is the path's own: a request tries the dozen
 * routes under its resource instead of every route of the API (~0.8 µs of regular expressions
 * for POST /forms, 1.5 µs for PATCH /forms/{id}). Every route starts with a literal segment
 * (contract/table.ts); if one ever did not, every request tries every route again.
 */
const bySegment = ((): ReadonlyMap<string, Compiled[]> | undefined => {
  const groups = new Map<string, Compiled[]>()
  for (const entry of compiled) {
    const segment = firstSegment(entry.route.path)
    if (segment.includes('{')) return undefined
    const group = groups.get(segment)
    if (group) group.push(entry)
    else groups.set(segment, [entry])
  }
  return groups
})()

/**
 * Matches a path relative to the API root, decoding each parameter once (a `%2F` stays inside it).
 * With `table` (an earlier release's, contract/release-table.ts) only its operations exist, and
 * their routes are its own: any other path is unknown, as a path no release has.
 */
export const matchRoute = (method: string, path: string, table?: ReleaseTable): Match => {
  const allowed: string[] = []
  const candidates = bySegment ? (bySegment.get(firstSegment(path)) ?? []) : compiled
  for (const entry of candidates) {
    const route = table ? table[entry.id] : entry.route
    if (!route) continue
    const found = entry.pattern.exec(path)
    if (!found) continue
    if (route.method !== method) {
      allowed.push(route.method)
      continue
    }
    const params: Record<string, string> = {}
    for (const [i, name] of entry.names.entries()) {
      let value = found[i + 1] as string
      try {
        value = decodeURIComponent(value)
      } catch {
        // A malformed escape is an id that cannot exist: keep it raw, the lookup answers 404.
      }
      params[name] = value
    }
    return { kind: 'operation', id: entry.id, route, params }
  }
  return allowed.length
    ? { kind: 'wrong_method', allowed: [...new Set(allowed)] }
    : { kind: 'none' }
}

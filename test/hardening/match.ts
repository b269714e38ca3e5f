import { contract, type OperationId, type RouteDef } from '../../contract/index.ts'

/** Path matching as OpenAPI has it, built from the contract alone (never from the mock's router). */
interface Template {
  segments: string[]
  literals: number
  byMethod: Map<string, [OperationId, RouteDef]>
}
const templates = new Map<string, Template>()
for (const [id, route] of Object.entries(contract) as [OperationId, RouteDef][]) {
  const segments = route.path.slice(1).split('/')
  const entry = templates.get(route.path) ?? {
    segments,
    literals: segments.filter((s) => !s.startsWith('{')).length,
    byMethod: new Map(),
  }
  entry.byMethod.set(route.method, [id, route])
  templates.set(route.path, entry)
}
const bySpecificity = [...templates.values()].sort((a, b) => b.literals - a.literals)

export type Resolved =
  | { kind: 'operation'; id: OperationId; route: RouteDef; params: Record<string, string> }
  | { kind: 'wrong_method'; allowed: string[] }
  | { kind: 'none' }

const decode = (raw: string) => {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/**
 * The most specific template that has the method wins; only when none of the matching templates
 * has it, 405 with all their methods. So PATCH on /forms/{id}/fields/reorder is the field
 * operation with fieldId "reorder" (the profile's choice, see mock/core/router.test.ts), where
 * OpenAPI's "a concrete path first" would answer 405. A trailing slash is tolerated.
 */
export const resolve = (method: string, path: string): Resolved => {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  const parts = trimmed.slice(1).split('/')
  const matching = bySpecificity.filter(
    (t) =>
      t.segments.length === parts.length &&
      t.segments.every((s, i) => (s.startsWith('{') ? parts[i] !== '' : s === parts[i])),
  )
  if (matching.length === 0) return { kind: 'none' }
  const template = matching.find((t) => t.byMethod.has(method))
  const found = template?.byMethod.get(method)
  if (!template || !found) {
    return {
      kind: 'wrong_method',
      allowed: [...new Set(matching.flatMap((t) => [...t.byMethod.keys()]))],
    }
  }
  const params: Record<string, string> = {}
  template.segments.forEach((s, i) => {
    if (s.startsWith('{')) params[s.slice(1, -1)] = decode(parts[i] as string)
  })
  return { kind: 'operation', id: found[0], route: found[1], params }
}

import { pathParamNames, type RouteDef } from '../../contract/route.ts'
import { contract, type OperationId } from '../../contract/table.ts'
import { matchRoute } from '../core/router.ts'
import { type DeploymentFile, INFERRED_OPERATIONS, type InferredOperation } from './schema.ts'

/** `POST /forms/{id}/publish`: how the reference writes an operation. */
export const label = (id: OperationId): string => `${contract[id].method} ${contract[id].path}`

/** The operation a request addressed, as this deployment places its operations. */
export interface Located {
  id: OperationId
  route: RouteDef
  params: Record<string, string>
  /** §4 "Other operations": exists, but its body and answer are not shown. */
  inferred: boolean
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^$|()[\]\\]/g, '\\$&')

const compile = (path: string) => ({
  pattern: new RegExp(`^${escapeRegExp(path).replace(/\\?\{\w+\\?\}/g, '([^/]+)')}/?$`),
  names: pathParamNames(path),
})

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value)
  } catch {
    return value
  }
}

/**
 * A matcher of requests to operations: the documented paths of §4 as the contract declares them,
 * and the inferred operations where the deployment file puts them (the profile's place when the
 * file says nothing, nowhere when it says `null`). A documented operation always wins.
 */
export const operationMatcher = (deployment: DeploymentFile = {}) => {
  const located = INFERRED_OPERATIONS.flatMap((id: InferredOperation) => {
    const placed = deployment.operations?.[id]
    if (placed === null || placed === undefined) return []
    return [{ id, method: placed.method, ...compile(placed.path) }]
  })
  const moved = new Set(
    INFERRED_OPERATIONS.filter((id) => deployment.operations?.[id] !== undefined),
  )
  return (method: string, pathWithQuery: string): Located | undefined => {
    const path = pathWithQuery.split('?')[0] ?? ''
    const match = matchRoute(method, path)
    if (match.kind === 'operation') {
      const inferred = 'inferred' in match.route
      if (!inferred) return { id: match.id, route: match.route, params: match.params, inferred }
      if (!moved.has(match.id as InferredOperation)) {
        return { id: match.id, route: match.route, params: match.params, inferred }
      }
    }
    for (const entry of located) {
      if (entry.method !== method) continue
      const found = entry.pattern.exec(path)
      if (!found) continue
      const params = Object.fromEntries(
        entry.names.map((name, i) => [name, decoded(found[i + 1] ?? '')]),
      )
      return { id: entry.id, route: contract[entry.id], params, inferred: true }
    }
    return undefined
  }
}

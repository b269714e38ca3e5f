import type { Handler } from './proxy.ts'
import { parse, reply } from './rewrite.ts'

/** Other names for the states the reference does not name (§3), as another deployment might choose. */
const STATES: Record<string, string> = {
  published: 'live',
  closed: 'archived',
  open: 'running',
  ended: 'finished',
}
/** Other status codes where §7 gives none. */
const STATUSES: Record<number, number> = { 201: 200, 409: 422, 404: 410, 401: 403 }

const rename = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(rename)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'status' && typeof inner === 'string' ? (STATES[inner] ?? inner) : rename(inner),
    ]),
  )
}

/**
 * A deployment that conforms to the reference but answers every open question differently from
 * the profile: other status codes, other state names, extra properties in every body.
 */
export const alternativeDeployment: Handler = async (request, forward) => {
  const answer = await forward(request)
  const body = parse(answer)
  const extra =
    answer.status >= 400 ? { code: 'E_CONTRACT', requestId: 'req-1' } : { meta: { v: 2 } }
  return reply(STATUSES[answer.status] ?? answer.status, { ...(rename(body) as object), ...extra })
}

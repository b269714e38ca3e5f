import {
  API_PREFIX,
  CHAOS_CONDITIONS,
  conditionsOf,
  ERROR_CONDITIONS,
  errorSchemas,
  LIMITS,
  PlainError,
  type RouteDef,
} from '../../contract/index.ts'
import { resolve } from './match.ts'
import type { OrgWorld, World } from './world.ts'

/**
 * What the profile says a request must get, worked out from the contract and the world alone
 * (never from the mock's own code): which operation it reaches, which statuses are allowed, and
 * which error shape an error must have.
 */
export interface SentRequest {
  method: string
  /** Relative to the API root, exactly as sent (not normalised, not decoded). */
  path: string
  headers: Record<string, string>
  body?: string
}

/** RFC 9110: the scheme is case-insensitive; one token after it. */
export const callerOf = (world: World, authorization: string | undefined): OrgWorld | undefined => {
  const key = authorization?.match(/^bearer +(\S+) *$/i)?.[1]
  return [world.acme, world.globex].find((org) => org.key === key)
}

export const isJsonMediaType = (value: string | undefined) => {
  const type = (value ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'application/json' || /^application\/[^/\s]+\+json$/.test(type)
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8')

/** Whether every id in the path belongs to the caller (a field: to the form in the path). */
const ownsPath = (caller: OrgWorld, route: RouteDef, params: Record<string, string>) => {
  const id = params.id
  if (id === undefined) return true
  const owned = route.path.startsWith('/forms')
    ? Object.values(caller.forms).includes(id)
    : Object.values(caller.sessions).includes(id)
  if (!owned) return false
  return params.fieldId === undefined || (caller.fieldsOf[id] ?? []).includes(params.fieldId)
}

export interface Expectation {
  route?: RouteDef
  statuses: number[]
  /** The stage that decides, for the statistics and the failure message. */
  stage: string
  allow?: string[]
}

const statusOf = (condition: keyof typeof ERROR_CONDITIONS) => ERROR_CONDITIONS[condition].status

/** The dispatch order of the profile; every host refuses an oversize body before anything else. */
export const expectFor = (world: World, request: SentRequest): Expectation => {
  const raw = request.body ?? ''
  const found = resolve(request.method, request.path)
  if (bytes(raw) > LIMITS.bodyBytes) {
    return {
      ...(found.kind === 'operation' ? { route: found.route } : {}),
      statuses: [413],
      stage: 'size',
    }
  }
  if (found.kind === 'none') return { statuses: [404], stage: 'unknown route' }
  if (found.kind === 'wrong_method') {
    return { statuses: [405], stage: 'wrong method', allow: found.allowed }
  }
  const { route, params } = found
  const at = (stage: string, ...statuses: number[]) => ({ route, statuses, stage })
  const caller = callerOf(world, request.headers.authorization)
  if (!caller) return at('auth', 401)
  if (route.entitlement && caller === world.globex) return at('entitlement', 403)
  if (route.body) {
    let value: unknown
    if (raw.trim() !== '') {
      if (!isJsonMediaType(request.headers['content-type'])) return at('media type', 415)
      try {
        value = JSON.parse(raw)
      } catch {
        return at('malformed JSON', 400)
      }
    }
    if (!route.body.profile.safeParse(value).success) return at('body schema', 400)
  }
  if (!ownsPath(caller, route, params)) return at('not owned', 404)
  // No request here sends `Prefer` or runs with a failure rate: chaos answers would be wrong.
  const statuses = conditionsOf(route)
    .filter((c) => c !== 'internal' && !(CHAOS_CONDITIONS as readonly string[]).includes(c))
    .map(statusOf)
  return at('operation', route.success.status, ...statuses)
}

export interface Answer {
  status: number
  text: string
  headers: Record<string, string | undefined>
}

/** Every way an answer breaks the profile; empty when it is right. */
export const problemsWith = (expected: Expectation, answer: Answer): string[] => {
  const problems: string[] = []
  if (answer.status >= 500) problems.push(`answered ${answer.status}`)
  if (!expected.statuses.includes(answer.status)) {
    problems.push(
      `status ${answer.status}, expected ${expected.statuses.join(' or ')} (${expected.stage})`,
    )
  }
  if (!/^application\/json\b/.test(answer.headers['content-type'] ?? '')) {
    problems.push(`content-type ${answer.headers['content-type']}`)
  }
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return [...problems, `body is not JSON: ${answer.text.slice(0, 200)}`]
  }
  const { route } = expected
  const schema = !route
    ? PlainError
    : answer.status === route.success.status
      ? route.success.profile
      : errorSchemas[route.errorShape].profile
  const checked = schema.safeParse(body)
  if (!checked.success) {
    problems.push(`body is not the documented shape: ${checked.error.issues[0]?.message}`)
  }
  if (expected.allow && answer.headers.allow !== expected.allow.join(', ')) {
    problems.push(`allow header "${answer.headers.allow}", expected "${expected.allow.join(', ')}"`)
  }
  return problems
}

export const isSuccess = (expected: Expectation, status: number) =>
  expected.route !== undefined && status === expected.route.success.status

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** The request as a curl command against a running mock, and as a `mock.handle` call. */
export const replayable = (request: SentRequest): string => {
  const headers = Object.entries(request.headers).map(([k, v]) => `-H ${shellQuote(`${k}: ${v}`)}`)
  const body =
    request.body === undefined
      ? []
      : [
          `--data-raw ${shellQuote(request.body.length > 2000 ? `${request.body.slice(0, 2000)}…(${request.body.length} chars)` : request.body)}`,
        ]
  return [
    `curl -i -X ${request.method} ${shellQuote(`http://localhost:4010${API_PREFIX}${request.path}`)}`,
    ...headers,
    ...body,
  ].join(' ')
}

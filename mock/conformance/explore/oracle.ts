import { type Client, createClient } from '../../../contract/client.ts'
import { API_PREFIX } from '../../../contract/common.ts'
import type { ErrorCondition } from '../../../contract/errors.ts'
import type { DemoOrganization } from '../../../contract/plan.ts'
import type { Release } from '../../../contract/releases.ts'
import { ENTITLEMENTS } from '../../../contract/route.ts'
import type { IdPosition } from '../../core/changes.ts'
import type { Operations } from '../../core/context.ts'
import type { MockCore } from '../../core/mock.ts'
import { isFailure, type Result } from '../../core/result.ts'
import type { MockState } from '../../core/state.ts'
import { createMockCore } from '../../create.ts'
import { operations } from '../../operations/index.ts'
import type { KeyRole } from './engine.ts'

export type RunKeys = { main: string } & Partial<Record<Exclude<KeyRole, 'main'>, string>>

/** Nothing is ever sent here: the oracle's fetch answers in-process. */
const ORACLE_ROOT = `http://oracle.invalid${API_PREFIX}`

/**
 * The organizations the model starts with: one per distinct key of the run, holding what the key's
 * role says it holds (the main key both entitlements, the others none). A key given for two roles
 * is one organization, as on the deployment.
 */
export const oracleOrganizations = (keys: RunKeys): DemoOrganization[] => {
  const orgs: DemoOrganization[] = [
    { id: 'org_main00000000', name: 'Main', apiKey: keys.main, entitlements: [...ENTITLEMENTS] },
  ]
  const others: Array<[string | undefined, string]> = [
    [keys.otherOrg, 'org_other0000000'],
    [keys.noEntitlements, 'org_noent0000000'],
  ]
  for (const [key, id] of others) {
    if (key === undefined || orgs.some((org) => org.apiKey === key)) continue
    orgs.push({ id, name: id, apiKey: key, entitlements: [] })
  }
  return orgs
}

/** A fetch answered by a mock in this process: no socket, same bytes as its HTTP hosts send. */
export const mockFetch =
  (mock: MockCore): typeof fetch =>
  async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    const answer = await mock.handle({
      method: init?.method ?? 'GET',
      path: url.pathname.slice(url.pathname.indexOf(API_PREFIX) + API_PREFIX.length) || '/',
      headers: Object.fromEntries(new Headers(init?.headers)),
      ...(typeof init?.body === 'string' ? { body: init.body } : {}),
    })
    return new Response(answer.status === 204 ? null : answer.text, {
      status: answer.status,
      headers: answer.headers,
    })
  }

export interface Oracle {
  client: (role: KeyRole) => Client | undefined
  /**
   * Why the model refused the request it answered last: the mock's error condition, or (for what
   * its dispatcher refuses before any operation runs) the condition its status stands for.
   */
  lastCondition: () => ErrorCondition | undefined
  /** Clears lastCondition: called before each request. */
  expect: () => void
  /** The model's stored record of a form or session, as a plain copy; undefined when it has none. */
  snapshot: (kind: 'form' | 'session', id: string) => Stored | undefined
  /** Puts a snapshot back (the deployment refused what the model did). False: the record is gone. */
  restore: (kind: 'form' | 'session', snapshot: Stored) => Promise<boolean>
  /**
   * The whole model as it stands (store and identifier source), and putting it back: a concurrent
   * step runs its operations in several orders from one state (linearize.ts).
   */
  save: () => Promise<OracleState>
  load: (state: OracleState) => Promise<void>
  /** Changes the model's record (the deployment made a choice the model can follow). */
  change: (
    kind: 'form' | 'session',
    id: string,
    change: (record: Stored) => Stored,
  ) => Promise<boolean>
}

/** The model's whole state between two requests. */
export interface OracleState {
  state: MockState
  at: IdPosition
}

/** A stored record as the model keeps it (API fields plus owner and creation counter). */
export type Stored = Record<string, unknown> & { id: string }

/** What a status of the model's dispatcher stands for when no operation refused (body, route, key). */
const BY_STATUS: Record<number, ErrorCondition> = {
  400: 'invalid_body',
  401: 'unauthorized',
  403: 'missing_entitlement',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
}

/**
 * A fresh in-process mock with the run's keys: the executable model every answer of the
 * deployment is compared with. Its clients are the same typed clients as the deployment's, over a
 * fetch that calls the mock directly, so both sides build byte-identical requests. Its operations
 * are the mock's own, wrapped to say why they refused.
 */
export const createOracle = async (keys: RunKeys, release?: Release): Promise<Oracle> => {
  let condition: ErrorCondition | undefined
  const wrapped = Object.fromEntries(
    Object.entries(operations).map(([id, operation]) => [
      id,
      async (ctx: never) => {
        const result = await (operation as (ctx: never) => Promise<Result<unknown>>)(ctx)
        condition = isFailure(result) ? result.condition : undefined
        return result
      },
    ]),
  ) as Partial<Operations>
  const mock = createMockCore({
    plan: { seed: 1, organizations: oracleOrganizations(keys), steps: [] },
    publicUrl: 'http://oracle.invalid',
    operations: wrapped,
    // The model answers as the deployment's release does.
    ...(release === undefined ? {} : { release }),
  })
  await mock.ready
  const fetchImpl = mockFetch(mock)
  const clients = new Map<KeyRole, Client>()
  for (const [role, apiKey] of Object.entries(keys) as Array<[KeyRole, string | undefined]>) {
    if (apiKey) clients.set(role, createClient({ baseUrl: ORACLE_ROOT, apiKey, fetch: fetchImpl }))
  }
  let lastStatus = 0
  const table = (kind: 'form' | 'session') =>
    (kind === 'form' ? mock.store.forms : mock.store.sessions) as unknown as {
      get: (id: string) => Stored | undefined
      replace: (record: Stored, next: Stored) => Promise<Stored>
    }
  const plain = (record: Stored): Stored => JSON.parse(JSON.stringify(record)) as Stored
  return {
    client: (role) => {
      const client = clients.get(role)
      if (!client) return undefined
      // Every answer's status, for lastCondition.
      return new Proxy(client, {
        get(target, property, receiver) {
          const value: unknown = Reflect.get(target, property, receiver)
          if (typeof value !== 'function') return value
          return async (...args: unknown[]) => {
            const answer = (await Reflect.apply(value, target, args)) as { status: number }
            lastStatus = answer.status
            return answer
          }
        },
      })
    },
    expect: () => {
      condition = undefined
      lastStatus = 0
    },
    lastCondition: () =>
      lastStatus >= 200 && lastStatus <= 299 ? undefined : (condition ?? BY_STATUS[lastStatus]),
    snapshot: (kind, id) => {
      const record = table(kind).get(id)
      return record ? plain(record) : undefined
    },
    restore: async (kind, snapshot) => {
      const current = table(kind).get(snapshot.id)
      if (!current) return false
      await table(kind).replace(current, snapshot)
      return true
    },
    save: () => mock.capture((state, at) => ({ state, at })),
    load: async ({ state, at }) => {
      const loaded = await mock.importState(state)
      if (!loaded.ok)
        throw new Error(`the model could not take back its own state: ${loaded.error}`)
      await mock.resumeIds(at)
    },
    change: async (kind, id, change) => {
      const current = table(kind).get(id)
      if (!current) return false
      await table(kind).replace(current, change(plain(current)))
      return true
    },
  }
}

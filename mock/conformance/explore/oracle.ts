import { type Client, createClient } from '../../../contract/client.ts'
import { API_PREFIX } from '../../../contract/common.ts'
import type { Release } from '../../../contract/releases.ts'
import { ENTITLEMENTS } from '../../../contract/route.ts'
import type { DemoOrganization } from '../../../fixtures/plan.ts'
import { createMockCore, type MockCore } from '../../core/mock.ts'
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
}

/**
 * A fresh in-process mock with the run's keys: the executable model every answer of the
 * deployment is compared with. Its clients are the same typed clients as the deployment's, over a
 * fetch that calls the mock directly, so both sides build byte-identical requests.
 */
export const createOracle = async (keys: RunKeys, release?: Release): Promise<Oracle> => {
  const mock = createMockCore({
    plan: { seed: 1, organizations: oracleOrganizations(keys), steps: [] },
    publicUrl: 'http://oracle.invalid',
    // The model answers as the deployment's release does.
    ...(release === undefined ? {} : { release }),
  })
  await mock.ready
  const fetchImpl = mockFetch(mock)
  const clients = new Map<KeyRole, Client>()
  for (const [role, apiKey] of Object.entries(keys) as Array<[KeyRole, string | undefined]>) {
    if (apiKey) clients.set(role, createClient({ baseUrl: ORACLE_ROOT, apiKey, fetch: fetchImpl }))
  }
  return { client: (role) => clients.get(role) }
}

import fc from 'fast-check'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import type { MockState } from '../../mock/core/state.ts'
import type { SentRequest } from './oracle.ts'
import { bearer, json } from './world.ts'

/** Sequences of ordinary writes by both demo organizations, each aimed at a record that exists. */
export type Write = { key: string; pick: number; op: number; race: boolean }
export const writes = fc.array(
  fc.record({
    key: fc.constantFrom(ACME_KEY, GLOBEX_KEY),
    pick: fc.nat(),
    op: fc.nat(11),
    race: fc.boolean(),
  }),
  { minLength: 5, maxLength: 40 },
)

/** One write, aimed at a record of the writer picked from the current store. */
export const writeFor = (state: MockState, { key, pick, op }: Write): SentRequest => {
  const orgId = state.organizations.find((o) => o.apiKey === key)?.id
  const pickFrom = <T>(list: T[]) => list[pick % Math.max(1, list.length)]
  const form = pickFrom(state.forms.filter((f) => f.orgId === orgId))
  const session = pickFrom(state.sessions.filter((s) => s.orgId === orgId))
  const f = form?.id ?? 'frm_000000000000'
  const s = session?.id ?? 'ses_000000000000'
  const title = `Title ${pick}`
  const choices: [string, string, unknown?][] = [
    ['POST', '/forms', { title, fields: [{ kind: 'yes_no', config: { label: 'Q' } }] }],
    ['PATCH', `/forms/${f}`, { title }],
    ['POST', `/forms/${f}/publish`],
    ['POST', `/forms/${f}/close`],
    ['POST', `/forms/${f}/fields`, { kind: 'email', config: { label: 'Email' } }],
    ['DELETE', `/forms/${f}`],
    ['POST', '/sessions', { title, teamMode: true }],
    ['POST', `/sessions/${s}/open`],
    ['POST', `/sessions/${s}/teams`, { name: title, color: '#123456' }],
    ['POST', `/sessions/${s}/activities`, { kind: 'cue', note: title }],
    ['POST', '/series', { title }],
    ['POST', '/sponsors', { title, brandLabel: 'Brand' }],
  ]
  const [method, path, body] = choices[op] as [string, string, unknown?]
  return {
    method,
    path,
    headers: { ...bearer(key), ...json },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }
}

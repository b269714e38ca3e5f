import type { ReleaseName } from './release-name.ts'
import type { Method } from './route.ts'

/** Where an operation lives and what it answers on success: all the typed client needs at run time. */
export interface Endpoint {
  method: Method
  /** Relative to the API root (§4 style): `/forms/{id}`. */
  path: string
  /** The success status; any other answer is `ok: false`. */
  status: number
  /** The release that introduced it (§9; contract/releases.ts). */
  since: ReleaseName
}

/**
 * Every operation's method, path, success status and release, declared once and imported by the
 * route definitions (forms.ts, sessions.ts, …) that add their schemas. No zod here, on purpose: an
 * app using only `createClient` bundles this table, not the schemas (docs/decisions.md).
 *
 * `since` (§9): series and sponsor reports arrived on 2026-07-13; the form editing operations were
 * "already available before 2026-07-13", and the notes date nothing else, so every other operation
 * is in the `initial` release (contract/releases.ts says why it has no date).
 */
export const endpoints = {
  createSeries: { method: 'POST', path: '/series', status: 201, since: '2026-07-13' },
  listSeries: { method: 'GET', path: '/series', status: 200, since: '2026-07-13' },

  createForm: { method: 'POST', path: '/forms', status: 201, since: 'initial' },
  listForms: { method: 'GET', path: '/forms', status: 200, since: 'initial' },
  getForm: { method: 'GET', path: '/forms/{id}', status: 200, since: 'initial' },
  updateForm: { method: 'PATCH', path: '/forms/{id}', status: 200, since: 'initial' },
  replaceFormSettings: {
    method: 'PATCH',
    path: '/forms/{id}/settings',
    status: 200,
    since: 'initial',
  },
  publishForm: { method: 'POST', path: '/forms/{id}/publish', status: 200, since: 'initial' },
  closeForm: { method: 'POST', path: '/forms/{id}/close', status: 200, since: 'initial' },
  addField: { method: 'POST', path: '/forms/{id}/fields', status: 201, since: 'initial' },
  replaceFieldConfig: {
    method: 'PATCH',
    path: '/forms/{id}/fields/{fieldId}',
    status: 200,
    since: 'initial',
  },
  reorderFields: {
    method: 'POST',
    path: '/forms/{id}/fields/reorder',
    status: 200,
    since: 'initial',
  },
  deleteForm: { method: 'DELETE', path: '/forms/{id}', status: 200, since: 'initial' },
  removeField: {
    method: 'DELETE',
    path: '/forms/{id}/fields/{fieldId}',
    status: 200,
    since: 'initial',
  },
  listFormResponses: {
    method: 'GET',
    path: '/forms/{id}/responses',
    status: 200,
    since: 'initial',
  },

  createSession: { method: 'POST', path: '/sessions', status: 201, since: 'initial' },
  listSessions: { method: 'GET', path: '/sessions', status: 200, since: 'initial' },
  addActivity: { method: 'POST', path: '/sessions/{id}/activities', status: 201, since: 'initial' },
  openSession: { method: 'POST', path: '/sessions/{id}/open', status: 200, since: 'initial' },
  endSession: { method: 'POST', path: '/sessions/{id}/end', status: 200, since: 'initial' },
  addTeam: { method: 'POST', path: '/sessions/{id}/teams', status: 201, since: 'initial' },
  setTeamMode: { method: 'PATCH', path: '/sessions/{id}/team-mode', status: 200, since: 'initial' },
  presentActivity: {
    method: 'POST',
    path: '/sessions/{id}/present',
    status: 200,
    since: 'initial',
  },

  createSponsorReport: { method: 'POST', path: '/sponsors', status: 201, since: '2026-07-13' },
  listSponsorReports: { method: 'GET', path: '/sponsors', status: 200, since: '2026-07-13' },
} as const satisfies Record<string, Endpoint>

export type EndpointId = keyof typeof endpoints

/** `POST /forms/{id}/publish`: how the reference writes an operation. */
export const operationLabel = (id: EndpointId): string =>
  `${endpoints[id].method} ${endpoints[id].path}`

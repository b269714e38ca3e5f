import type { Method } from './route.ts'

/** Where an operation lives and what it answers on success: all the typed client needs at run time. */
export interface Endpoint {
  method: Method
  /** Relative to the API root (§4 style): `/forms/{id}`. */
  path: string
  /** The success status; any other answer is `ok: false`. */
  status: number
}

/**
 * Every operation's method, path and success status, declared once and imported by the route
 * definitions (forms.ts, sessions.ts, …) that add their schemas. No zod here, on purpose: an app
 * using only `createClient` bundles this table, not the schemas (docs/decisions.md).
 */
export const endpoints = {
  createSeries: { method: 'POST', path: '/series', status: 201 },
  listSeries: { method: 'GET', path: '/series', status: 200 },

  createForm: { method: 'POST', path: '/forms', status: 201 },
  listForms: { method: 'GET', path: '/forms', status: 200 },
  getForm: { method: 'GET', path: '/forms/{id}', status: 200 },
  updateForm: { method: 'PATCH', path: '/forms/{id}', status: 200 },
  replaceFormSettings: { method: 'PATCH', path: '/forms/{id}/settings', status: 200 },
  publishForm: { method: 'POST', path: '/forms/{id}/publish', status: 200 },
  closeForm: { method: 'POST', path: '/forms/{id}/close', status: 200 },
  addField: { method: 'POST', path: '/forms/{id}/fields', status: 201 },
  replaceFieldConfig: { method: 'PATCH', path: '/forms/{id}/fields/{fieldId}', status: 200 },
  reorderFields: { method: 'POST', path: '/forms/{id}/fields/reorder', status: 200 },
  deleteForm: { method: 'DELETE', path: '/forms/{id}', status: 200 },
  removeField: { method: 'DELETE', path: '/forms/{id}/fields/{fieldId}', status: 200 },
  listFormResponses: { method: 'GET', path: '/forms/{id}/responses', status: 200 },

  createSession: { method: 'POST', path: '/sessions', status: 201 },
  listSessions: { method: 'GET', path: '/sessions', status: 200 },
  addActivity: { method: 'POST', path: '/sessions/{id}/activities', status: 201 },
  openSession: { method: 'POST', path: '/sessions/{id}/open', status: 200 },
  endSession: { method: 'POST', path: '/sessions/{id}/end', status: 200 },
  addTeam: { method: 'POST', path: '/sessions/{id}/teams', status: 201 },
  setTeamMode: { method: 'PATCH', path: '/sessions/{id}/team-mode', status: 200 },
  presentActivity: { method: 'POST', path: '/sessions/{id}/present', status: 200 },

  createSponsorReport: { method: 'POST', path: '/sponsors', status: 201 },
  listSponsorReports: { method: 'GET', path: '/sponsors', status: 200 },
} as const satisfies Record<string, Endpoint>

export type EndpointId = keyof typeof endpoints

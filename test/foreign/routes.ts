import type { Entitlement } from './auth.ts'
import type { ErrorShape, Outcome } from './errors.ts'
import { addField, removeField, reorderFields, replaceFieldConfig } from './form-fields.ts'
import {
  closeForm,
  createForm,
  deleteForm,
  getForm,
  listForms,
  listSubmissions,
  publishForm,
  replaceSettings,
  updateForm,
} from './forms.ts'
import { hasSeriesAndSponsors, type Release } from './releases.ts'
import { createSeries, listSeries } from './series.ts'
import {
  addActivity,
  createSession,
  endSession,
  listSessions,
  openSession,
  presentActivity,
} from './sessions.ts'
import { createReport, listReports } from './sponsors.ts'
import type { Context } from './store.ts'
import { createTeam, getTeamMode, setTeamMode } from './teams.ts'

export type Route = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Relative to /api/v1; `:name` segments are path parameters. */
  path: string
  run: (ctx: Context) => Outcome
  /** Every error of the operation is answered in this shape (§7 assigns it per operation). */
  shape: ErrorShape
  needs?: Entitlement
  /** Whether the operation reads a JSON body; the others ignore one. */
  takesBody: boolean
  /** Added on 2026-07-13: unknown paths in earlier releases. */
  seriesRelease?: true
}

const plain = 'plain' as const
const validation = 'validation' as const

// Literal segments come before parameters where both could match (…/fields/reorder).
export const ROUTES: Route[] = [
  { method: 'POST', path: '/forms', run: createForm, shape: plain, takesBody: true },
  { method: 'GET', path: '/forms', run: listForms, shape: plain, takesBody: false },
  { method: 'GET', path: '/forms/:id', run: getForm, shape: plain, takesBody: false },
  { method: 'PATCH', path: '/forms/:id', run: updateForm, shape: validation, takesBody: true },
  { method: 'DELETE', path: '/forms/:id', run: deleteForm, shape: plain, takesBody: false },
  {
    method: 'PATCH',
    path: '/forms/:id/settings',
    run: replaceSettings,
    shape: validation,
    takesBody: true,
  },
  { method: 'POST', path: '/forms/:id/publish', run: publishForm, shape: plain, takesBody: false },
  { method: 'POST', path: '/forms/:id/close', run: closeForm, shape: plain, takesBody: false },
  {
    method: 'GET',
    path: '/forms/:id/submissions',
    run: listSubmissions,
    shape: plain,
    takesBody: false,
  },
  { method: 'POST', path: '/forms/:id/fields', run: addField, shape: plain, takesBody: true },
  {
    method: 'POST',
    path: '/forms/:id/fields/reorder',
    run: reorderFields,
    shape: validation,
    takesBody: true,
  },
  {
    method: 'PATCH',
    path: '/forms/:id/fields/:fieldId',
    run: replaceFieldConfig,
    shape: validation,
    takesBody: true,
  },
  {
    method: 'POST',
    path: '/forms/:id/fields/:fieldId/remove',
    run: removeField,
    shape: plain,
    takesBody: false,
  },
  { method: 'POST', path: '/sessions', run: createSession, shape: plain, takesBody: true },
  { method: 'GET', path: '/sessions', run: listSessions, shape: plain, takesBody: false },
  {
    method: 'POST',
    path: '/sessions/:id/activities',
    run: addActivity,
    shape: validation,
    takesBody: true,
  },
  {
    method: 'POST',
    path: '/sessions/:id/activities/:activityId/present',
    run: presentActivity,
    takesBody: false,
    shape: plain,
  },
  { method: 'POST', path: '/sessions/:id/open', run: openSession, shape: plain, takesBody: false },
  { method: 'POST', path: '/sessions/:id/end', run: endSession, shape: plain, takesBody: false },
  { method: 'POST', path: '/sessions/:id/teams', run: createTeam, shape: plain, takesBody: true },
  {
    method: 'GET',
    path: '/sessions/:id/team-mode',
    run: getTeamMode,
    shape: plain,
    takesBody: false,
  },
  {
    method: 'PUT',
    path: '/sessions/:id/team-mode',
    run: setTeamMode,
    shape: plain,
    takesBody: true,
  },
  {
    method: 'POST',
    path: '/series',
    run: createSeries,
    takesBody: true,
    shape: plain,
    needs: 'series',
    seriesRelease: true,
  },
  {
    method: 'GET',
    path: '/series',
    run: listSeries,
    shape: plain,
    takesBody: false,
    seriesRelease: true,
  },
  {
    method: 'POST',
    path: '/sponsors',
    run: createReport,
    takesBody: true,
    shape: plain,
    needs: 'data_export_analytics',
    seriesRelease: true,
  },
  {
    method: 'GET',
    path: '/sponsors',
    run: listReports,
    shape: plain,
    takesBody: false,
    seriesRelease: true,
  },
]

const matchPath = (pattern: string, segments: string[]): Record<string, string> | undefined => {
  const parts = pattern.split('/').slice(1)
  if (parts.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (const [i, part] of parts.entries()) {
    const segment = segments[i]!
    if (part.startsWith(':')) params[part.slice(1)] = segment
    else if (part !== segment) return undefined
  }
  return params
}

export type Match =
  | { type: 'route'; route: Route; params: Record<string, string> }
  | { type: 'method-not-allowed'; allow: string[] }
  | { type: 'unknown' }

/** Finds the operation for a method and a path relative to /api/v1, in a release. */
export const matchRoute = (release: Release, method: string, path: string): Match => {
  let segments: string[]
  try {
    segments = path.split('/').slice(1).map(decodeURIComponent)
  } catch {
    return { type: 'unknown' }
  }
  const candidates = ROUTES.filter((r) => !r.seriesRelease || hasSeriesAndSponsors(release))
    .map((route) => ({ route, params: matchPath(route.path, segments) }))
    .filter((c): c is { route: Route; params: Record<string, string> } => c.params !== undefined)
  const hit = candidates.find((c) => c.route.method === method)
  if (hit) return { type: 'route', ...hit }
  if (candidates.length === 0) return { type: 'unknown' }
  return { type: 'method-not-allowed', allow: [...new Set(candidates.map((c) => c.route.method))] }
}

import type { Deviant } from './deviants.ts'
import { edit, list, obj, on } from './rewrite.ts'

/** Deployments whose answers break a documented shape (§2, §4, §7). */
export const SHAPE_DEVIANTS: Deviant[] = [
  {
    name: 'a wrong envelope name ({ data } instead of { form })',
    caughtBy: '§4 POST /forms: answers { form: Form }',
    handler: on(
      'POST',
      /^\/forms$/,
      edit((body) => ({ data: body.form })),
    ),
  },
  {
    name: 'a missing required field (session without createdAt)',
    caughtBy: '§4 POST /sessions: answers { session: Session } with its activities',
    handler: on(
      'POST',
      /^\/sessions$/,
      edit((body) => {
        const { createdAt: _, ...session } = obj(body.session)
        return { session }
      }),
    ),
  },
  {
    name: 'a timestamp that is not ISO 8601 (createdAt as an HTTP date)',
    caughtBy: '§4 GET /forms: answers { forms: [Form] } with their fields',
    handler: on(
      'GET',
      /^\/forms$/,
      edit((body) => ({
        forms: list(body.forms).map((f) => ({
          ...obj(f),
          createdAt: new Date(String(obj(f).createdAt)).toUTCString(),
        })),
      })),
    ),
  },
  {
    name: 'a URL field that is not a URL (relative joinUrl)',
    caughtBy:
      '§4 POST /sessions/{id}/open: answers { session: Session } including joinCode, joinUrl and screenUrl',
    handler: on(
      'POST',
      /^\/sessions\/[^/]+\/open$/,
      edit((body) => {
        const session = obj(body.session)
        return { session: { ...session, joinUrl: `/join/${String(session.joinCode)}` } }
      }),
    ),
  },
  {
    name: 'oldest-first lists (GET /sessions)',
    caughtBy: '§1 GET /sessions: newest first',
    handler: on(
      'GET',
      /^\/sessions$/,
      edit((body) => ({ sessions: list(body.sessions).reverse() })),
    ),
  },
  {
    name: 'a validation error without issues',
    caughtBy:
      '§7 PATCH /forms/{id}/settings: errors answer with the validation shape { error, issues[] }',
    handler: edit((body) => {
      const { issues: _, ...rest } = body
      return rest
    }),
  },
  {
    name: 'a plain error that is not { error: string } ({ message })',
    caughtBy: '§7 GET /forms: errors answer with the plain shape { error }',
    handler: edit((body, answer) =>
      answer.status >= 400 && !('issues' in body) ? { message: body.error } : body,
    ),
  },
  {
    name: 'the payload present in GET /sponsors',
    caughtBy: '§4 GET /sponsors: metadata only, the payload is omitted',
    handler: on(
      'GET',
      /^\/sponsors$/,
      edit((body) => ({
        reports: list(body.reports).map((r) => ({ ...obj(r), payload: { totals: { events: 0 } } })),
      })),
    ),
  },
  {
    name: 'fields out of order in GET /forms/{id}',
    caughtBy: '§4 GET /forms/{id}: answers { form: Form } with its fields and share link',
    handler: on(
      'GET',
      /^\/forms\/[^/]+$/,
      edit((body) => {
        const form = obj(body.form)
        return { form: { ...form, fields: list(form.fields).reverse() } }
      }),
    ),
  },
  {
    name: 'the validation shape on an operation §7 gives the plain shape (POST /forms/{id}/fields)',
    caughtBy: "§7.2 POST /forms/{id}/fields: a config failing its kind's schema is refused",
    handler: on(
      'POST',
      /^\/forms\/[^/]+\/fields$/,
      edit((body, answer) =>
        answer.status >= 400
          ? { ...body, issues: [{ path: ['config'], message: 'Invalid.' }] }
          : body,
      ),
    ),
  },
]

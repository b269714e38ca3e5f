import { DEMO_KEYS } from '../../mock/conformance/engine/env.ts'
import type { Deviant } from './deviants.ts'
import {
  accept,
  formWithStatus,
  LISTS,
  list,
  obj,
  ok,
  on,
  otherKey,
  parse,
  reply,
  withKey,
} from './rewrite.ts'

/** Deployments that break a documented rule (§1, §3, §5, §7) or, strict only, a profile choice. */
export const RULE_DEVIANTS: Deviant[] = [
  {
    name: 'publish accepted on a form with no field',
    caughtBy: '§3 Form: publish requires at least one field (§7.1)',
    handler: on(
      'POST',
      /^\/forms\/[^/]+\/publish$/,
      accept(409, (r, f) => formWithStatus(r, f, 'published')),
    ),
  },
  {
    name: 'close accepted on a draft form',
    caughtBy: 'Profile §3 Form: close is refused on a draft',
    strictOnly: true,
    handler: on(
      'POST',
      /^\/forms\/[^/]+\/close$/,
      accept(409, (r, f) => formWithStatus(r, f, 'closed')),
    ),
  },
  {
    name: 'a team added to an open session',
    caughtBy: '§3 Session: a team is refused once the session is open (§7.4)',
    handler: on(
      'POST',
      /^\/sessions\/[^/]+\/teams$/,
      accept(409, async (request) => {
        const sent = obj(JSON.parse(request.body))
        return reply(201, {
          team: { id: 'team_a1b2c3d4e5f6', name: sent.name, color: sent.color, order: 0 },
        })
      }),
    ),
  },
  {
    name: 'a partial reorder accepted',
    caughtBy: '§3 Form: reorder with an incomplete list is refused (§7.3)',
    handler: on(
      'POST',
      /^\/forms\/[^/]+\/fields\/reorder$/,
      accept(400, async () => reply(200, { ok: true })),
    ),
  },
  {
    name: "another organization's records listed",
    caughtBy: "§1 GET /forms: only the caller's organization's records",
    handler: async (request, forward) => {
      const key = request.method === 'GET' ? LISTS[request.path] : undefined
      const own = await forward(request)
      if (!key || !ok(own)) return own
      const theirs = await forward(withKey(request, otherKey(request)))
      return reply(own.status, { [key]: [...list(parse(own)[key]), ...list(parse(theirs)[key])] })
    },
  },
  {
    name: "another organization's form readable",
    caughtBy: "§5 GET /forms/{id}: another organization's form is not readable",
    handler: on(
      'GET',
      /^\/forms\/[^/]+$/,
      accept(404, (request, forward) => forward(withKey(request, otherKey(request)))),
    ),
  },
  {
    name: 'the series entitlement not enforced',
    caughtBy: '§5 POST /series requires the series entitlement (§7.5)',
    handler: on(
      'POST',
      /^\/series$/,
      accept(403, (request, forward) => forward(withKey(request, DEMO_KEYS.main))),
    ),
  },
  {
    name: 'a settings replace that merges instead of resetting',
    caughtBy: '§2 Form settings: a replace resets every omitted setting to its default',
    handler: on('PATCH', /^\/forms\/[^/]+\/settings$/, async (request, forward) => {
      const id = request.path.split('/')[2] ?? ''
      const stored = obj(
        obj(
          parse(await forward({ ...request, method: 'GET', path: `/forms/${id}`, body: '' })).form,
        ).settings,
      )
      return forward({
        ...request,
        body: JSON.stringify({ ...stored, ...obj(JSON.parse(request.body)) }),
      })
    }),
  },
  {
    name: 'a new session not in draft (opened on creation)',
    caughtBy: '§2 Session: a created session starts as draft',
    handler: on('POST', /^\/sessions$/, (request, forward) =>
      forward({
        ...request,
        body: JSON.stringify({ ...obj(JSON.parse(request.body)), open: true }),
      }),
    ),
  },
  {
    name: 'the data export and analytics entitlement not enforced',
    caughtBy: '§5 POST /sponsors requires the data export and analytics entitlement (§7.5)',
    handler: on(
      'POST',
      /^\/sponsors$/,
      accept(403, (request, forward) => forward(withKey(request, DEMO_KEYS.main))),
    ),
  },
  {
    name: 'a reorder acknowledged but not applied',
    caughtBy: '§3 Form: reorder with the complete list is accepted and GET shows the new order',
    handler: on('POST', /^\/forms\/[^/]+\/fields\/reorder$/, async () => reply(200, { ok: true })),
  },
  {
    name: 'an unknown API key accepted',
    caughtBy: '§7 GET /forms: errors answer with the plain shape { error }',
    handler: async (request, forward) =>
      request.headers.authorization?.includes('contract-unknown-key')
        ? forward(withKey(request, DEMO_KEYS.main))
        : forward(request),
  },
  {
    name: 'publish without a field refused with 422 instead of the profile 409',
    caughtBy: '§3 Form: publish requires at least one field (§7.1)',
    strictOnly: true,
    handler: on('POST', /^\/forms\/[^/]+\/publish$/, async (request, forward) => {
      const answer = await forward(request)
      return answer.status === 409 ? { ...answer, status: 422 } : answer
    }),
  },
]

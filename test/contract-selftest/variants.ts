import type { Obj } from '../../contract/json.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import { pause } from './deviants-races.ts'
import type { Forward, Handler, ProxyAnswer, ProxyRequest } from './proxy.ts'
import { list, obj, on, parse, reply } from './rewrite.ts'

/**
 * Deployments that differ from our mock only where the reference is silent: a transition §3 does
 * not rule out (allowed or refused), a status number §7 does not give, a default §2 does not state.
 * Each is our mock behind the proxy; a transition it allows that the mock refuses is made in the
 * mock's store, so later answers show it as that deployment would. Exploration must report none of
 * them as a divergence.
 */
export interface Variant {
  name: string
  /** `fired` is called each time the variant answers otherwise than the mock would. */
  make: (mock: () => MockCore, fired: () => void) => Handler
  /**
   * Its handler is itself safe with requests at once (it only delays or refuses). The others
   * read and write the mock in several awaits, a race the deployment they stand for does not
   * have: the self-test serves them one request at a time (`oneAtATime`).
   */
  overlaps?: true
}

/**
 * Requests through `handler` one after another: each answered whole before the next begins, as a
 * deployment whose every request is atomic answers them.
 */
export const oneAtATime = (handler: Handler): Handler => {
  let queue: Promise<unknown> = Promise.resolve()
  return (request, forward) => {
    const answer = queue.then(() => handler(request, forward))
    queue = answer.catch(() => {})
    return answer
  }
}

/** The record a request addresses (`/forms/{id}/…`, `/sessions/{id}/…`), if any. */
const recordOf = (request: ProxyRequest) => {
  const [, collection, id] = request.path.split('?')[0]?.split('/') ?? []
  return id && (collection === 'forms' || collection === 'sessions') ? `${collection}/${id}` : ''
}

const idAt = (request: ProxyRequest, index = 2) =>
  request.path.split('?')[0]?.split('/')[index] ?? ''
const conflict = (fired: () => void, validation: boolean, error: string) => {
  fired()
  return reply(409, validation ? { error, issues: [] } : { error })
}
const read = (request: ProxyRequest, forward: Forward, path: string) =>
  forward({ ...request, method: 'GET', path, body: '' })
const formOf = async (request: ProxyRequest, forward: Forward) =>
  obj(parse(await read(request, forward, `/forms/${idAt(request)}`)).form)
const sessionOf = async (request: ProxyRequest, forward: Forward) =>
  obj(
    list(parse(await read(request, forward, '/sessions')).sessions).find(
      (s) => obj(s).id === idAt(request),
    ),
  )

type Stored = Obj & { id: string }
/** Changes a stored record of the mock behind the proxy, as the deployment's own rule would. */
const change = async (
  mock: () => MockCore,
  table: 'forms' | 'sessions',
  id: string,
  next: (record: Stored) => Obj,
) => {
  const store = mock().store[table] as unknown as {
    get: (id: string) => Stored | undefined
    replace: (record: Stored, next: Obj) => Promise<unknown>
  }
  const record = store.get(id)
  if (record) await store.replace(record, next(JSON.parse(JSON.stringify(record)) as Stored))
  // Its answers are cached per request: what it answers next must show the change.
  mock().invalidate()
}

/** When the mock refuses with 409 and `when` holds, the deployment does `apply` and answers 200. */
const allows = (
  fired: () => void,
  method: string,
  path: RegExp,
  when: (request: ProxyRequest, forward: Forward) => Promise<boolean>,
  apply: (request: ProxyRequest) => Promise<void>,
  answer: (request: ProxyRequest, forward: Forward) => Promise<ProxyAnswer>,
): Handler =>
  on(method, path, async (request, forward) => {
    const refused = await forward(request)
    if (refused.status !== 409 || !(await when(request, forward))) return refused
    fired()
    await apply(request)
    return answer(request, forward)
  })
const formAnswer = async (request: ProxyRequest, forward: Forward) =>
  reply(200, { form: await formOf(request, forward) })
const sessionAnswer = async (request: ProxyRequest, forward: Forward) =>
  reply(200, { session: await sessionOf(request, forward) })

/** Answers every status through `map` (the body unchanged, or dropped for a 204). */
const statuses =
  (fired: () => void, map: (status: number, request: ProxyRequest) => number): Handler =>
  async (request, forward) => {
    const answer = await forward(request)
    const status = map(answer.status, request)
    if (status === answer.status) return answer
    fired()
    return status === 204 ? { ...answer, status, text: '' } : { ...answer, status }
  }

/** Adds properties to a request body that lacks them: a default of its own. */
const defaults =
  (fired: () => void, method: string, path: RegExp, add: (body: Obj) => Obj): Handler =>
  (request, forward) =>
    on(method, path, (r, f) => {
      let body: Obj
      try {
        body = obj(JSON.parse(r.body))
      } catch {
        return f(r)
      }
      const added = add(body)
      if (JSON.stringify(added) !== JSON.stringify(body)) fired()
      return f({ ...r, body: JSON.stringify(added) })
    })(request, forward)

const FORM = /^\/forms\/[^/]+$/
const SESSION_OP = (op: string) => new RegExp(`^/sessions/[^/]+/${op}$`)
const FORM_OP = (op: string) => new RegExp(`^/forms/[^/]+/${op}$`)

export const BENIGN_VARIANTS: readonly Variant[] = [
  // Transitions §3 does not rule out ("States from which close, open and end are allowed, and any
  // other transition (including deletion): not shown").
  {
    name: 'a draft form can be closed',
    make: (mock, fired) =>
      allows(
        fired,
        'POST',
        FORM_OP('close'),
        async (r, f) => (await formOf(r, f)).status === 'draft',
        (r) => change(mock, 'forms', idAt(r), (form) => ({ ...form, status: 'closed' })),
        formAnswer,
      ),
  },
  {
    name: 'publishing a published form answers 200 and changes nothing',
    make: (_, fired) =>
      allows(
        fired,
        'POST',
        FORM_OP('publish'),
        async (r, f) => (await formOf(r, f)).status === 'published',
        async () => {},
        formAnswer,
      ),
  },
  {
    name: 'a closed form cannot be published again',
    make: (_, fired) =>
      on('POST', FORM_OP('publish'), async (request, forward) =>
        (await formOf(request, forward)).status === 'closed'
          ? conflict(fired, false, 'A closed form stays closed.')
          : forward(request),
      ),
  },
  {
    name: 'a published form cannot be deleted',
    make: (_, fired) =>
      on('DELETE', FORM, async (request, forward) =>
        (await formOf(request, forward)).status === 'published'
          ? conflict(fired, false, 'Close the form before deleting it.')
          : forward(request),
      ),
  },
  {
    name: 'a closed form is read-only',
    make: (_, fired) => async (request, forward) => {
      const path = request.path.split('?')[0] ?? ''
      const edits = [
        ['PATCH', FORM, true],
        ['PATCH', FORM_OP('settings'), true],
        ['POST', FORM_OP('fields'), false],
        ['PATCH', /^\/forms\/[^/]+\/fields\/[^/]+$/, true],
        ['POST', FORM_OP('fields/reorder'), true],
        ['DELETE', /^\/forms\/[^/]+\/fields\/[^/]+$/, false],
      ] as const
      const edit = edits.find(
        ([method, pattern]) => method === request.method && pattern.test(path),
      )
      if (!edit || (await formOf(request, forward)).status !== 'closed') return forward(request)
      return conflict(fired, edit[2], 'A closed form cannot be edited.')
    },
  },
  {
    name: 'the only field of a published form can be removed',
    make: (mock, fired) =>
      allows(
        fired,
        'DELETE',
        /^\/forms\/[^/]+\/fields\/[^/]+$/,
        async (r, f) => (await formOf(r, f)).status === 'published',
        (r) =>
          change(mock, 'forms', idAt(r), (form) => ({
            ...form,
            fields: list(form.fields).filter((field) => obj(field).id !== idAt(r, 4)),
          })),
        async () => reply(200, { ok: true }),
      ),
  },
  {
    name: 'an ended session can be opened again',
    make: (mock, fired) =>
      allows(
        fired,
        'POST',
        SESSION_OP('open'),
        async (r, f) => (await sessionOf(r, f)).status === 'ended',
        (r) => change(mock, 'sessions', idAt(r), (session) => ({ ...session, status: 'open' })),
        sessionAnswer,
      ),
  },
  {
    name: 'a draft session can be ended',
    make: (mock, fired) =>
      allows(
        fired,
        'POST',
        SESSION_OP('end'),
        async (r, f) => (await sessionOf(r, f)).status === 'draft',
        (r) => change(mock, 'sessions', idAt(r), (session) => ({ ...session, status: 'ended' })),
        sessionAnswer,
      ),
  },
  {
    name: 'opening an open session answers 200 and changes nothing',
    make: (_, fired) =>
      allows(
        fired,
        'POST',
        SESSION_OP('open'),
        async (r, f) => (await sessionOf(r, f)).status === 'open',
        async () => {},
        sessionAnswer,
      ),
  },
  {
    name: 'activities cannot be added once a session is open',
    make: (_, fired) =>
      on('POST', SESSION_OP('activities'), async (request, forward) =>
        (await sessionOf(request, forward)).status === 'open'
          ? conflict(fired, true, 'The session is running.')
          : forward(request),
      ),
  },
  {
    name: 'team mode can change on an open or ended session',
    make: (mock, fired) =>
      allows(
        fired,
        'PATCH',
        SESSION_OP('team-mode'),
        async (r, f) => (await sessionOf(r, f)).status !== 'draft',
        (r) =>
          change(mock, 'sessions', idAt(r), (session) => {
            const teamMode = obj(JSON.parse(r.body)).teamMode === true
            return { ...session, teamMode, teams: teamMode ? session.teams : [] }
          }),
        sessionAnswer,
      ),
  },
  {
    name: 'team mode is chosen at creation: changing it is refused',
    make: (_, fired) =>
      on('PATCH', SESSION_OP('team-mode'), async (request, forward) =>
        // Its own session (another organization's is not found, as ever), whatever the body says.
        Object.keys(await sessionOf(request, forward)).length > 0
          ? conflict(fired, false, 'Team mode is chosen when the session is created.')
          : forward(request),
      ),
  },
  {
    name: 'an activity can be presented in a draft session',
    make: (mock, fired) =>
      allows(
        fired,
        'POST',
        SESSION_OP('present'),
        async (r, f) => (await sessionOf(r, f)).status === 'draft',
        (r) =>
          change(mock, 'sessions', idAt(r), (session) => ({
            ...session,
            currentActivityId: obj(JSON.parse(r.body)).activityId,
          })),
        sessionAnswer,
      ),
  },
  {
    name: 'team names may repeat',
    make: (mock, fired) => {
      let made = 0
      return on('POST', SESSION_OP('teams'), async (request, forward) => {
        const answer = await forward(request)
        if (answer.status !== 409 || !/already has a team named/.test(answer.text)) return answer
        const sent = obj(JSON.parse(request.body))
        const stored = mock().store.sessions.get(idAt(request))
        fired()
        made += 1
        const team = {
          id: `team_dup${String(made).padStart(9, '0')}`,
          name: sent.name,
          color: sent.color,
          order: stored?.teams.length ?? 0,
        }
        await change(mock, 'sessions', idAt(request), (session) => ({
          ...session,
          teams: [...list(session.teams), team],
        }))
        return reply(201, { team })
      })
    },
  },
  // Status numbers §7 does not give.
  {
    name: 'validation errors answer 422',
    make: (_, fired) => statuses(fired, (status) => (status === 400 ? 422 : status)),
  },
  {
    name: 'state conflicts answer 422, entitlements 402, unknown ids 410, creates 200',
    make: (_, fired) =>
      statuses(fired, (status) => ({ 409: 422, 403: 402, 404: 410, 201: 200 })[status] ?? status),
  },
  {
    name: 'deleting a form answers 204 without a body',
    make: (_, fired) =>
      statuses(fired, (status, request) =>
        request.method === 'DELETE' && status === 200 ? 204 : status,
      ),
  },
  {
    name: 'presenting an activity is not offered: 501',
    make: (_, fired) =>
      on('POST', SESSION_OP('present'), async () => {
        fired()
        return {
          status: 501,
          contentType: 'application/json',
          text: JSON.stringify({ error: 'Not implemented.' }),
        }
      }),
  },
  // Defaults §2 does not state.
  {
    name: 'a new form without settings does not show progress, and lays out on one page',
    make: (_, fired) => async (request, forward) => {
      const withDefaults = (body: Obj) => ({ showProgress: false, layout: 'single_page', ...body })
      if (request.method === 'POST' && request.path === '/forms') {
        return defaults(fired, 'POST', /^\/forms$/, (body) => ({
          ...body,
          settings: withDefaults(obj(body.settings)),
        }))(request, forward)
      }
      return defaults(fired, 'PATCH', FORM_OP('settings'), withDefaults)(request, forward)
    },
  },
  {
    name: 'a new session is self-paced unless it says otherwise',
    make: (_, fired) =>
      defaults(fired, 'POST', /^\/sessions$/, (body) => ({ mode: 'self_paced', ...body })),
  },
  {
    name: 'a form created without a description says "No description"',
    make: (_, fired) =>
      defaults(fired, 'POST', /^\/forms$/, (body) =>
        'description' in body || 'template' in body
          ? body
          : { ...body, description: 'No description' },
      ),
  },
  // Concurrency: what a deployment serving many clients may do, each request atomic.
  {
    name: 'requests at once finish in random order after random delays, each atomic',
    overlaps: true,
    make: (_, fired) => {
      let inFlight = 0
      return async (request, forward) => {
        if (inFlight > 0) fired()
        inFlight += 1
        try {
          await pause()
          return await forward(request)
        } finally {
          inFlight -= 1
        }
      }
    },
  },
  {
    name: 'a write on a record another write is still working on is refused with 409',
    overlaps: true,
    make: (_, fired) => {
      const busy = new Set<string>()
      return async (request, forward) => {
        const record = recordOf(request)
        if (request.method === 'GET' || record === '') return forward(request)
        if (busy.has(record)) {
          fired()
          return reply(409, { error: 'Another change to this record is in progress; try again.' })
        }
        busy.add(record)
        try {
          await pause()
          return await forward(request)
        } finally {
          busy.delete(record)
        }
      }
    },
  },
]

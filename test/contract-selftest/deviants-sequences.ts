import type { Obj } from '../../contract/json.ts'
import { DEMO_KEYS } from '../../mock/conformance/engine/env.ts'
import type { Handler, ProxyRequest } from './proxy.ts'
import { list, obj, ok, on, parse, reply, withKey } from './rewrite.ts'

/**
 * Deployments that go wrong only in a sequence: each answer looks right on its own, and the
 * exploration must find the sequence that shows the fault. `make` builds a fresh handler (some
 * remember what they saw) for a deployment that speaks `dialect`: our mock by default, or another
 * deployment in front of which the proxy puts the same fault (test/foreign).
 */
export interface SequenceDeviant {
  name: string
  make: (dialect?: Dialect) => Handler
  /**
   * Its answers depend on records of other runs (the organization's newest form): with runs in
   * flight at once, the run that first meets the fault may be a longer one than one at a time finds.
   */
  seesOtherRuns?: true
}

/** What a fault needs to know of the deployment it is put in front of. */
export interface Dialect {
  /** A key holding both entitlements. */
  mainKey: string
  /** The create options' property names (§4: not shown). */
  publishNow: string
  openNow: string
  /** State names (§3: not shown). */
  states: { published: string; closed: string; ended: string }
  /** The position of a form's first field (not shown: our profile counts from 0, test/foreign from 1). */
  firstOrder: number
}

/** Our mock's own words: the profile. */
export const PROFILE_DIALECT: Dialect = {
  mainKey: DEMO_KEYS.main,
  publishNow: 'publish',
  openNow: 'open',
  states: { published: 'published', closed: 'closed', ended: 'ended' },
  firstOrder: 0,
}

/** The request's JSON object, or undefined for a body that is not one (left to the mock). */
const bodyOf = (request: ProxyRequest): Obj | undefined => {
  try {
    const parsed: unknown = JSON.parse(request.body)
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Obj)
      : undefined
  } catch {
    return undefined
  }
}
const formIdOf = (request: ProxyRequest) => request.path.split('/')[2] ?? ''
const getForm = async (request: ProxyRequest, forward: Parameters<Handler>[1], id: string) =>
  obj(parse(await forward({ ...request, method: 'GET', path: `/forms/${id}`, body: '' })).form)

export const SEQUENCE_DEVIANTS: readonly SequenceDeviant[] = [
  {
    name: 'reorder accepts a same-length list that is not the set of field ids',
    make: () =>
      on('POST', /^\/forms\/[^/]+\/fields\/reorder$/, async (request, forward) => {
        const body = bodyOf(request)
        if (!body || !Array.isArray(body.orderedIds)) return forward(request)
        const sent = body.orderedIds.map(String)
        const fields = list((await getForm(request, forward, formIdOf(request))).fields)
        const ids = fields.map((f) => String(obj(f).id))
        const sameSet = sent.length === ids.length && ids.every((id) => sent.includes(id))
        // The length is checked, the membership is not: the list is acknowledged and ignored.
        if (sent.length === ids.length && !sameSet) return reply(200, { ok: true })
        return forward(request)
      }),
  },
  {
    name: 'the open-now option of session creation ignored',
    make: (dialect = PROFILE_DIALECT) =>
      on('POST', /^\/sessions$/, (request, forward) => {
        const sent = bodyOf(request)
        if (!sent) return forward(request)
        const { [dialect.openNow]: _, ...body } = sent
        return forward({ ...request, body: JSON.stringify(body) })
      }),
  },
  {
    name: 'the publish-now option of form creation ignored',
    make: (dialect = PROFILE_DIALECT) =>
      on('POST', /^\/forms$/, (request, forward) => {
        const sent = bodyOf(request)
        if (!sent) return forward(request)
        const { [dialect.publishNow]: _, ...body } = sent
        return forward({ ...request, body: JSON.stringify(body) })
      }),
  },
  {
    name: 'a closed form still reads as published (a state change a later read does not show)',
    make: ({ states } = PROFILE_DIALECT) =>
      on('GET', /^\/forms\/[^/]+$/, async (request, forward) => {
        const answer = await forward(request)
        const form = obj(parse(answer).form)
        if (!ok(answer) || form.status !== states.closed) return answer
        return reply(answer.status, { form: { ...form, status: states.published } })
      }),
  },
  {
    name: "an update applied to the organization's newest form instead of the one in the path",
    seesOtherRuns: true,
    make: () =>
      on('PATCH', /^\/forms\/[^/]+$/, async (request, forward) => {
        const id = formIdOf(request)
        const forms = list(
          parse(await forward({ ...request, method: 'GET', path: '/forms', body: '' })).forms,
        )
        const newest = String(obj(forms[0]).id)
        if (forms.length === 0 || newest === id) return forward(request)
        const applied = await forward({ ...request, path: `/forms/${newest}` })
        if (!ok(applied)) return applied
        // The answer shows the record asked for, as if it had been updated.
        const target = await getForm(request, forward, id)
        if (Object.keys(target).length === 0) return forward(request)
        return reply(200, { form: { ...target, ...(bodyOf(request) ?? {}) } })
      }),
  },
  {
    name: 'the series entitlement checked only on the first create of a key',
    make: (dialect = PROFILE_DIALECT) => {
      const refused = new Set<string>()
      return on('POST', /^\/series$/, async (request, forward) => {
        const key = request.headers.authorization ?? ''
        if (refused.has(key)) return forward(withKey(request, dialect.mainKey))
        const answer = await forward(request)
        if (answer.status >= 400 && answer.status < 500) refused.add(key)
        return answer
      })
    },
  },
  {
    name: 'an ended session drops out of GET /sessions (a list that loses a record after a transition)',
    make: ({ states } = PROFILE_DIALECT) =>
      on('GET', /^\/sessions$/, async (request, forward) => {
        const answer = await forward(request)
        if (!ok(answer)) return answer
        const sessions = list(parse(answer).sessions)
        return reply(answer.status, {
          sessions: sessions.filter((s) => obj(s).status !== states.ended),
        })
      }),
  },
  {
    name: 'publishing a form also rewrites its settings (a part of the record the operation does not name)',
    make: () =>
      on('POST', /^\/forms\/[^/]+\/publish$/, async (request, forward) => {
        const answer = await forward(request)
        const form = obj(parse(answer).form)
        if (!ok(answer)) return answer
        const settings = obj(form.settings)
        const changed = { ...settings, thankYouMessage: `${String(settings.thankYouMessage)}!` }
        const patched = await forward({
          ...request,
          method: 'PATCH',
          path: `/forms/${formIdOf(request)}/settings`,
          headers: { ...request.headers, 'content-type': 'application/json' },
          body: JSON.stringify(changed),
        })
        if (!ok(patched)) return answer
        return reply(answer.status, { form: { ...form, settings: changed } })
      }),
  },
  {
    name: 'GET /forms still shows a closed form as published while GET /forms/{id} is right (a stale list item)',
    make: ({ states } = PROFILE_DIALECT) =>
      on('GET', /^\/forms$/, async (request, forward) => {
        const answer = await forward(request)
        if (!ok(answer)) return answer
        const forms = list(parse(answer).forms).map((f) =>
          obj(f).status === states.closed ? { ...obj(f), status: states.published } : f,
        )
        return reply(answer.status, { forms })
      }),
  },
  {
    name: 'publishing a form resets the settings it had changed to their defaults (a transition that rewrites a part it does not name)',
    make: () =>
      on('POST', /^\/forms\/[^/]+\/publish$/, async (request, forward) => {
        const answer = await forward(request)
        if (!ok(answer)) return answer
        // Omitted settings fall back to their defaults (§2): an empty object resets them all.
        const reset = await forward({
          ...request,
          method: 'PATCH',
          path: `/forms/${formIdOf(request)}/settings`,
          headers: { ...request.headers, 'content-type': 'application/json' },
          body: '{}',
        })
        if (!ok(reset)) return answer
        const form = obj(parse(answer).form)
        return reply(answer.status, {
          form: { ...form, settings: obj(parse(reset).form).settings },
        })
      }),
  },
  {
    name: "a second complete reorder of a form's fields is acknowledged and ignored (the same write twice on one record)",
    make: () => {
      const reordered = new Set<string>()
      return on('POST', /^\/forms\/[^/]+\/fields\/reorder$/, async (request, forward) => {
        const id = formIdOf(request)
        const body = bodyOf(request)
        if (reordered.has(id) && body && Array.isArray(body.orderedIds)) {
          const sent = body.orderedIds.map(String)
          const read = await forward({ ...request, method: 'GET', path: `/forms/${id}`, body: '' })
          const ids = list(obj(parse(read).form).fields).map((f) => String(obj(f).id))
          const complete = sent.length === ids.length && ids.every((f) => sent.includes(f))
          // The key's own form, reordered with its complete list: acknowledged, not applied.
          if (ok(read) && complete) return reply(200, { ok: true })
        }
        const answer = await forward(request)
        if (ok(answer)) reordered.add(id)
        return answer
      })
    },
  },
]

import type { Dialect } from './deviants-sequences.ts'
import type { Handler, ProxyRequest } from './proxy.ts'
import { obj, ok, on, parse, reply } from './rewrite.ts'
import { formId, type StoredField, type StoredForms } from './stored-forms.ts'

/**
 * Deployments with races: each request, sent alone, is answered exactly as the deployment behind
 * the proxy answers it; two at once on one record go wrong, the way a handler that reads, awaits
 * its database and writes back goes wrong. The handler reads the deployment's stored forms before
 * a short random pause and writes to them after (`StoredForms`: our mock's store, or
 * test/foreign's), in the deployment's words (`Dialect`: its state names, where positions start),
 * so each fault is one definition in front of either. Only exploration's
 * concurrent steps (linearize.ts) can find them: no order of the overlapping requests explains
 * what they answer.
 */
export interface RaceDeviant {
  name: string
  make: (forms: StoredForms, dialect: Dialect) => Handler
}

/** A few milliseconds, at random: long enough for a request sent at once to overlap. */
export const pause = () =>
  new Promise((resolve) => setTimeout(resolve, 2 + Math.floor(Math.random() * 10)))
/** A database's round trip: a millisecond or two, shorter than a `pause`. */
const roundTrip = () =>
  new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 2)))

const FIELDS = /^\/forms\/[^/]+\/fields$/
const REORDER = /^\/forms\/[^/]+\/fields\/reorder$/
const FORM = /^\/forms\/[^/]+$/
/** The ids a reorder lists, from a body of nothing else (any other is the deployment's to answer). */
const orderedIds = (request: ProxyRequest): string[] | undefined => {
  try {
    const body = obj(JSON.parse(request.body))
    const ids: unknown = body.orderedIds
    return Object.keys(body).length === 1 &&
      Array.isArray(ids) &&
      ids.every((id) => typeof id === 'string')
      ? ids
      : undefined
  } catch {
    return undefined
  }
}

export const RACE_DEVIANTS: readonly RaceDeviant[] = [
  {
    name: 'two appends at once: one field is lost (the form read before an await, written back after it)',
    make: (forms) =>
      on('POST', FIELDS, async (request, forward) => {
        const stale = forms.fields(request)
        await pause()
        const answer = await forward(request)
        const added = obj(parse(answer).field)
        if (ok(answer) && stale) {
          await forms.write(request, (now) => [...stale, ...now.filter((f) => f.id === added.id)])
        }
        return answer
      }),
  },
  {
    name: 'two appends at once: both fields get one position (the count read before an await)',
    make: (forms, { firstOrder }) =>
      on('POST', FIELDS, async (request, forward) => {
        const count = forms.fields(request)?.length
        await pause()
        const answer = await forward(request)
        const added = obj(parse(answer).field)
        if (ok(answer) && count !== undefined) {
          const order = firstOrder + count
          await forms.write(request, (now) =>
            now.map((f) => (f.id === added.id ? { ...f, order } : f)),
          )
          return reply(answer.status, { field: { ...added, order } })
        }
        return answer
      }),
  },
  {
    name: 'a reorder checked against the fields before an await and written after it drops a field added meanwhile (check-then-act)',
    make: (forms, { firstOrder, states }) => {
      const reorder = on('POST', REORDER, async (request, forward) => {
        const stale = forms.fields(request)
        const sent = orderedIds(request)
        const complete =
          stale !== undefined &&
          sent !== undefined &&
          sent.length === stale.length &&
          stale.every((f) => sent.includes(f.id)) &&
          new Set(sent).size === sent.length
        // The rule is checked here, against the fields as they were read: what it does not
        // check (a body, a closed form, another organization's) is the deployment's to answer.
        if (!stale || !sent || !complete) return forward(request)
        const check = await forward({
          ...request,
          method: 'GET',
          path: `/forms/${formId(request)}`,
          body: '',
        })
        if (!ok(check) || obj(parse(check).form).status === states.closed) return forward(request)
        await pause()
        // …and the order written after the await, from that read: a field added since is gone.
        await forms.write(request, () =>
          sent.map((id, i) => ({
            ...(stale.find((f) => f.id === id) as StoredField),
            order: firstOrder + i,
          })),
        )
        return reply(200, { ok: true })
      })
      // An added field is stored after its own round trip to the database: one sent at once
      // with a reorder is still in flight when the reorder reads the fields, whichever came
      // first (a deployment answering in-process would otherwise store it before the reorder
      // arrives).
      const add = on('POST', FIELDS, async (request, forward) => {
        await roundTrip()
        return forward(request)
      })
      return (request, forward) => reorder(request, (sent) => add(sent, forward))
    },
  },
  {
    name: 'an update applied to the form another update at once addressed (a request-scoped id kept in a shared variable)',
    make: () => {
      let current = ''
      return on('PATCH', FORM, async (request, forward) => {
        current = formId(request)
        await pause()
        return forward({ ...request, path: `/forms/${current}` })
      })
    },
  },
  {
    name: "another organization reads a form while a write on it is in flight (a cache keyed by the form's id alone)",
    make: () => {
      // The form being written, and the key that writes it: its reads are served as that key.
      const writing = new Map<string, string>()
      return async (request, forward) => {
        const path = request.path.split('?')[0] ?? ''
        const id = formId(request)
        const form = path.startsWith('/forms/') && id !== ''
        if (form && request.method === 'GET' && FORM.test(path)) {
          const owner = writing.get(id)
          return forward(
            owner ? { ...request, headers: { ...request.headers, authorization: owner } } : request,
          )
        }
        if (!form || request.method === 'GET' || !request.headers.authorization) {
          return forward(request)
        }
        writing.set(id, request.headers.authorization)
        try {
          await pause()
          return await forward(request)
        } finally {
          writing.delete(id)
        }
      }
    },
  },
]

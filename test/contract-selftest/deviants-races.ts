import type { Obj } from '../../contract/json.ts'
import type { MockCore } from '../../mock/core/mock.ts'
import type { Handler, ProxyRequest } from './proxy.ts'
import { list, obj, ok, on, parse, reply } from './rewrite.ts'

/**
 * Deployments with races: each request, sent alone, is answered exactly as our mock answers it;
 * two at once on one record go wrong, the way a handler that reads, awaits its database and
 * writes back goes wrong. Each is our mock behind the proxy, the handler reading the mock's store
 * before a short random pause and writing to it after. Only exploration's concurrent steps
 * (linearize.ts) can find them: no order of the overlapping requests explains what they answer.
 */
export interface RaceDeviant {
  name: string
  make: (mock: () => MockCore) => Handler
}

/** A few milliseconds, at random: long enough for a request sent at once to overlap. */
export const pause = () =>
  new Promise((resolve) => setTimeout(resolve, 2 + Math.floor(Math.random() * 10)))

type Stored = Obj & { id: string; fields: Obj[] }
const forms = (mock: () => MockCore) =>
  mock().store.forms as unknown as {
    get: (id: string) => Stored | undefined
    replace: (record: Stored, next: Stored) => Promise<unknown>
  }
/** Writes a form to the store as the deployment's own stale write would, and drops cached lists. */
const write = async (mock: () => MockCore, id: string, next: (now: Stored) => Stored) => {
  const now = forms(mock).get(id)
  if (now) await forms(mock).replace(now, next(now))
  mock().invalidate()
}
const copy = (form: Stored | undefined) =>
  form ? (JSON.parse(JSON.stringify(form)) as Stored) : undefined
const formId = (request: ProxyRequest) => request.path.split('?')[0]?.split('/')[2] ?? ''
const FIELDS = /^\/forms\/[^/]+\/fields$/
const REORDER = /^\/forms\/[^/]+\/fields\/reorder$/
const FORM = /^\/forms\/[^/]+$/

export const RACE_DEVIANTS: readonly RaceDeviant[] = [
  {
    name: 'two appends at once: one field is lost (the form read before an await, written back after it)',
    make: (mock) =>
      on('POST', FIELDS, async (request, forward) => {
        const stale = copy(forms(mock).get(formId(request)))
        await pause()
        const answer = await forward(request)
        const added = obj(parse(answer).field)
        if (ok(answer) && stale) {
          await write(mock, stale.id, (now) => ({
            ...now,
            fields: [...stale.fields, ...now.fields.filter((f) => f.id === added.id)],
          }))
        }
        return answer
      }),
  },
  {
    name: 'two appends at once: both fields get one position (the count read before an await)',
    make: (mock) =>
      on('POST', FIELDS, async (request, forward) => {
        const position = forms(mock).get(formId(request))?.fields.length
        await pause()
        const answer = await forward(request)
        const added = obj(parse(answer).field)
        if (ok(answer) && position !== undefined) {
          await write(mock, formId(request), (now) => ({
            ...now,
            fields: now.fields.map((f) => (f.id === added.id ? { ...f, order: position } : f)),
          }))
          return reply(answer.status, { field: { ...added, order: position } })
        }
        return answer
      }),
  },
  {
    name: 'a reorder checked against the fields before an await and written after it drops a field added meanwhile (check-then-act)',
    make: (mock) =>
      on('POST', REORDER, async (request, forward) => {
        const stale = copy(forms(mock).get(formId(request)))
        let sent: string[] = []
        try {
          sent = list(obj(JSON.parse(request.body)).orderedIds).map(String)
        } catch {
          return forward(request)
        }
        const ids = (stale?.fields ?? []).map((f) => String(f.id))
        const complete = sent.length === ids.length && ids.every((id) => sent.includes(id))
        // The rule is checked here, against the form as it was read…
        if (!stale || !complete || new Set(sent).size !== sent.length) return forward(request)
        const check = await forward({
          ...request,
          method: 'GET',
          path: `/forms/${stale.id}`,
          body: '',
        })
        if (!ok(check)) return forward(request)
        await pause()
        // …and the order written after the await, from that read: a field added since is gone.
        await write(mock, stale.id, (now) => ({
          ...now,
          fields: sent.map((id, order) => ({
            ...(stale.fields.find((f) => f.id === id) as Obj),
            order,
          })),
        }))
        return reply(200, { ok: true })
      }),
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

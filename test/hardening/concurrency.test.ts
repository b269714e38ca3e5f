import { Agent } from 'node:http'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contract, errorSchemas, type OperationId } from '../../contract/index.ts'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import type { StoredForm } from '../../mock/core/records/forms.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'
import { send } from './http.ts'
import { bearer, json } from './world.ts'

let server: RunningServer
beforeAll(async () => {
  server = await startServer({ port: 0, plan: false })
})
afterAll(() => server.close())

/** One socket per request: the creates really are in flight together. */
const unpooled = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })

const call = async (key: string, method: string, path: string, body?: unknown, agent?: Agent) => {
  const answer = await send(
    server.url,
    {
      method,
      path,
      headers: { ...bearer(key), ...json },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    agent ? { agent } : {},
  )
  return { status: answer.status, body: JSON.parse(answer.text) }
}

const distinct = (values: string[]) => new Set(values).size === values.length

describe('1,000 creates fired at once over HTTP', () => {
  it('all succeed with distinct ids, join codes and slugs, and the list holds them newest first', async () => {
    // One title for all: every slug stem is the same, so only the suffixes keep them apart.
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () =>
        call(GLOBEX_KEY, 'POST', '/forms', { title: 'Same title' }, unpooled),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(1000).fill(201))
    const forms = answers.map((a) => a.body.form as StoredForm)
    expect(distinct(forms.map((f) => f.id))).toBe(true)
    expect(distinct(forms.map((f) => f.joinCode))).toBe(true)
    expect(distinct(forms.map((f) => f.slug))).toBe(true)

    const list = (await call(GLOBEX_KEY, 'GET', '/forms')).body.forms as StoredForm[]
    expect(list).toHaveLength(1000)
    expect(new Set(list.map((f) => f.id))).toEqual(new Set(forms.map((f) => f.id)))
    // Newest first: createdAt descending, ties by creation order (seq), latest first.
    const stored = server.mock.exportState().forms.filter((f) => f.title === 'Same title')
    const expected = [...stored].sort((a, b) =>
      a.createdAt === b.createdAt ? b.seq - a.seq : a.createdAt < b.createdAt ? 1 : -1,
    )
    expect(list.map((f) => f.id)).toEqual(expected.map((f) => f.id))
  }, 30_000)
})

type FormOp = 'publishForm' | 'closeForm' | 'reorderFields' | 'addField' | 'removeField' | 'getForm'
const formOps = fc.constantFrom<FormOp>(
  'publishForm',
  'closeForm',
  'publishForm',
  'closeForm',
  'reorderFields',
  'addField',
  'removeField',
  'getForm',
)

describe('interleaved writes on one form', () => {
  it(
    'never leave an impossible state: publishes and closes alternate, fields stay whole',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.tuple(formOps, fc.nat()), { minLength: 50, maxLength: 120 }),
          async (ops) => {
            const fields = [1, 2, 3].map((i) => ({ kind: 'yes_no', config: { label: `Q${i}` } }))
            const form = (await call(ACME_KEY, 'POST', '/forms', { title: 'Race', fields })).body
              .form as StoredForm
            const initial = form.fields.map((f) => f.id)
            const fire = ([op, n]: [FormOp, number]) => {
              const route = contract[op as OperationId]
              const fieldId = initial[n % initial.length] as string
              const path = route.path.replace('{id}', form.id).replace('{fieldId}', fieldId)
              const body =
                op === 'reorderFields'
                  ? { orderedIds: n % 2 ? [...initial].reverse() : initial }
                  : op === 'addField'
                    ? { kind: 'yes_no', config: { label: `Added ${n}` } }
                    : undefined
              return call(ACME_KEY, route.method, path, body, unpooled).then((answer) => ({
                op,
                fieldId,
                answer,
              }))
            }
            const results = await Promise.all(ops.map(fire))
            const ok = (op: FormOp) =>
              results.filter((r) => r.op === op && r.answer.status === contract[op].success.status)
            for (const { op, answer } of results) {
              expect([contract[op].success.status, 400, 404, 409]).toContain(answer.status)
              const schema =
                answer.status === contract[op].success.status
                  ? contract[op].success.profile
                  : errorSchemas[contract[op].errorShape].profile
              expect(schema.safeParse(answer.body).success).toBe(true)
            }

            const final = (await call(ACME_KEY, 'GET', `/forms/${form.id}`)).body.form as StoredForm
            const published = ok('publishForm').length
            const closed = ok('closeForm').length
            expect(
              final.status === 'published'
                ? published === closed + 1
                : final.status === 'closed'
                  ? published === closed && closed > 0
                  : published === 0 && closed === 0,
            ).toBe(true)
            expect(final.publishedAt === null).toBe(published === 0)
            if (final.status === 'published') expect(final.fields.length).toBeGreaterThan(0)
            expect(final.fields.map((f) => f.order)).toEqual(final.fields.map((_, i) => i))
            const added = ok('addField').map((r) => r.answer.body.field.id as string)
            // A field removed once is gone: no field is removed twice.
            const removed = ok('removeField').map((r) => r.fieldId)
            expect(new Set(removed).size).toBe(removed.length)
            expect(new Set(final.fields.map((f) => f.id))).toEqual(
              new Set([...initial, ...added].filter((id) => !removed.includes(id))),
            )
          },
        ),
        fuzzParameters(6),
      )
    },
    fuzzTimeout(6, 300),
  )

  it('open and end race on a session: each succeeds at most once, end only after open; a team name is taken once', async () => {
    const session = (await call(ACME_KEY, 'POST', '/sessions', { title: 'Race', teamMode: true }))
      .body.session
    const teams = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(ACME_KEY, 'POST', `/sessions/${session.id}/teams`, {
          name: i % 2 ? 'Owls' : 'OWLS',
          color: '#112233',
        }),
      ),
    )
    expect(teams.filter((t) => t.status === 201)).toHaveLength(1)
    expect(teams.filter((t) => t.status === 409)).toHaveLength(39)
    const ops = Array.from({ length: 60 }, (_, i) => (i % 3 ? 'open' : 'end'))
    const answers = await Promise.all(
      ops.map((op) => call(ACME_KEY, 'POST', `/sessions/${session.id}/${op}`)),
    )
    const opened = answers.filter((a, i) => ops[i] === 'open' && a.status === 200).length
    const ended = answers.filter((a, i) => ops[i] === 'end' && a.status === 200).length
    expect(opened).toBe(1)
    expect(ended).toBeLessThanOrEqual(1)
    const final = (await call(ACME_KEY, 'GET', '/sessions')).body.sessions.find(
      (s: { id: string }) => s.id === session.id,
    )
    expect(final.status).toBe(ended ? 'ended' : 'open')
    expect(final.teams).toHaveLength(1)
  })
})

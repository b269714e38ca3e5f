import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bodySamples } from '../../contract/samples.ts'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import { createMock } from '../../mock/create.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'
import { bearer, json } from './world.ts'

const creates = fc.array(
  fc
    .oneof(
      bodySamples.CreateFormBody.map((body) => ['/forms', body] as const),
      bodySamples.CreateSessionBody.map((body) => ['/sessions', body] as const),
      bodySamples.CreateSeriesBody.map((body) => ['/series', body] as const),
      bodySamples.CreateSponsorReportBody.map((body) => ['/sponsors', body] as const),
    )
    .chain((create) => fc.tuple(fc.constantFrom(ACME_KEY, GLOBEX_KEY), fc.constant(create))),
  { maxLength: 12 },
)

const listPaths = ['/forms', '/sessions', '/series', '/sponsors'] as const
const listKey = {
  '/forms': 'forms',
  '/sessions': 'sessions',
  '/series': 'series',
  '/sponsors': 'reports',
} as const
const tableOf = {
  '/forms': 'forms',
  '/sessions': 'sessions',
  '/series': 'series',
  '/sponsors': 'reports',
} as const

describe('lists', () => {
  it(
    "never contain another organization's record, whoever wrote last",
    async () => {
      const mock = createMock()
      await mock.ready
      await fc.assert(
        fc.asyncProperty(creates, async (calls) => {
          await mock.reset()
          for (const [key, [path, body]] of calls) {
            await mock.handle({
              method: 'POST',
              path,
              headers: { ...bearer(key), ...json },
              body: JSON.stringify(body),
            })
          }
          const state = mock.exportState()
          for (const org of state.organizations) {
            for (const path of listPaths) {
              const answer = await mock.handle({ method: 'GET', path, headers: bearer(org.apiKey) })
              const listed = (JSON.parse(answer.text)[listKey[path]] as { id: string }[]).map(
                (r) => r.id,
              )
              const owned = state[tableOf[path]].filter((r) => r.orgId === org.id).map((r) => r.id)
              expect(listed.sort()).toEqual(owned.sort())
            }
            for (const form of state.forms.filter((f) => f.orgId === org.id)) {
              const answer = await mock.handle({
                method: 'GET',
                path: `/forms/${form.id}/responses`,
                headers: bearer(org.apiKey),
              })
              const listed = (JSON.parse(answer.text).responses as { id: string }[]).map(
                (r) => r.id,
              )
              const owned = state.responses.filter(
                (r) => r.orgId === org.id && r.formId === form.id,
              )
              expect(listed.sort()).toEqual(owned.map((r) => r.id).sort())
            }
          }
        }),
        fuzzParameters(15),
      )
    },
    fuzzTimeout(15, 60),
  )
})

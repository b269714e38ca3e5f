import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bodySamples } from '../../contract/samples.ts'
import { ACME_KEY, GLOBEX_KEY } from '../../fixtures/index.ts'
import type { MockState } from '../../mock/core/state.ts'
import { createMock } from '../../mock/create.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'
import { send, stateOf } from './http.ts'
import { bearer, json } from './world.ts'
import { writeFor, writes } from './writes.ts'

/** Generated stores: the demo data, then ordinary writes and contract-generated creates. */
const stores = fc.tuple(
  writes,
  fc.array(
    fc.tuple(
      fc.constantFrom(ACME_KEY, GLOBEX_KEY),
      fc.oneof(
        bodySamples.CreateFormBody.map((b) => ['/forms', b] as const),
        bodySamples.CreateSessionBody.map((b) => ['/sessions', b] as const),
        bodySamples.CreateSeriesBody.map((b) => ['/series', b] as const),
        bodySamples.CreateSponsorReportBody.map((b) => ['/sponsors', b] as const),
      ),
    ),
    { maxLength: 6 },
  ),
)

type Generated = typeof stores extends fc.Arbitrary<infer T> ? T : never

const source = createMock()
const generate = async ([steps, creates]: Generated) => {
  await source.reset()
  for (const step of steps) await source.handle(writeFor(source.exportState(), step))
  for (const [key, [path, body]] of creates) {
    await source.handle({
      method: 'POST',
      path,
      headers: { ...bearer(key), ...json },
      body: JSON.stringify(body),
    })
  }
  return JSON.stringify(source.exportState())
}

describe('export → import → export', () => {
  it(
    'is the identity over generated stores, into a fresh mock',
    async () => {
      await fc.assert(
        fc.asyncProperty(stores, async (value) => {
          const exported = await generate(value)
          const target = createMock({ plan: false, seed: 99 })
          expect(await target.importState(JSON.parse(exported))).toEqual({ ok: true })
          expect(JSON.stringify(target.exportState())).toBe(exported)
        }),
        fuzzParameters(25),
      )
    },
    fuzzTimeout(25, 60),
  )

  it('never hands out an id, join code or slug the imported store already holds', async () => {
    const exported = await generate([[], []])
    // The same seed: its id generator replays the very ids the store already holds.
    const target = createMock({ plan: false })
    await target.importState(JSON.parse(exported))
    const before: MockState = JSON.parse(exported)
    const taken = new Set([
      ...before.forms.flatMap((f) => [f.id, f.joinCode, f.slug, ...f.fields.map((x) => x.id)]),
      ...before.sessions.flatMap((s) => [s.id, s.joinCode]),
    ])
    for (let i = 0; i < 50; i++) {
      const answer = await target.handle({
        method: 'POST',
        path: '/forms',
        headers: { ...bearer(ACME_KEY), ...json },
        body: JSON.stringify({
          title: 'Customer onboarding survey',
          fields: [{ kind: 'yes_no', config: { label: 'Q' } }],
        }),
      })
      const { form } = JSON.parse(answer.text)
      for (const value of [form.id, form.joinCode, form.slug, form.fields[0].id])
        expect(taken.has(value)).toBe(false)
    }
  })
})

describe('GET and PUT /__mock/state over HTTP', () => {
  let server: RunningServer
  beforeAll(async () => {
    server = await startServer({ port: 0 })
  })
  afterAll(() => server.close())
  const put = (body: string) =>
    send(
      server.url,
      { method: 'PUT', path: '/__mock/state', headers: json, body },
      { fromOrigin: true },
    )

  it(
    'round-trips a generated store byte for byte',
    async () => {
      await fc.assert(
        fc.asyncProperty(stores, async (value) => {
          const exported = await generate(value)
          expect((await put(exported)).status).toBe(200)
          expect(await stateOf(server.url)).toBe(exported)
        }),
        fuzzParameters(8),
      )
    },
    fuzzTimeout(8, 100),
  )

  it('refuses a bad state with 400 { error } and changes nothing', async () => {
    const good: MockState = JSON.parse(await stateOf(server.url))
    const form = good.forms[0] as MockState['forms'][number]
    const bad: [string, unknown][] = [
      ['not a state', { hello: 'world' }],
      ['wrong version', { ...good, version: 2 }],
      ['extra key', { ...good, extra: true }],
      [
        'duplicate id',
        { ...good, forms: [...good.forms, { ...form, joinCode: 'ZZZZZZ', slug: 'other-zzzz' }] },
      ],
      ['orphan record', { ...good, forms: [{ ...form, orgId: 'org_nobody000000' }] }],
      ['seq too low', { ...good, seq: 0 }],
      ['a broken record', { ...good, forms: [{ ...form, status: 'archived' }] }],
    ]
    const before = await stateOf(server.url)
    for (const [why, state] of bad) {
      const answer = await put(JSON.stringify(state))
      expect(answer.status, why).toBe(400)
      expect(Object.keys(JSON.parse(answer.text))).toEqual(['error'])
      expect(await stateOf(server.url), why).toBe(before)
    }
    const hostLog = console.error
    console.error = () => {}
    try {
      expect((await put('{"format":')).status).toBe(400)
    } finally {
      console.error = hostLog
    }
    expect(await stateOf(server.url)).toBe(before)
    expect(
      (await send(server.url, { method: 'GET', path: '/forms', headers: bearer(GLOBEX_KEY) }))
        .status,
    ).toBe(200)
  })
})

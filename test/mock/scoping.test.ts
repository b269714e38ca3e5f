import { describe, expect, it } from 'vitest'
import type { Client } from '../../contract/index.ts'
import { DEMO_ORGANIZATIONS } from '../../fixtures/index.ts'
import { expectError, expectSuccess, type Harness, TRANSPORTS, useHarness } from './harness.ts'
import { makeForm, makeSession } from './scenarios.ts'

const T0 = '2026-07-20T10:00:00.000Z'
const T1 = '2026-07-21T10:00:00.000Z'
const T2 = '2026-07-22T10:00:00.000Z'

/** Each list operation: how to create one record for it, and how to read the list's ids. */
const LISTS = {
  forms: {
    create: async (h: Harness, c: Client) => (await makeForm(h, { client: c })).id,
    list: async (c: Client) =>
      expectSuccess('listForms', await c.listForms()).forms.map((f) => f.id),
  },
  sessions: {
    create: async (h: Harness, c: Client) => (await makeSession(h, {}, c)).id,
    list: async (c: Client) =>
      expectSuccess('listSessions', await c.listSessions()).sessions.map((s) => s.id),
  },
  series: {
    create: async (_h: Harness, c: Client) =>
      expectSuccess('createSeries', await c.createSeries({ body: { title: 'League' } })).series.id,
    list: async (c: Client) =>
      expectSuccess('listSeries', await c.listSeries()).series.map((s) => s.id),
  },
  reports: {
    create: async (_h: Harness, c: Client) =>
      expectSuccess(
        'createSponsorReport',
        await c.createSponsorReport({ body: { title: 'R', brandLabel: 'B' } }),
      ).report.id,
    list: async (c: Client) =>
      expectSuccess('listSponsorReports', await c.listSponsorReports()).reports.map((r) => r.id),
  },
} as const
const LIST_NAMES = Object.keys(LISTS) as (keyof typeof LISTS)[]

describe.each(TRANSPORTS)('lists: newest first, the caller only (%s)', (transport) => {
  const h = useHarness(transport)

  it.each(LIST_NAMES)('%s: createdAt descending, whatever the creation order', async (name) => {
    const { create, list } = LISTS[name]
    h.at(T1)
    const middle = await create(h, h.acme)
    h.at(T0)
    const oldest = await create(h, h.acme)
    h.at(T2)
    const newest = await create(h, h.acme)
    expect(await list(h.acme)).toEqual([newest, middle, oldest])
  })

  it.each(LIST_NAMES)('%s: equal createdAt, the latest created first', async (name) => {
    const { create, list } = LISTS[name]
    h.at(T0)
    const made = [await create(h, h.acme), await create(h, h.acme), await create(h, h.acme)]
    expect(await list(h.acme)).toEqual(made.reverse())
  })

  it("never shows one organization's records to another", async () => {
    const acmeForm = await makeForm(h)
    const acmeSession = await makeSession(h)
    const globexForm = await makeForm(h, { client: h.globex })
    const globexSession = await makeSession(h, {}, h.globex)
    expect(await LISTS.forms.list(h.acme)).toEqual([acmeForm.id])
    expect(await LISTS.forms.list(h.globex)).toEqual([globexForm.id])
    expect(await LISTS.sessions.list(h.acme)).toEqual([acmeSession.id])
    expect(await LISTS.sessions.list(h.globex)).toEqual([globexSession.id])
    await LISTS.series.create(h, h.acme)
    await LISTS.reports.create(h, h.acme)
    expect(await LISTS.series.list(h.globex)).toEqual([])
    expect(await LISTS.reports.list(h.globex)).toEqual([])
    expectError('getForm', await h.globex.getForm({ params: { id: acmeForm.id } }), 'not_found')
    expectError('getForm', await h.acme.getForm({ params: { id: globexForm.id } }), 'not_found')
  })
})

describe.each(TRANSPORTS)('lists over the demo data (%s)', (transport) => {
  const h = useHarness(transport, { demo: true })

  it.each(DEMO_ORGANIZATIONS.map((o) => [o.name, o] as const))(
    '%s sees exactly its own records, newest first',
    async (_name, org) => {
      const state = h.mock.exportState()
      const client = h.client(org.apiKey)
      for (const name of LIST_NAMES) {
        const expected = [...state[name]]
          .filter((r) => r.orgId === org.id)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.seq - a.seq)
          .map((r) => r.id)
        expect(await LISTS[name].list(client), name).toEqual(expected)
        if (name === 'forms') expect(expected.length).toBeGreaterThan(1)
      }
    },
  )
})

import { afterEach, describe, expect, it, vi } from 'vitest'
import * as z from 'zod'
import { newestFirst, Table } from './table.ts'

const Note = z.strictObject({
  id: z.string(),
  orgId: z.string(),
  seq: z.int(),
  createdAt: z.string(),
  text: z.string(),
})

/** A record with nested parts: an object, a list of objects and a record, all strict. */
const Survey = z.strictObject({
  id: z.string(),
  orgId: z.string(),
  seq: z.int(),
  createdAt: z.string(),
  settings: z.strictObject({ anonymous: z.boolean(), theme: z.string() }),
  fields: z.array(z.strictObject({ label: z.string(), config: z.strictObject({ max: z.int() }) })),
  counts: z.record(z.string(), z.int()),
})
type SurveyInput = z.input<typeof Survey>
const survey = (id: string, overrides: Record<string, unknown> = {}): SurveyInput => ({
  id,
  orgId: 'org1',
  seq: 1,
  createdAt: '1',
  settings: { anonymous: false, theme: 'dark' },
  fields: [{ label: 'Q1', config: { max: 5 } }],
  counts: { yes: 1 },
  ...overrides,
})

const tableWith = async (...rows: Array<[id: string, orgId: string, createdAt: string]>) => {
  const table = new Table(Note, newestFirst)
  for (const [seq, [id, orgId, createdAt]] of rows.entries()) {
    await table.insert({ id, orgId, seq, createdAt, text: id })
  }
  return table
}

describe('Table', () => {
  it('lists an organization newest first, equal timestamps latest created first, whatever the insert order', async () => {
    const table = await tableWith(
      ['b', 'org1', '2026-02-01'],
      ['x', 'org2', '2026-09-01'],
      ['a', 'org1', '2026-01-01'],
      ['d', 'org1', '2026-03-01'],
      ['c', 'org1', '2026-02-01'],
    )
    expect(table.listByOrg('org1').map((r) => r.id)).toEqual(['d', 'c', 'b', 'a'])
    expect(table.listByOrg('org2').map((r) => r.id)).toEqual(['x'])
    expect(table.listByOrg('org3')).toEqual([])
  })

  it('places a late, older record among many created in order, and a same-time one first', async () => {
    const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}`
    const rows: Array<[string, string, string]> = []
    for (let n = 1; n <= 20; n++) rows.push([`r${n}`, 'org1', day(n)])
    rows.push(['late', 'org1', day(7)], ['tie', 'org1', day(20)], ['first', 'org1', day(0)])
    const ids = (await tableWith(...rows)).listByOrg('org1').map((r) => r.id)
    expect(ids.slice(0, 3)).toEqual(['tie', 'r20', 'r19'])
    expect(ids.slice(ids.indexOf('r8'), ids.indexOf('r8') + 3)).toEqual(['r8', 'late', 'r7'])
    expect(ids.at(-1)).toBe('first')
    expect(ids).toHaveLength(23)
  })

  it('keeps every record in creation order across organizations, and a replaced one in its place', async () => {
    const table = await tableWith(['a', 'org1', '1'], ['b', 'org2', '2'], ['c', 'org1', '3'])
    const a = table.get('a')
    if (!a) throw new Error('a missing')
    await table.replace(a, { ...a, text: 'changed' })
    expect(table.all().map((r) => `${r.id}:${r.text}`)).toEqual(['a:changed', 'b:b', 'c:c'])
    expect(table.listByOrg('org1').map((r) => r.text)).toEqual(['c', 'changed'])
    expect(table.count()).toBe(3)
  })

  it('answers another organization’s id as a missing one', async () => {
    const table = await tableWith(['a', 'org1', '1'])
    expect(table.getOwned('org1', 'a')?.id).toBe('a')
    expect(table.getOwned('org2', 'a')).toBeUndefined()
  })

  it('forgets a removed record everywhere', async () => {
    const table = await tableWith(['a', 'org1', '1'], ['b', 'org1', '2'])
    const a = table.get('a')
    if (!a) throw new Error('a missing')
    table.remove(a)
    expect(table.get('a')).toBeUndefined()
    expect(table.all().map((r) => r.id)).toEqual(['b'])
    expect(table.listByOrg('org1').map((r) => r.id)).toEqual(['b'])
  })

  describe('records with nested parts', () => {
    afterEach(() => vi.restoreAllMocks())

    it('still checks every nested key, and stores plain objects equal to the input', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const table = new Table(Survey, newestFirst)
      const input = survey('a')
      const stored = await table.insert(input)
      expect(stored).toEqual(survey('a'))
      const parts = (record: SurveyInput) => [
        record.settings,
        record.fields,
        record.fields[0],
        record.fields[0]?.config,
        record.counts,
      ]
      for (const [i, part] of parts(stored).entries()) {
        expect(Object.getPrototypeOf(part)).toBe(
          Array.isArray(part) ? Array.prototype : Object.prototype,
        )
        expect(part).not.toBe(parts(input)[i])
      }
      const refused = [
        { settings: { anonymous: 'no', theme: 'dark' } },
        { settings: { anonymous: false, theme: 'dark', extra: 1 } },
        { fields: [{ label: 'Q1', config: { max: 1.5 } }] },
        { fields: [{ label: 'Q1', config: { max: 5 }, extra: true }] },
        { counts: { yes: 'one' } },
      ]
      for (const [i, overrides] of refused.entries())
        await expect(table.insert(survey(`bad${i}`, overrides))).rejects.toThrow(/does not match/)
      expect(table.all().map((r) => r.id)).toEqual(['a'])
    })
  })
})

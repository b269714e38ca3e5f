import { describe, expect, it } from 'vitest'
import { newestFirstViolations, orderViolations } from './order.ts'

describe('shape rules', () => {
  it('name every ordered array out of order, by its path in the body', () => {
    const body = {
      forms: [
        { fields: [{ order: 0 }, { order: 1 }] },
        {
          fields: [{ order: 2 }, { order: 1 }, { order: 1 }],
          config: { activities: [{ order: 5 }, { order: 4 }] },
        },
      ],
    }
    expect(orderViolations(body)).toEqual([
      'body.forms[1].fields[1].order is 1 after 2',
      'body.forms[1].fields[2].order is 1 after 1',
      'body.forms[1].config.activities[1].order is 4 after 5',
    ])
    expect(orderViolations([{ fields: [{ order: 1 }, { order: 0 }] }], 'list')).toEqual([
      'list[0].fields[1].order is 0 after 1',
    ])
    expect(orderViolations({ fields: [{ order: 'a' }, {}, { order: 0 }] })).toEqual([])
  })

  it('walk a body nested deeper than the call stack goes, finding what is out of order in it', () => {
    let deep: unknown = { fields: [{ order: 2 }, { order: 1 }] }
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const found = orderViolations({ form: deep })
    expect(found).toHaveLength(1)
    expect(found[0]).toMatch(/^body\.form(\[0\]){100000}\.fields\[1\]\.order is 1 after 2$/)
  })

  it('find items older than the one after them', () => {
    expect(
      newestFirstViolations([
        { id: 'a', createdAt: '2026-07-02T00:00:00Z' },
        { id: 'b', createdAt: '2026-07-02T00:00:00Z' },
        { id: 'c', createdAt: '2026-07-03T00:00:00Z' },
      ]),
    ).toEqual(['c (2026-07-03T00:00:00Z) comes after the older b (2026-07-02T00:00:00Z)'])
  })
})

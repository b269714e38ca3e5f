import { describe, expect, it } from 'vitest'
import { endpoints } from './endpoints.ts'
import { contract, operationIds } from './table.ts'

describe('the zod-free endpoint table', () => {
  it('has exactly the operations of the contract, in any order', () => {
    expect(Object.keys(endpoints).sort()).toEqual([...operationIds].sort())
  })

  it.each(operationIds)('%s: the route carries its endpoint, not a second declaration', (id) => {
    const route = contract[id]
    expect({
      method: route.method,
      path: route.path,
      status: route.success.status,
      since: route.since,
    }).toEqual(endpoints[id])
  })
})

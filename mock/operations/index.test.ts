import { describe, expect, it } from 'vitest'
import { endpoints } from '../../contract/endpoints.ts'
import { operationIds } from '../../contract/table.ts'
import { splitBundle } from '../../test/split-bundle.ts'
import type { OpContext } from '../core/context.ts'
import { Store } from '../core/store.ts'
import { loadWriteOperations, operations } from './index.ts'
import { readOperations } from './reads.ts'

describe('the operations table', () => {
  it('leaves the writes, the plan seeding and the templates out of what the mock loads before its first answer', async () => {
    const { eager, lazy } = await splitBundle(new URL('../create.ts', import.meta.url))
    expect(eager.some((input) => input.endsWith('mock/operations/reads.ts'))).toBe(true)
    expect(
      eager.filter((input) =>
        /mock\/operations\/(forms|fields|sessions|series|sponsors|activities|writes)\.ts$|mock\/core\/seed\.ts$|contract\/form-templates\.ts$/.test(
          input,
        ),
      ),
    ).toEqual([])
    expect(lazy.some((input) => input.endsWith('mock/operations/writes.ts'))).toBe(true)
    expect(lazy.some((input) => input.endsWith('mock/core/seed.ts'))).toBe(true)
  })

  it('has every operation, each write running its own implementation from the writes module', async () => {
    expect(Object.keys(operations).sort()).toEqual([...operationIds].sort())
    const writes = await loadWriteOperations()
    const store = new Store()
    const org = { id: 'org_a1b2c3d4e5f6', name: 'Acme', apiKey: 'k', entitlements: [] }
    const params = { id: 'frm_missing00000', fieldId: 'fld_missing00000' }
    for (const id of operationIds) {
      const ctx = {
        store,
        org,
        params,
        now: '',
        publicBase: '',
        body: {},
      } as never as OpContext<never>
      const own = (endpoints[id].method === 'GET' ? readOperations : writes) as Record<
        string,
        (ctx: OpContext<never>) => unknown
      >
      // Each answers a record that does not exist with its own resource's 404, or its own result.
      const expected = await Promise.resolve()
        .then(() => own[id]?.(ctx))
        .catch((error: unknown) => ({ threw: String(error) }))
      const actual = await Promise.resolve()
        .then(() => (operations[id] as (ctx: OpContext<never>) => unknown)(ctx))
        .catch((error: unknown) => ({ threw: String(error) }))
      expect(actual, id).toEqual(expected)
    }
  })
})

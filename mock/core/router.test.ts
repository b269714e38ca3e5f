import { describe, expect, it, vi } from 'vitest'
import { fillPath } from '../../contract/route.ts'
import { contract, type OperationId, operationIds } from '../../contract/table.ts'
import { matchRoute } from './router.ts'

const idOf = (method: string, path: string) => {
  const match = matchRoute(method, path)
  return match.kind === 'operation' ? { id: match.id, params: match.params } : match
}

describe('matchRoute', () => {
  it.each(operationIds)('finds %s at its own path', (op: OperationId) => {
    const route = contract[op]
    const path = fillPath(route.path, { id: 'frm_a1b2c3d4e5f6', fieldId: 'fld_a1b2c3d4e5f6' })
    expect(idOf(route.method, path)).toMatchObject({ id: op })
  })

  it('reads the literal "reorder" as the reorder operation for POST, not as a field id', () => {
    expect(idOf('POST', '/forms/frm_1/fields/reorder')).toEqual({
      id: 'reorderFields',
      params: { id: 'frm_1' },
    })
    // Other methods there are the field operations, with "reorder" as the (unknown) field id.
    expect(idOf('PATCH', '/forms/frm_1/fields/reorder')).toEqual({
      id: 'replaceFieldConfig',
      params: { id: 'frm_1', fieldId: 'reorder' },
    })
  })

  it('decodes a parameter once, so an encoded slash stays inside it', () => {
    expect(idOf('GET', '/forms/a%2Fb')).toEqual({ id: 'getForm', params: { id: 'a/b' } })
    expect(idOf('POST', '/forms/a%2Fpublish/close')).toEqual({
      id: 'closeForm',
      params: { id: 'a/publish' },
    })
    expect(idOf('GET', '/forms/a%252F')).toEqual({ id: 'getForm', params: { id: 'a%2F' } })
  })

  it('keeps a malformed escape raw instead of throwing', () => {
    expect(idOf('GET', '/forms/%E0%A4%A')).toEqual({ id: 'getForm', params: { id: '%E0%A4%A' } })
  })

  it('names the allowed methods when the path exists with another method', () => {
    const wrong = matchRoute('PUT', '/forms')
    expect(wrong.kind).toBe('wrong_method')
    if (wrong.kind === 'wrong_method') expect([...wrong.allowed].sort()).toEqual(['GET', 'POST'])
    const form = matchRoute('POST', '/forms/frm_1')
    if (form.kind !== 'wrong_method') throw new Error(`expected wrong_method, got ${form.kind}`)
    expect([...form.allowed].sort()).toEqual(['DELETE', 'GET', 'PATCH'])
  })

  it('accepts one trailing slash and nothing else around the path', () => {
    expect(idOf('GET', '/forms/')).toMatchObject({ id: 'listForms' })
    for (const path of ['/forms//', 'forms', '/api/v1/forms', '/forms/a/b/c/d', '/']) {
      expect(matchRoute('GET', path).kind, path).toBe('none')
    }
  })

  it("tries only the routes under the path's first segment", () => {
    const exec = vi.spyOn(RegExp.prototype, 'exec')
    try {
      for (const [method, path] of [
        ['POST', '/forms'],
        ['PATCH', '/forms/frm_1'],
        ['POST', '/sessions/ses_1/teams'],
      ] as const) {
        exec.mockClear()
        expect(matchRoute(method, path).kind).toBe('operation')
        const resource = path.split('/')[1]
        const under = Object.values(contract).filter((r) => r.path.split('/')[1] === resource)
        expect(exec.mock.calls.length, path).toBeLessThanOrEqual(under.length)
      }
    } finally {
      exec.mockRestore()
    }
  })
})

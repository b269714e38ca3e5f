import { describe, expect, it } from 'vitest'
import type { Exchange } from './failure.ts'
import { errorShapeProblem, isBodyError, refusalProblem } from './judge-refusal.ts'

const exchange = (status: number, body: unknown, more: Partial<Exchange> = {}): Exchange => ({
  status,
  body,
  text: JSON.stringify(body) ?? '',
  headers: new Headers(),
  request: { method: 'DELETE', url: 'http://deployment.test/api/v1/forms/f1', headers: {} },
  ...more,
})
const ISSUES = { error: 'bad', issues: [{ path: ['orderedIds'], message: 'missing' }] }

describe('refusalProblem', () => {
  it('passes any 4xx: §7 leaves which one open', () => {
    expect(refusalProblem('deleteForm', exchange(404, { error: 'x' }), 'not_found')).toBeUndefined()
    expect(refusalProblem('deleteForm', exchange(410, { error: 'x' }), 'not_found')).toBeUndefined()
  })

  it('fails a success or a server error, saying why a refusal was due', () => {
    expect(refusalProblem('deleteForm', exchange(200, { ok: true }), 'not_found')).toMatch(
      /^DELETE \/forms\/\{id\}: expected a refusal \(4xx\) because: .+ Got 200\.$/,
    )
    expect(refusalProblem('deleteForm', exchange(0, undefined), 'not_found')).toBe(
      'DELETE /forms/{id}: no answer.',
    )
  })
})

describe('errorShapeProblem', () => {
  it('passes the plain shape on a plain-shape operation', () => {
    expect(
      errorShapeProblem('deleteForm', exchange(404, { error: 'x' }), false, true),
    ).toBeUndefined()
  })

  it('fails issues on a plain-shape operation, naming the shape it uses', () => {
    expect(errorShapeProblem('deleteForm', exchange(404, ISSUES), false, false)).toMatch(
      /answers with the validation shape \(issues\).*plain shape \{ error: string \}/,
    )
  })

  it('asks issues of a body error on a validation-shape operation, and only of a body error', () => {
    const plain = exchange(400, { error: 'x' })
    expect(errorShapeProblem('reorderFields', plain, true, false)).toMatch(
      /not the §7 validation error shape/,
    )
    expect(errorShapeProblem('reorderFields', plain, false, false)).toBeUndefined()
    expect(errorShapeProblem('reorderFields', exchange(400, ISSUES), true, false)).toBeUndefined()
  })

  it("holds every error of a validation-shape operation to the profile's shape under strict", () => {
    expect(errorShapeProblem('reorderFields', exchange(404, { error: 'x' }), false, true)).toMatch(
      /not the profile's validation error shape \(CONTRACT_PROFILE=strict\)/,
    )
  })

  it('fails a body that is not JSON or was not read', () => {
    expect(errorShapeProblem('deleteForm', exchange(404, undefined), false, false)).toBe(
      'DELETE /forms/{id}: the error body (404) is not JSON (§7).',
    )
    expect(
      errorShapeProblem(
        'deleteForm',
        exchange(404, undefined, { unread: 'too long' }),
        false,
        false,
      ),
    ).toBe('DELETE /forms/{id}: the error body (404): too long.')
  })
})

describe('isBodyError', () => {
  it("marks the conditions about a body's content, not a malformed body", () => {
    expect(isBodyError('invalid_field_config')).toBe(true)
    expect(isBodyError('incomplete_reorder')).toBe(true)
    expect(isBodyError('malformed_json')).toBe(false)
    expect(isBodyError('not_found')).toBe(false)
  })
})

import { describe, expect, it } from 'vitest'
import { apiExchange, documentedForm } from '../../test/traffic/documented.ts'
import { operationMatcher } from '../deployment/to-contract.ts'
import { AnswerCache, CACHED_ANSWER_LENGTH } from './answer-cache.ts'
import { createTrafficChecker } from './check-exchange.ts'
import type { TrafficExchange } from './exchange.ts'
import { ExchangeContext } from './exchange-context.ts'
import { TrafficMemory } from './memory.ts'

const FORM = {
  ...documentedForm('frm_1'),
  fields: [
    { id: 'fld_1', kind: 'text', config: {}, order: 1 },
    { id: 'fld_2', kind: 'text', config: {}, order: 2 },
  ],
}

const exchange = (method: string, path: string, status: number, answer: unknown, body?: unknown) =>
  apiExchange(method, path, status, answer, body === undefined ? {} : { body })

const violations = (verdict: ReturnType<ReturnType<typeof createTrafficChecker>['check']>) =>
  verdict.violations.map((v) => `${v.operationId} ${v.path}: ${v.message}`)

describe('a byte-identical answer read before', () => {
  it('is not parsed again; a changed, cut or overlong answer is', () => {
    const cache = new AnswerCache()
    const op = operationMatcher()('GET', '/forms')
    if (!op) throw new Error('listForms not matched')
    const read = (e: TrafficExchange) => {
      const ctx = new ExchangeContext(1, e, op, {}, new TrafficMemory(), cache.find(op, e))
      cache.check(ctx)
      return ctx.answer
    }
    const list = exchange('GET', '/forms', 200, { forms: [FORM] })
    const first = read(list)
    expect(first).toMatchObject({ state: 'json', value: { forms: [FORM] } })
    expect(cache.find(op, { ...list })).toBe(first)
    expect(read({ ...list })).toBe(first)
    const changed = { ...list, responseBody: list.responseBody.replace('Retro', 'Retra') }
    expect(cache.find(op, changed)).toBeUndefined()
    expect(cache.find(op, { ...list, status: 203 })).toBeUndefined()
    expect(cache.find(op, { ...list, responseBodyTruncated: true })).toBeUndefined()
    const forms = Array.from({ length: 150 }, (_, i) => ({ ...FORM, id: `frm_${i}` }))
    const long = exchange('GET', '/forms', 200, { forms })
    expect(long.responseBody.length).toBeGreaterThan(CACHED_ANSWER_LENGTH)
    read(long)
    expect(cache.find(op, long)).toBeUndefined()
  })

  it('reports its violation every time, on each exchange’s own path', () => {
    const checker = createTrafficChecker()
    const bad = { form: { ...FORM, createdAt: 'yesterday' } }
    const found = [1, 2, 3].map((i) =>
      violations(checker.check(exchange('GET', `/forms/frm_${i}`, 200, bad), i)),
    )
    expect(found).toEqual(
      [1, 2, 3].map((i) => [
        `getForm /forms/frm_${i}: not the documented answer of GET /forms/{id} (§2, §4): form.createdAt: Invalid ISO datetime`,
      ]),
    )
  })

  it('is checked again once one byte changes, either way', () => {
    const checker = createTrafficChecker()
    const good = exchange('GET', '/forms', 200, { forms: [FORM] })
    const bad = exchange('GET', '/forms', 200, { forms: [{ ...FORM, slug: 7 }] })
    const seen = [good, good, bad, bad, good].map((e, i) => violations(checker.check(e, i + 1)))
    const wrong =
      'listForms /forms: not the documented answer of GET /forms (§2, §4): forms[0].slug: Invalid input: expected string, received number'
    expect(seen).toEqual([[], [], [wrong], [wrong], []])
  })

  it('still meets the rules that remember: a reorder accepted in between is held to it', () => {
    const checker = createTrafficChecker()
    const list = exchange('GET', '/forms', 200, { forms: [FORM] })
    expect(violations(checker.check(list, 1))).toEqual([])
    const reorder = exchange(
      'POST',
      '/forms/frm_1/fields/reorder',
      200,
      { ok: true },
      {
        orderedIds: ['fld_2', 'fld_1'],
      },
    )
    expect(violations(checker.check(reorder, 2))).toEqual([])
    // The same bytes as exchange 1, which the reorder should have changed.
    expect(violations(checker.check(list, 3))).toEqual([
      'reorderFields /forms: the reorder accepted in exchange #2 is not applied: it asked for fld_2, fld_1, this answer of form frm_1 lists fld_1, fld_2 (§3)',
    ])
    expect(violations(checker.check(list, 4))).toEqual([])
  })

  it('is judged per status, and per whether the request’s body was refused', () => {
    const checker = createTrafficChecker()
    const plain = { error: 'Nope.' }
    const shape =
      'reorderFields /forms/frm_1/fields/reorder: not the §7 validation error shape { error, issues: [{ path: array, message: string }] } of POST /forms/{id}/fields/reorder: issues: Invalid input: expected array, received undefined'
    const path = '/forms/frm_1/fields/reorder'
    const refused = exchange('POST', path, 422, plain, { orderedIds: 'fld_1' })
    const accepted = exchange('POST', path, 422, plain, { orderedIds: ['fld_1'] })
    expect(
      [refused, accepted, refused, accepted].map((e, i) => violations(checker.check(e, i + 1))),
    ).toEqual([[shape], [], [shape], []])
    const asSuccess = exchange('GET', '/forms/frm_1', 200, plain)
    const asMissing = exchange('GET', '/forms/frm_1', 404, plain)
    expect(violations(checker.check(asMissing, 5))).toEqual([])
    expect(violations(checker.check(asSuccess, 6))).toEqual([
      expect.stringMatching(/^getForm \/forms\/frm_1: not the documented answer of GET/),
    ])
    expect(violations(checker.check(asMissing, 7))).toEqual([])
  })

  it('still holds a publish to the parts a polled list showed, unchanged or not', () => {
    const checker = createTrafficChecker()
    const list = exchange('GET', '/forms', 200, { forms: [FORM] })
    checker.check(list, 1)
    // The same bytes again: read from the cache, and still remembered as this exchange's.
    checker.check(list, 2)
    const same = { form: { ...FORM, status: 'published' } }
    expect(
      violations(checker.check(exchange('POST', '/forms/frm_1/publish', 200, same), 3)),
    ).toEqual([])
    checker.check(list, 4)
    const renamed = { form: { ...FORM, status: 'published', title: 'Other' } }
    expect(
      violations(checker.check(exchange('POST', '/forms/frm_1/publish', 200, renamed), 5)),
    ).toEqual([
      expect.stringMatching(
        /^publishForm \/forms\/frm_1\/publish: title is "Other", not "Retro" as exchange #4 showed it/,
      ),
    ])
  })
})

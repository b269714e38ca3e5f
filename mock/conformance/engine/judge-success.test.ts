import { describe, expect, it } from 'vitest'
import { LATEST } from '../../deployment/run-release.ts'
import { spelledKeys } from '../../deployment/to-deployment.ts'
import type { Exchange } from './failure.ts'
import { peekSuccess, successBody, successStart } from './judge-success.ts'

const exchange = (status: number, body: unknown, more: Partial<Exchange> = {}): Exchange => ({
  status,
  body,
  text: JSON.stringify(body) ?? '',
  headers: new Headers(),
  request: { method: 'GET', url: 'http://deployment.test/api/v1/forms/f1', headers: {} },
  ...more,
})
const INITIAL = { release: 'initial', given: 'initial' } as const

describe('successStart', () => {
  it('passes a 2xx with a JSON body', () => {
    expect(successStart('deleteForm', exchange(200, { ok: true }), LATEST)).toBeUndefined()
  })

  it('fails no answer, a non-2xx, an unread body and a body that is not JSON, each in words', () => {
    expect(successStart('deleteForm', exchange(0, undefined), LATEST)).toEqual({
      fail: 'DELETE /forms/{id}: no answer.',
    })
    expect(successStart('deleteForm', exchange(500, { error: 'x' }), LATEST)).toEqual({
      fail: 'DELETE /forms/{id}: expected a success (2xx), got 500.',
    })
    expect(
      successStart('deleteForm', exchange(200, undefined, { unread: 'nested too deep' }), LATEST),
    ).toEqual({ fail: 'DELETE /forms/{id}: answered 200: nested too deep.' })
    expect(successStart('deleteForm', exchange(200, undefined), LATEST)).toEqual({
      fail: 'DELETE /forms/{id}: answered 200 with a body that is not JSON.',
    })
  })

  it('advises an earlier release when an operation of a later release answers 404', () => {
    const found = successStart('createSeries', exchange(404, { error: 'no' }), LATEST)
    expect(found && 'fail' in found && found.fail).toMatch(
      /^POST \/series: expected a success \(2xx\), got 404\. POST \/series arrived in release 2026-07-13 .*\.$/,
    )
    expect(successStart('createSeries', exchange(404, { error: 'no' }), INITIAL)).toEqual({
      fail: 'POST /series: expected a success (2xx), got 404.',
    })
  })

  it('blocks a refusal of a request the deployment file spells, rather than failing it', () => {
    const refused = exchange(400, { error: 'no' })
    spelledKeys.set(refused, ['forms.create.title'])
    expect(successStart('createForm', refused, LATEST)).toEqual({ block: true })
    expect(successStart('createForm', exchange(400, { error: 'no' }), LATEST)).toHaveProperty(
      'fail',
    )
  })
})

describe('successBody', () => {
  it('returns the body as the documented schema reads it', () => {
    expect(successBody('deleteForm', exchange(200, { ok: true, extra: 1 }), false)).toEqual({
      body: { ok: true, extra: 1 },
    })
  })

  it('fails a body the documented schema refuses, citing §2 and §4', () => {
    const read = successBody('deleteForm', exchange(200, { ok: false }), false)
    expect('fail' in read && read.fail).toMatch(
      /^DELETE \/forms\/\{id\}: the success body does not match the documented schema \(§2, §4\):\n/,
    )
  })

  it("fails a body beyond the profile's exact schema only under strict", () => {
    const extra = exchange(200, { ok: true, extra: 1 })
    expect(successBody('deleteForm', extra, false)).toHaveProperty('body')
    const strict = successBody('deleteForm', extra, true)
    expect('fail' in strict && strict.fail).toMatch(
      /does not match the profile schema \(CONTRACT_PROFILE=strict\)/,
    )
  })
})

describe('peekSuccess', () => {
  it('reads a documented success and nothing else, never failing', () => {
    expect(peekSuccess('deleteForm', exchange(200, { ok: true }))).toEqual({ ok: true })
    expect(peekSuccess('deleteForm', exchange(200, { ok: false }))).toBeUndefined()
    expect(peekSuccess('deleteForm', exchange(404, { ok: true }))).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import { judgeObservation } from './observe.ts'

const base = { question: 'Status for not_found: x', check: 'c', declared: undefined }

describe('judgeObservation', () => {
  it('records a matching answer without a failure', () => {
    const judged = judgeObservation({ ...base, answer: 404, expected: 404, strict: true })
    expect(judged.failure).toBeUndefined()
    expect(judged.observation).toMatchObject({ answer: 404, expected: 404, matches: true })
  })

  it("records a different answer than the profile's, failing only under strict", () => {
    const loose = judgeObservation({ ...base, answer: 410, expected: 404, strict: false })
    expect(loose).toEqual({ observation: expect.objectContaining({ matches: false }) })
    const strict = judgeObservation({ ...base, answer: 410, expected: 404, strict: true })
    expect(strict.observation?.matches).toBe(false)
    expect(strict.failure).toBe(
      'Profile (CONTRACT_PROFILE=strict): Status for not_found: x: expected 404, got 410.',
    )
  })

  it("holds a declared answer instead of the profile's, whatever strict says", () => {
    const judged = judgeObservation({
      ...base,
      answer: 410,
      expected: 404,
      declared: 410,
      strict: true,
    })
    expect(judged.failure).toBeUndefined()
    expect(judged.observation).toMatchObject({ expected: 410, matches: true })
  })

  it('fails a different answer than the declared one and records nothing', () => {
    const judged = judgeObservation({
      ...base,
      answer: 404,
      expected: 404,
      declared: 410,
      strict: false,
    })
    expect(judged).toEqual({
      failure: 'Deployment file: Status for not_found: x: expected 410, got 404.',
    })
  })

  it('names the operation only when given one', () => {
    const withOp = judgeObservation({
      ...base,
      answer: 1,
      expected: 1,
      strict: false,
      operation: 'getForm',
    })
    const without = judgeObservation({ ...base, answer: 1, expected: 1, strict: false })
    expect(withOp.observation?.operation).toBe('getForm')
    expect(without.observation && 'operation' in without.observation).toBe(false)
  })
})

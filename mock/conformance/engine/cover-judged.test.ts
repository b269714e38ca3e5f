import { describe, expect, it } from 'vitest'
import { coverJudged } from './cover-judged.ts'
import { ContractFailure, SetupBlocked } from './failure.ts'

const recorder = () => {
  const calls: boolean[] = []
  return { calls, record: (failed: boolean) => calls.push(failed) }
}

describe('coverJudged', () => {
  it("records a passed judgement as seen and returns the judgement's value", () => {
    const { calls, record } = recorder()
    expect(coverJudged(record, () => 7)).toBe(7)
    expect(calls).toEqual([false])
  })

  it('records a failed judgement as failed and rethrows it', () => {
    const { calls, record } = recorder()
    const failure = new ContractFailure('no')
    expect(() =>
      coverJudged(record, () => {
        throw failure
      }),
    ).toThrow(failure)
    expect(calls).toEqual([true])
  })

  it('records nothing for a blocked setup step', () => {
    const { calls, record } = recorder()
    expect(() =>
      coverJudged(record, () => {
        throw new SetupBlocked('blocked', undefined, [])
      }),
    ).toThrow(SetupBlocked)
    expect(calls).toEqual([])
  })

  it('records nothing for an error that is no judgement', () => {
    const { calls, record } = recorder()
    expect(() =>
      coverJudged(record, () => {
        throw new TypeError('bug')
      }),
    ).toThrow(TypeError)
    expect(calls).toEqual([])
  })
})

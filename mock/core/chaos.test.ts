import { describe, expect, it } from 'vitest'
import { decideChaos } from './chaos.ts'

/** A random source that returns the given values in turn. */
const sequence = (...values: number[]) => {
  let i = 0
  return () => values[i++ % values.length] as number
}

describe('decideChaos', () => {
  it('does nothing without options or preferences', () => {
    expect(decideChaos({}, undefined)).toEqual({ delayMs: 0 })
  })

  it('reads code= and delay= from Prefer, among other preferences and in any case', () => {
    expect(decideChaos({}, 'respond-async, Code=503; delay=250')).toMatchObject({
      delayMs: 250,
      forcedStatus: 503,
    })
    expect(decideChaos({}, 'delay=40').forcedStatus).toBeUndefined()
  })

  it('ignores codes outside 400–599 and names that only end in "code"', () => {
    expect(decideChaos({}, 'code=200').forcedStatus).toBeUndefined()
    expect(decideChaos({}, 'code=600').forcedStatus).toBeUndefined()
    expect(decideChaos({}, 'xcode=503').forcedStatus).toBeUndefined()
    expect(decideChaos({}, 'code=abc').forcedStatus).toBeUndefined()
  })

  it('lets a Prefer delay replace the configured latency, capped at 60 s', () => {
    expect(decideChaos({ latency: 300 }, 'delay=0').delayMs).toBe(0)
    expect(decideChaos({ latency: 300 }, undefined).delayMs).toBe(300)
    expect(decideChaos({}, 'delay=999999').delayMs).toBe(60_000)
  })

  it('draws a latency range from the random source', () => {
    expect(decideChaos({ latency: [100, 200] }, undefined, sequence(0.5)).delayMs).toBe(150)
  })

  it('fails a request with 503 when the draw falls under the failure rate', () => {
    expect(decideChaos({ failRate: 0.5 }, undefined, sequence(0.1))).toMatchObject({
      forcedStatus: 503,
    })
    expect(decideChaos({ failRate: 0.5 }, undefined, sequence(0.9)).forcedStatus).toBeUndefined()
    expect(decideChaos({ failRate: 0 }, undefined, sequence(0)).forcedStatus).toBeUndefined()
  })

  it('prefers an explicit code over the failure rate', () => {
    expect(decideChaos({ failRate: 1 }, 'code=418', sequence(0)).forcedStatus).toBe(418)
  })
})

import { InvalidArgumentError } from 'commander'
import { describe, expect, it } from 'vitest'
import { parseConcurrentShare } from './options.ts'

describe('--explore-concurrent-share', () => {
  it.each([
    ['0', 0],
    ['0.15', 0.15],
    ['.5', 0.5],
    [' 0.9 ', 0.9],
  ])('takes %j as the share %d', (raw, share) => {
    expect(parseConcurrentShare(raw)).toBe(share)
  })

  it.each([['-0.1'], ['0.95'], ['1'], ['NaN'], ['many'], [''], ['1e-1'], ['Infinity']])(
    'refuses %j with the range it takes',
    (raw) => {
      expect(() => parseConcurrentShare(raw)).toThrow(InvalidArgumentError)
      expect(() => parseConcurrentShare(raw)).toThrow(
        "Expected a fraction from 0 to 0.9 (the share of exploration's commands that send 2–4 operations at once; 0 sends one request at a time).",
      )
    },
  )
})

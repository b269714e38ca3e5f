import { InvalidArgumentError } from 'commander'
import { EngagementMockError } from '../../../contract/mock-error.ts'
import { controlTokenProblem } from '../../http/control-access.ts'

/**
 * Value parsers for the CLI's flags. Each throws commander's InvalidArgumentError, which the
 * program turns into a one-line message and exit status 2 (a usage error, not a failure).
 */

/** A mistake in how the CLI was called, found after parsing (e.g. a missing key): exit 2. */
export class UsageError extends EngagementMockError {
  override name = 'UsageError'
}

export const EXIT = { ok: 0, failed: 1, usage: 2, blocked: 3 } as const

const wholeNumber = (raw: string): number | undefined =>
  /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : undefined

export const parsePort = (raw: string): number => {
  const value = wholeNumber(raw)
  if (value === undefined || value > 65_535) {
    throw new InvalidArgumentError('Expected a port number from 0 to 65535 (0 picks a free port).')
  }
  return value
}

export const parseSeed = (raw: string): number => {
  const value = wholeNumber(raw)
  if (value === undefined || !Number.isSafeInteger(value)) {
    throw new InvalidArgumentError('Expected a whole number, e.g. 1 or 42.')
  }
  return value
}

export const parseCount = (raw: string): number => {
  const value = wholeNumber(raw)
  if (value === undefined || value > 10_000) {
    throw new InvalidArgumentError('Expected a whole number from 0 to 10000.')
  }
  return value
}

/** `800` (fixed) or `200-800` (a uniform range), in milliseconds. */
export const parseLatency = (raw: string): number | [number, number] => {
  const range = raw.trim().match(/^(\d+)\s*-\s*(\d+)$/)
  if (range) {
    const min = Number(range[1])
    const max = Number(range[2])
    if (min <= max && max <= 60_000) return [min, max]
  }
  const fixed = wholeNumber(raw)
  if (fixed !== undefined && fixed <= 60_000) return fixed
  throw new InvalidArgumentError(
    'Expected milliseconds: a number (800) or a range min-max (200-800), at most 60000.',
  )
}

export const parseRate = (raw: string): number => {
  const value = raw.trim() === '' ? Number.NaN : Number(raw)
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new InvalidArgumentError('Expected a share of requests from 0 to 1, e.g. 0.1.')
  }
  return value
}

/** An http(s) URL, returned without trailing slashes. */
export const parseHttpUrl = (raw: string): string => {
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    throw new InvalidArgumentError('Expected an http(s) URL, e.g. http://localhost:4010/api/v1.')
  }
  return raw.replace(/\/+$/, '')
}

/** A public base URL (where the mock's pages are reached), returned without trailing slashes. */
export const parsePublicUrl = (raw: string): string => {
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    throw new InvalidArgumentError(
      'Expected the http(s) URL the mock is reached at, e.g. http://localhost:4010 or https://mock.example.com.',
    )
  }
  return raw.replace(/\/+$/, '')
}

export const parseNonEmpty = (raw: string): string => {
  if (raw.trim() === '') throw new InvalidArgumentError('Expected a non-empty value.')
  return raw
}

/** commander gives a `--no-…` value option the value `true` when absent; that means "not set". */
export const stringOption = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined

export const parsePositive = (raw: string): number => {
  const value = wholeNumber(raw)
  if (value === undefined || value < 1 || !Number.isSafeInteger(value)) {
    throw new InvalidArgumentError('Expected a whole number of at least 1.')
  }
  return value
}

export const parseControlToken = (raw: string): string => {
  const problem = controlTokenProblem(raw)
  if (problem) throw new InvalidArgumentError(problem)
  return raw
}

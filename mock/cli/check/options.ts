import { InvalidArgumentError } from 'commander'
import { CONCURRENCY_EXPECTED, concurrencyProblem } from '../../conformance/engine/env.ts'
import {
  CONCURRENT_SHARE_EXPECTED,
  concurrentShareOf,
  concurrentShareProblem,
} from '../../conformance/explore/defaults.ts'

/**
 * The options `check` is called with, as commander hands them over: declared apart from command.ts
 * (which loads action.ts lazily) so that action.ts takes them without importing command.ts back.
 */
export interface CheckOptions {
  key?: string
  otherOrgKey?: string
  entitlementsKey?: unknown
  strict?: boolean
  maxRequests?: number
  timeoutMs?: number
  concurrency?: number
  reportDir?: string
  deployment?: string
  init?: string
  explore?: number | true
  exploreSeed?: number
  exploreDivergences?: number
  exploreConcurrentShare?: number
  release?: string
}

/** `--concurrency` and CONTRACT_CONCURRENCY: a whole number from 1 to 64. */
export const parseConcurrency = (raw: string): number => {
  const value = /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN
  if (concurrencyProblem(value)) throw new InvalidArgumentError(`Expected ${CONCURRENCY_EXPECTED}.`)
  return value
}

/** `--explore-concurrent-share`: a fraction from 0 (concurrent steps off) to MAX_CONCURRENT_SHARE. */
export const parseConcurrentShare = (raw: string): number => {
  const value = concurrentShareOf(raw)
  if (concurrentShareProblem(value)) {
    throw new InvalidArgumentError(`Expected ${CONCURRENT_SHARE_EXPECTED}.`)
  }
  return value
}

import { EnvError } from '../engine/env.ts'
import { concurrentShareOf, concurrentShareProblem } from './defaults.ts'
import { EXPLORE_DEFAULTS, exploreBound } from './explore.ts'

export interface ExploreEnv {
  runs: number
  seed?: number
  maxDivergences: number
  /** Share of the commands sent as concurrent steps (CONTRACT_EXPLORE_CONCURRENT_SHARE). */
  concurrentShare: number
}

type Vars = Record<string, string | undefined>

const count = (raw: string, name: string, allowZero = false): number => {
  const value = Number(raw)
  if (!Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new EnvError(
      `${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got "${raw}".`,
    )
  }
  return value
}

/** CONTRACT_EXPLORE_CONCURRENT_SHARE, else the default; a bad value is an EnvError naming it. */
const shareVar = (raw: string | undefined): number => {
  if (raw === undefined || raw === '') return EXPLORE_DEFAULTS.concurrentShare
  const problem = concurrentShareProblem(concurrentShareOf(raw))
  if (problem) throw new EnvError(`CONTRACT_EXPLORE_CONCURRENT_SHARE ${problem}, got "${raw}".`)
  return Number(raw)
}

/**
 * `CONTRACT_EXPLORE=<runs>` turns exploration on (`default` or an empty count: the default bound),
 * `CONTRACT_EXPLORE_SEED` replays a seed, `CONTRACT_EXPLORE_DIVERGENCES` asks for more than the
 * first, `CONTRACT_EXPLORE_CONCURRENT_SHARE` sets the share of concurrent steps (0: none). A
 * mistake is an EnvError naming the variable, before any request.
 */
export const readExploreEnv = (vars: Vars): ExploreEnv | undefined => {
  const raw = vars.CONTRACT_EXPLORE
  if (raw === undefined || raw === '' || raw === '0') return undefined
  const runs = raw === 'default' ? EXPLORE_DEFAULTS.runs : count(raw, 'CONTRACT_EXPLORE')
  const seed = vars.CONTRACT_EXPLORE_SEED
  const divergences = vars.CONTRACT_EXPLORE_DIVERGENCES
  return {
    runs,
    ...(seed ? { seed: count(seed, 'CONTRACT_EXPLORE_SEED', true) } : {}),
    maxDivergences: divergences
      ? count(divergences, 'CONTRACT_EXPLORE_DIVERGENCES')
      : EXPLORE_DEFAULTS.maxDivergences,
    concurrentShare: shareVar(vars.CONTRACT_EXPLORE_CONCURRENT_SHARE),
  }
}

/**
 * The catalog's budget plus exploration's printed bound, unless CONTRACT_MAX_REQUESTS set one:
 * then that one bound holds for both, and exploration stops where it would exceed it.
 */
export const budgetWithExploration = (
  maxRequests: number,
  explore: ExploreEnv | undefined,
  vars: Vars,
): number =>
  explore === undefined || vars.CONTRACT_MAX_REQUESTS
    ? maxRequests
    : maxRequests +
      exploreBound({
        runs: explore.runs,
        maxDivergences: explore.maxDivergences,
        concurrentShare: explore.concurrentShare,
      })

import { EngagementMockError } from '../../../contract/mock-error.ts'
import { resolveRelease } from '../../../contract/releases.ts'
import { ACME_KEY, GLOBEX_KEY } from '../../../fixtures/organizations.ts'
import { concurrencyProblem } from '../../deployment/concurrency.ts'
import type { RunRelease } from '../../deployment/run-release.ts'

export {
  CONCURRENCY_EXPECTED,
  concurrencyProblem,
  MAX_CONCURRENCY,
} from '../../deployment/concurrency.ts'

/** Which API key a request is sent with; each maps to the variable that supplies it. */
export const KEY_VARS = {
  main: 'CONTRACT_API_KEY',
  otherOrg: 'CONTRACT_API_KEY_OTHER_ORG',
  noEntitlements: 'CONTRACT_API_KEY_NO_ENTITLEMENTS',
} as const
export type KeyRole = keyof typeof KEY_VARS
/** The `check` option that supplies each key (the variable is its fallback). */
export const KEY_OPTIONS: Record<KeyRole, string> = {
  main: '--key',
  otherOrg: '--other-org-key',
  noEntitlements: '--no-entitlements-key',
}
/**
 * How a key is asked for wherever one is missing (a skipped check, a never-seen outcome): its
 * option, then its variable, e.g. `--other-org-key (CONTRACT_API_KEY_OTHER_ORG)`.
 */
export const keyNamed = (role: KeyRole): string => `${KEY_OPTIONS[role]} (${KEY_VARS[role]})`
/** Keys a check may need beyond the main one. */
export type OptionalKey = Exclude<KeyRole, 'main'>

/** Everything a run needs to know about its target; serialisable, so globalSetup can provide it. */
export interface ContractEnv {
  /** API root, e.g. `https://staging.example.com/api/v1`, without a trailing slash. */
  baseUrl: string
  keys: { main: string } & Partial<Record<OptionalKey, string>>
  /** `CONTRACT_PROFILE=strict`: the profile's exact choices are asserted, not only observed. */
  strict: boolean
  timeoutMs: number
  maxRequests: number
  /**
   * Checks in flight at once (CONTRACT_CONCURRENCY, `--concurrency`): each sends its requests in
   * order, so at most this many requests are in flight; 1 is one request at a time.
   */
  concurrency: number
  /** Marks every record this run creates: `[contract <runId>] …`. */
  runId: string
  /** True when the suite started its own mock because CONTRACT_BASE_URL was unset. */
  ownMock: boolean
  /** The release to hold the deployment to (CONTRACT_RELEASE, `--release`); else the file's, or the latest. */
  release?: RunRelease
  /**
   * How the user gave the base URL, the main key and the time-out (`--key`, `CONTRACT_API_KEY`, …):
   * a message about one names what the user wrote. Default: the CONTRACT_* variables.
   */
  sources?: EnvSources
}

/** The name of what supplied each setting, as the user wrote it. */
export interface EnvSources {
  baseUrl: string
  key: string
  timeoutMs: string
  /** The request bound: `--max-requests`, `maxRequests`, `CONTRACT_MAX_REQUESTS`. */
  maxRequests: string
  /** Checks in flight: `--concurrency`, `concurrency`, `CONTRACT_CONCURRENCY`, the deployment file. */
  concurrency?: string
}

/** The CONTRACT_* variables: what `npm run contract` reads. */
export const VARIABLE_SOURCES: EnvSources = {
  baseUrl: 'CONTRACT_BASE_URL',
  key: 'CONTRACT_API_KEY',
  timeoutMs: 'CONTRACT_TIMEOUT_MS',
  maxRequests: 'CONTRACT_MAX_REQUESTS',
  concurrency: 'CONTRACT_CONCURRENCY',
}

export const sourcesOf = (env: ContractEnv): EnvSources => ({
  ...VARIABLE_SOURCES,
  ...env.sources,
})

/**
 * The run's request bound as the user set it (`--max-requests 5`, `CONTRACT_MAX_REQUESTS=5`,
 * `maxRequests: 5`): what a message about the bound names, so the reader knows what to raise.
 */
export const boundSetting = (env: ContractEnv): string => {
  const source = sourcesOf(env).maxRequests
  if (source.startsWith('-')) return `${source} ${env.maxRequests}`
  if (/^[A-Z][A-Z0-9_]*$/.test(source)) return `${source}=${env.maxRequests}`
  return `${source}: ${env.maxRequests}`
}

/** The demo organizations' keys (fixtures): Acme holds both entitlements, Globex none. */
export const DEMO_KEYS = {
  main: ACME_KEY,
  otherOrg: GLOBEX_KEY,
  noEntitlements: GLOBEX_KEY,
} as const

/**
 * `concurrency`: 16 checks in flight keep a full `check` against a deployment answering 50 ms late
 * (`serve --latency 50`) within 5 s on a loaded 2-core machine (3.1-3.3 s measured, the CLI's start
 * included, where 8 took 4.4-4.7 s: too near the bound; bench/check-latency.ts), while one run
 * never has more than 16 requests at a deployment at once, and fewer when it asks (Retry-After).
 */
export const DEFAULTS = { timeoutMs: 10_000, maxRequests: 1_500, concurrency: 16 } as const

export const newRunId = (now = new Date()): string =>
  `${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}-${Array.from(crypto.getRandomValues(new Uint8Array(2)), (b) => b.toString(16).padStart(2, '0')).join('')}`

const positiveInt = (raw: string | undefined, name: string, fallback: number): number => {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value <= 0)
    throw new EnvError(`${name} must be a positive integer, got "${raw}".`)
  return value
}

/** CONTRACT_CONCURRENCY, else the default; a bad value is an EnvError naming the variable. */
export const concurrencyVar = (raw: string | undefined): number => {
  if (raw === undefined || raw === '') return DEFAULTS.concurrency
  const value = /^\d+$/.test(raw.trim()) ? Number(raw) : Number.NaN
  const problem = concurrencyProblem(value)
  if (problem) throw new EnvError(`CONTRACT_CONCURRENCY ${problem}, got "${raw}".`)
  return value
}

/** A configuration mistake: reported as one line, without a stack trace. */
export class EnvError extends EngagementMockError {
  override name = 'EnvError'
}

type Vars = Record<string, string | undefined>

/** CONTRACT_RELEASE, resolved; an unknown release is an EnvError listing the known ones. */
export const releaseVar = (raw: string | undefined): { release?: RunRelease } => {
  if (raw === undefined || raw === '') return {}
  const resolved = resolveRelease(raw)
  if ('error' in resolved) throw new EnvError(`CONTRACT_RELEASE: ${resolved.error}`)
  return { release: resolved }
}

/**
 * Reads the CONTRACT_* variables. With `ownMock` (the caller started the mock because
 * CONTRACT_BASE_URL is unset) the target is that mock, with the demo keys and the strict profile.
 * A configuration mistake throws an EnvError naming the variable.
 */
export const readEnv = (vars: Vars, ownMock?: { baseUrl: string }): ContractEnv => {
  const common = {
    timeoutMs: positiveInt(vars.CONTRACT_TIMEOUT_MS, 'CONTRACT_TIMEOUT_MS', DEFAULTS.timeoutMs),
    maxRequests: positiveInt(
      vars.CONTRACT_MAX_REQUESTS,
      'CONTRACT_MAX_REQUESTS',
      DEFAULTS.maxRequests,
    ),
    concurrency: concurrencyVar(vars.CONTRACT_CONCURRENCY),
    runId: vars.CONTRACT_RUN_ID || newRunId(),
    ...releaseVar(vars.CONTRACT_RELEASE),
  }
  if (ownMock) {
    return {
      ...common,
      baseUrl: ownMock.baseUrl,
      keys: { ...DEMO_KEYS },
      strict: true,
      ownMock: true,
    }
  }
  const baseUrl = vars.CONTRACT_BASE_URL
  if (!baseUrl) throw new EnvError('CONTRACT_BASE_URL is not set.')
  if (!URL.canParse(baseUrl) || !/^https?:/.test(baseUrl))
    throw new EnvError(`CONTRACT_BASE_URL must be an http(s) URL, got "${baseUrl}".`)
  const main = vars.CONTRACT_API_KEY
  if (!main)
    throw new EnvError(
      'CONTRACT_API_KEY is not set: give an API key of an organization holding both entitlements.',
    )
  const optional = (role: OptionalKey) => {
    const value = vars[KEY_VARS[role]]
    return value ? { [role]: value } : {}
  }
  if (vars.CONTRACT_API_KEY_OTHER_ORG === main) {
    throw new EnvError(
      'CONTRACT_API_KEY_OTHER_ORG is the same key as CONTRACT_API_KEY: give a key of a second organization.',
    )
  }
  return {
    ...common,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    keys: { main, ...optional('otherOrg'), ...optional('noEntitlements') },
    strict: vars.CONTRACT_PROFILE === 'strict',
    ownMock: false,
  }
}

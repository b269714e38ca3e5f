import { type Client, createClient } from '../../contract/client.ts'
import { type RunRelease, runRelease } from '../deployment/release.ts'
import type { DeploymentFile } from '../deployment/schema.ts'
import { spelledClient } from '../deployment/to-deployment.ts'
import { type ContractEnv, KEY_VARS, type KeyRole } from './env.ts'
import { BudgetExhausted } from './failure.ts'
import type { Observation } from './observation.ts'

export type RecordKind = 'form' | 'session' | 'series' | 'report'

/** A record this run created, and with which key, so only it is ever cleaned up. */
export interface CreatedRecord {
  kind: RecordKind
  id: string
  role: KeyRole
}

/**
 * State shared by every check of one run: the request budget, the records created, the
 * observations. One per target deployment (the self-test makes one per deviant).
 */
export class Run {
  /** Requests of the checks, held to CONTRACT_MAX_REQUESTS. */
  requests = 0
  /** Clean-up requests, at most one per form created: never withheld, so counted apart. */
  cleanupRequests = 0
  readonly created: CreatedRecord[] = []
  readonly observations: Observation[] = []
  /** Bearer value → variable name, for curl commands that never print a key. */
  readonly keyVars: ReadonlyMap<string, string>
  /** The release (§9) the deployment is held to: checks of later additions are not in it. */
  readonly release: RunRelease
  private readonly clients: Partial<Record<KeyRole, Client>> = {}

  constructor(
    readonly env: ContractEnv,
    fetchImpl: typeof fetch = globalThis.fetch,
    /** How this deployment spells what §4 does not show; empty: the profile's spelling. */
    readonly deployment: DeploymentFile = {},
  ) {
    const vars = new Map<string, string>()
    for (const role of Object.keys(KEY_VARS) as KeyRole[]) {
      const key = env.keys[role]
      if (key === undefined) continue
      if (!vars.has(key)) vars.set(key, KEY_VARS[role])
      this.clients[role] = spelledClient(
        createClient({
          baseUrl: env.baseUrl,
          apiKey: key,
          timeoutMs: env.timeoutMs,
          fetch: explained(fetchImpl),
        }),
        deployment,
      )
    }
    this.keyVars = vars
    this.release = runRelease(env.release, deployment.release)
  }

  /** Titles of everything this run creates carry this marker. */
  get marker(): string {
    return `[contract ${this.env.runId}]`
  }

  client(role: KeyRole): Client | undefined {
    return this.clients[role]
  }

  /** Counts one request; refuses once the bound is reached. */
  spend(): void {
    if (this.requests >= this.env.maxRequests) {
      throw new BudgetExhausted(
        `Request bound reached: this run has sent ${this.requests} requests (CONTRACT_MAX_REQUESTS=${this.env.maxRequests}). Remaining checks stop here.`,
      )
    }
    this.requests += 1
  }
}

/** Node's fetch says only "fetch failed"; the cause (ECONNREFUSED, …) is what a reader needs. */
const explained =
  (fetchImpl: typeof fetch): typeof fetch =>
  async (input, init) => {
    try {
      return await fetchImpl(input, init)
    } catch (error) {
      const inner =
        error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined
      if (error instanceof Error && inner?.code) {
        const wrapped = new Error(`${error.message} (${inner.code})`)
        wrapped.name = error.name
        throw wrapped
      }
      throw error
    }
  }

/** A client whose every call is counted against the run's bound before it is sent. */
export const counted = (client: Client, spend: () => void): Client =>
  new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        spend()
        return Reflect.apply(value, target, args)
      }
    },
  })

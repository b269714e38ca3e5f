import { type Client, createClient } from '../../../contract/client.ts'
import type { OperationId } from '../../../contract/table.ts'
import type { TransitionId } from '../../../contract/transitions.ts'
import { type RunRelease, runRelease } from '../../deployment/run-release.ts'
import type { DeploymentFile } from '../../deployment/schema.ts'
import { operationMatcher } from '../../deployment/to-contract.ts'
import { spelledClient } from '../../deployment/to-deployment.ts'
import { Coverage, type Outcome, type Where } from '../../traffic/coverage.ts'
import { underRoot } from '../../traffic/exchange.ts'
import {
  boundSetting,
  type ContractEnv,
  KEY_VARS,
  type KeyRole,
  keyNamed,
  type OptionalKey,
} from './env.ts'
import { BudgetExhausted, type Exchange, MAX_ANSWER_BYTES } from './failure.ts'
import type { Observation } from './observation.ts'
import { SlowDown } from './slow-down.ts'

interface Covered {
  op: OperationId
  outcome: Outcome
  transition: TransitionId | undefined
}

/** One judged answer as the coverage counts it: its operation, the path's params, its outcome. */
export interface CoverEntry {
  op: OperationId
  params: Record<string, string>
  outcome: Outcome | undefined
}

export type RecordKind = 'form' | 'session' | 'series' | 'report'

/**
 * The outcomes only a second key can provoke (§5): another organization's record needs that
 * organization's key; a missing entitlement, a key without it.
 */
const KEY_OF_OUTCOME: Partial<Record<Outcome, OptionalKey>> = {
  foreign: 'otherOrg',
  missing_entitlement: 'noEntitlements',
}

/** A check the deployment blocked: what it exercises, and the deployment file keys that would unblock it. */
export interface BlockedCheck {
  operations: readonly OperationId[]
  keys: readonly string[]
}

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
  /** Forms exploration deleted as it went (after each sequence, its probe form): clean-up counts them too. */
  formsDeletedEarlier = 0
  /**
   * Requests of the checks whose findings reached the run (in catalog order): the number the next
   * settled check's exchanges count from, whatever ran at the same time.
   */
  settledRequests = 0
  /** Checks the request bound stopped before they began or part-way: skipped, never failed. */
  boundStopped = 0
  readonly created: CreatedRecord[] = []
  readonly blocked: BlockedCheck[] = []
  readonly observations: Observation[] = []
  /** Bearer value → variable name, for curl commands that never print a key. */
  readonly keyVars: ReadonlyMap<string, string>
  /** The release (§9) the deployment is held to: checks of later additions are not in it. */
  readonly release: RunRelease
  /** What the run's judged answers exercised of the contract (the report's `coverage`). */
  readonly coverage: Coverage
  /** Each judged answer's place in the coverage, so a later assertion on it can mark it failed. */
  readonly covered = new WeakMap<Exchange, Covered>()
  /** The request layer every client of the run sends through: the deployment's Retry-After obeyed. */
  readonly slowDown: SlowDown
  private readonly clients: Partial<Record<KeyRole, Client>> = {}
  private readonly locate: ReturnType<typeof operationMatcher>

  constructor(
    readonly env: ContractEnv,
    fetchImpl: typeof fetch = globalThis.fetch,
    /** How this deployment spells what §4 does not show; empty: the profile's spelling. */
    readonly deployment: DeploymentFile = {},
  ) {
    // A request sent again because the deployment asked is counted in the bound like any other.
    this.slowDown = new SlowDown({
      most: env.concurrency,
      pay: () => {
        if (this.bounded) return false
        this.requests += 1
        return true
      },
    })
    const send = this.slowDown.fetch(explained(fetchImpl))
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
          maxAnswerBytes: MAX_ANSWER_BYTES,
          fetch: send,
        }),
        deployment,
      )
    }
    this.keyVars = vars
    this.release = runRelease(env.release, deployment.release)
    this.coverage = new Coverage('run', this.release.release, (op, outcome) =>
      this.unseenBecause(op, outcome),
    )
    this.locate = operationMatcher(deployment)
  }

  /**
   * Coverage of one judged answer of `op`: the record its path addressed and, for an unknown id,
   * whether the record is one this run created under another organization's key (§5).
   */
  cover(
    op: OperationId,
    outcome: Outcome | undefined,
    exchange: Exchange,
    where: Where,
    failed = false,
  ): void {
    this.recordCover(this.coverEntry(op, outcome, exchange), exchange, where, failed)
  }

  /** What `cover` records of an answer, decided from the run's records as they are now. */
  coverEntry(op: OperationId, outcome: Outcome | undefined, exchange: Exchange): CoverEntry {
    const url = URL.canParse(exchange.request.url) ? new URL(exchange.request.url) : undefined
    const path = url ? underRoot(url.pathname, new URL(this.env.baseUrl).pathname) : undefined
    const located = path ? this.locate(exchange.request.method, path) : undefined
    const params = located?.id === op ? located.params : {}
    const sent = /^Bearer\s+(.+)$/i.exec(exchange.request.headers.authorization ?? '')?.[1]
    const owner = this.created.find((record) => record.id === params.id)
    const ownerKey = owner ? this.env.keys[owner.role] : undefined
    const foreign = outcome === 'not_found' && ownerKey !== undefined && sent !== ownerKey
    return { op, params, outcome: foreign ? 'foreign' : outcome }
  }

  /** Records an answer's entry (see coverEntry) in the coverage, where it was judged. */
  recordCover(entry: CoverEntry, exchange: Exchange, where: Where, failed = false): void {
    const { op, params, outcome } = entry
    const transition = this.coverage.record({
      op,
      params,
      outcome,
      answer: exchange.body,
      status: exchange.status,
      where,
      failed,
    })
    if (outcome) this.covered.set(exchange, { op, outcome, transition })
  }

  /** What this run lacked to provoke `outcome` of `op`: a key, or what a blocked check of `op` needed. */
  private unseenBecause(op: OperationId, outcome: Outcome): string | undefined {
    const role = KEY_OF_OUTCOME[outcome]
    if (role && this.env.keys[role] === undefined) {
      return `needs ${keyNamed(role)}`
    }
    const blocked = this.blocked.filter((check) => check.operations.includes(op))
    if (blocked.length === 0) return undefined
    const keys = [...new Set(blocked.flatMap((check) => check.keys))]
    return keys.length > 0
      ? `a check of it was blocked: see the deployment file (--deployment) key${keys.length > 1 ? 's' : ''} ${keys.join(', ')}`
      : 'a check of it was blocked: see why in its message'
  }

  /** A check failed on this answer after judging it: its outcome (and transition) failed. */
  failed(exchange: Exchange, where: Where): void {
    const seen = this.covered.get(exchange)
    if (seen) this.coverage.fail(seen.op, seen.outcome, where, seen.transition)
  }

  /** Titles of everything this run creates carry this marker. */
  get marker(): string {
    return `[contract ${this.env.runId}]`
  }

  client(role: KeyRole): Client | undefined {
    return this.clients[role]
  }

  /** The run's own request bound is reached: nothing more is sent (clean-up apart). */
  get bounded(): boolean {
    return this.requests >= this.env.maxRequests
  }

  /** Counts one request; refuses once the bound is reached. */
  spend(): void {
    if (this.bounded) throw this.exhausted()
    this.requests += 1
  }

  /**
   * Refuses an answer that asked to slow down when the bound left no request to send it again:
   * the check stops there, by the bound, instead of judging that answer.
   */
  paid(answer: { headers: Headers }): void {
    if (this.slowDown.unpaid.has(answer.headers)) throw this.exhausted()
  }

  private exhausted(): BudgetExhausted {
    return new BudgetExhausted(
      `Request bound reached: this run has sent ${this.requests} requests (${boundSetting(this.env)}). Remaining checks stop here.`,
    )
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

/**
 * A client whose every call is counted against the run's bound before it is sent, and whose every
 * answer is handed to `answered` (which may refuse it by throwing) before the caller sees it.
 */
export const counted = (
  client: Client,
  spend: () => void,
  answered: (answer: { headers: Headers }) => void = () => {},
): Client =>
  new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver)
      if (typeof value !== 'function') return value
      return async (...args: unknown[]) => {
        spend()
        const answer = (await Reflect.apply(value, target, args)) as { headers: Headers }
        answered(answer)
        return answer
      }
    },
  })

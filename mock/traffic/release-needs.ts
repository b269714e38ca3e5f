import { ACTIVITY_KINDS, type ActivityKind } from '../../contract/activities.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { isObject } from '../../contract/json.ts'
import {
  activityKindSince,
  BASE_RELEASE,
  inRelease,
  operationSince,
  type Release,
  releaseLabel,
} from '../../contract/releases.ts'
import type { OperationId } from '../../contract/table.ts'
import type { DeploymentFile } from '../deployment/schema.ts'
import { readRequestBody } from '../deployment/to-contract.ts'
import type { TrafficExchange } from './exchange.ts'

/**
 * Release compatibility of recorded traffic (§9): which exchanges a deployment of an earlier
 * release could not serve, because they address an operation, or send an activity kind, that
 * came later. Transport-free, as the checker is: the proxy and `check-traffic` hand it the same
 * exchanges.
 */

/** Something an exchange used, and the release that added it. */
export interface LaterThing {
  /** `POST /series`, or `the slides activity kind`. */
  what: string
  since: Release
}

/** An exchange the release cannot serve. */
export interface ReleaseNeed {
  exchange: number
  operationId: OperationId
  method: string
  path: string
  status: number
  uses: LaterThing[]
  message: string
}

/** What `conformance.json`'s `traffic.release` says. */
export interface ReleaseSummary {
  /** The release checked against, and what was asked for (a date: the release in force then). */
  release: Release
  given: string
  /** The earliest release that serves every exchange seen: the latest thing used came then. */
  needs: Release
  /** Whether `release` serves every exchange seen. */
  served: boolean
  /** Exchanges of the API's operations looked at, and how many of them `release` cannot serve. */
  exchanges: number
  notServed: number
  /** Each later thing used, with how many exchanges used it, in the order of the releases. */
  uses: { what: string; since: Release; exchanges: number }[]
  /** The first `kept` exchanges not served, each with what it used. */
  unserved: ReleaseNeed[]
  kept: number
  /** Bodies that could not be read for activity kinds (cut at the size limit, not JSON, spelled by a function). */
  unread: number
}

const RELEASE_ORDER = (a: Release, b: Release) => (inRelease(a, b) ? (inRelease(b, a) ? 0 : -1) : 1)

const KINDS = new Set<string>(ACTIVITY_KINDS)

/** The activity kinds a request body (in the contract's words) sends: inline, added, in rounds. */
const kindsSent = (operationId: OperationId, body: unknown): ActivityKind[] => {
  if (!isObject(body)) return []
  const kindsOf = (list: unknown) =>
    Array.isArray(list) ? list.map((item) => (isObject(item) ? item.kind : undefined)) : []
  const found =
    operationId === 'addActivity'
      ? [body.kind]
      : operationId === 'createSession'
        ? kindsOf(body.activities)
        : operationId === 'createSeries' && Array.isArray(body.rounds)
          ? body.rounds.flatMap((round) => (isObject(round) ? kindsOf(round.activities) : []))
          : []
  return found.filter((kind): kind is ActivityKind => typeof kind === 'string' && KINDS.has(kind))
}

const SENDS_ACTIVITIES = new Set<OperationId>(['addActivity', 'createSession', 'createSeries'])

/**
 * Tallies what a release cannot serve, exchange by exchange. `check` returns the need of one
 * exchange (to print as it happens); `summary` is the run's account, bounded like the findings.
 */
export class ReleaseNeeds {
  private exchanges = 0
  private notServed = 0
  private unread = 0
  private latest: Release = BASE_RELEASE
  private readonly uses = new Map<string, { since: Release; exchanges: number }>()
  private readonly kept: ReleaseNeed[] = []

  constructor(
    readonly release: Release,
    readonly given: string,
    private readonly deployment: DeploymentFile = {},
    readonly keep = 1_000,
  ) {}

  /** What of a later release one exchange used; undefined when `release` serves it. */
  check(
    exchange: TrafficExchange,
    index: number,
    operationId: OperationId | null,
  ): ReleaseNeed | undefined {
    if (operationId === null) return undefined
    this.exchanges += 1
    const used: LaterThing[] = [
      {
        what: `${endpoints[operationId].method} ${endpoints[operationId].path}`,
        since: operationSince(operationId),
      },
      ...this.kinds(exchange, operationId).map((kind) => ({
        what: `the ${kind} activity kind`,
        since: activityKindSince(kind),
      })),
    ]
    for (const thing of used) {
      if (RELEASE_ORDER(thing.since, this.latest) > 0) this.latest = thing.since
    }
    const later = used.filter((thing) => !inRelease(thing.since, this.release))
    if (later.length === 0) return undefined
    this.notServed += 1
    for (const thing of later) {
      const tally = this.uses.get(thing.what) ?? { since: thing.since, exchanges: 0 }
      tally.exchanges += 1
      this.uses.set(thing.what, tally)
    }
    const need: ReleaseNeed = {
      exchange: index,
      operationId,
      method: exchange.method,
      path: exchange.path,
      status: exchange.status,
      uses: later,
      message: `uses ${later.map((t) => `${t.what} (${t.since})`).join(', ')}, which a deployment of release ${releaseLabel(this.release, this.given)} does not have (§9)`,
    }
    if (this.kept.length < this.keep) this.kept.push(need)
    return need
  }

  /** The activity kinds a request sent, read in the contract's words; unread bodies are counted. */
  private kinds(exchange: TrafficExchange, operationId: OperationId): ActivityKind[] {
    if (!SENDS_ACTIVITIES.has(operationId) || !exchange.requestBody) return []
    if (exchange.requestBodyTruncated) {
      this.unread += 1
      return []
    }
    let body: unknown
    try {
      body = JSON.parse(exchange.requestBody)
    } catch {
      this.unread += 1
      return []
    }
    const read = readRequestBody(this.deployment, operationId, body)
    if (!read.known) {
      this.unread += 1
      return []
    }
    return [...new Set(kindsSent(operationId, read.body))]
  }

  summary(): ReleaseSummary {
    return {
      release: this.release,
      given: this.given,
      needs: this.latest,
      served: this.notServed === 0,
      exchanges: this.exchanges,
      notServed: this.notServed,
      uses: [...this.uses]
        .map(([what, tally]) => ({ what, ...tally }))
        .sort((a, b) => RELEASE_ORDER(a.since, b.since) || b.exchanges - a.exchanges),
      unserved: this.kept,
      kept: this.keep,
      unread: this.unread,
    }
  }
}

/** The verdict in one line: `this app needs release 2026-07-13: 14 exchanges use …`. */
export const releaseVerdict = (summary: ReleaseSummary): string => {
  const label = releaseLabel(summary.release, summary.given)
  if (summary.served) {
    return `Release ${label} serves every exchange (${summary.exchanges}); this traffic needs release ${summary.needs} or later.`
  }
  const uses = summary.uses.map((u) => `${u.what} (${u.since}) in ${u.exchanges}`).join(', ')
  return `This app needs release ${summary.needs}: ${summary.notServed} of ${summary.exchanges} exchanges use what release ${label} does not have: ${uses}.`
}

const NEEDS_IN_MARKDOWN = 100

/** The reports' section of `--release`: the verdict, what was used of later releases, the exchanges. */
export const releaseMarkdown = (summary: ReleaseSummary): string[] => {
  const label = releaseLabel(summary.release, summary.given)
  const lines = ['', `## Release ${label}`, '', releaseVerdict(summary)]
  if (summary.uses.length > 0) {
    lines.push('', '| Uses | Added in | Exchanges |', '|---|---|---|')
    for (const use of summary.uses) lines.push(`| ${use.what} | ${use.since} | ${use.exchanges} |`)
    lines.push('')
    for (const need of summary.unserved.slice(0, NEEDS_IN_MARKDOWN)) {
      lines.push(
        `- #${need.exchange} \`${need.method} ${need.path}\` (${need.operationId}) → ${need.status}: uses ${need.uses.map((u) => `${u.what} (${u.since})`).join(', ')}`,
      )
    }
    const more = summary.notServed - Math.min(summary.unserved.length, NEEDS_IN_MARKDOWN)
    if (more > 0) {
      lines.push(
        '',
        `${more} more not shown here (conformance.json keeps the first ${summary.unserved.length}).`,
      )
    }
  }
  if (summary.unread > 0) {
    lines.push(
      '',
      `${summary.unread} request bodies could not be read for their activity kinds (cut at the size limit, not JSON, or spelled by a function of the deployment file).`,
    )
  }
  return lines
}

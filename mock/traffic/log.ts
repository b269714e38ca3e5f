import { LATEST_RELEASE, type Release } from '../../contract/releases.ts'
import type { OperationId } from '../../contract/table.ts'
import type { ExchangeVerdict } from './check-exchange.ts'
import { Coverage, type CoverageSummary } from './coverage.ts'
import { trafficCurl } from './curl.ts'
import type { TrafficExchange, TrafficFinding } from './exchange.ts'
import type { ReleaseNeed, ReleaseNeeds, ReleaseSummary } from './release-needs.ts'

/** A finding as a report keeps it: which exchange, and a curl that repeats its request. */
export interface RecordedFinding extends TrafficFinding {
  exchange: number
  curl: string
}

export interface OperationTally {
  exchanges: number
  violations: number
  requestIssues: number
}

/** What `conformance.json` says of the traffic (`traffic`). */
export interface TrafficSummary {
  exchanges: number
  /** Exchanges with no operation of the contract (unknown path, or a method no operation has there). */
  outside: number
  violationCount: number
  requestIssueCount: number
  violations: RecordedFinding[]
  requestIssues: RecordedFinding[]
  /** Findings beyond the kept ones are counted, not kept. */
  kept: number
  operations: Partial<Record<OperationId, OperationTally>>
  /** What could not be checked, with how often. */
  notes: Record<string, number>
  /** Errors of the checker's own (an exchange it could not record, the proxy's own error): the first kept. */
  errors: string[]
  errorCount: number
  /** `METHOD /path` outside the contract, with how often (the first ones met). */
  outsidePaths: Record<string, number>
  /** What the traffic used of the contract: its operations, error conditions and transitions. */
  coverage: CoverageSummary
  /** With `--release`: what of a later release the traffic used (release-needs.ts). */
  release?: ReleaseSummary
}

const OUTSIDE_PATHS_KEPT = 50

/**
 * The run's account of the traffic: counts per operation and the findings, bounded (the first
 * `keep` of each kind are kept with their curl, the rest counted), so a proxy in front of real
 * traffic for days holds a bounded report.
 */
export class TrafficLog {
  exchanges = 0
  outside = 0
  violationCount = 0
  requestIssueCount = 0
  readonly violations: RecordedFinding[] = []
  readonly requestIssues: RecordedFinding[] = []
  readonly operations = new Map<OperationId, OperationTally>()
  readonly notes = new Map<string, number>()
  readonly outsidePaths = new Map<string, number>()
  readonly errors: string[] = []
  errorCount = 0
  readonly coverage: Coverage

  constructor(
    readonly keep = 1_000,
    /** With `--release`: each exchange is also held to what that release has. */
    readonly release?: ReleaseNeeds,
    /** The deployment's release (§9), so what came later is "not in this release", not unused. */
    coverageRelease: Release = LATEST_RELEASE,
  ) {
    this.coverage = new Coverage('traffic', coverageRelease)
  }

  /**
   * Adds one checked exchange; returns its findings as kept (with their curl), and what of a
   * later release it used (with `release`).
   */
  record(
    exchange: TrafficExchange,
    index: number,
    verdict: ExchangeVerdict,
  ): {
    violations: RecordedFinding[]
    requestIssues: RecordedFinding[]
    releaseNeed?: ReleaseNeed
  } {
    this.exchanges += 1
    const releaseNeed = this.release?.check(exchange, index, verdict.operationId)
    const need = releaseNeed ? { releaseNeed } : {}
    for (const note of verdict.notes) this.note(note)
    if (verdict.operationId === null) {
      this.outside += 1
      const key = `${exchange.method} ${exchange.path.split('?')[0]}`
      if (this.outsidePaths.has(key) || this.outsidePaths.size < OUTSIDE_PATHS_KEPT) {
        this.outsidePaths.set(key, (this.outsidePaths.get(key) ?? 0) + 1)
      }
      return { violations: [], requestIssues: [], ...need }
    }
    const tally = this.tally(verdict.operationId)
    tally.exchanges += 1
    this.coverage.record({
      op: verdict.operationId,
      outcome: verdict.outcome,
      ...(verdict.params ? { params: verdict.params } : {}),
      answer: verdict.answer,
      status: exchange.status,
      where: { exchange: index },
      failed: verdict.violations.length > 0,
    })
    let curl: string | undefined
    const keep = (finding: TrafficFinding): RecordedFinding => {
      curl ??= trafficCurl(exchange)
      // A finding may name another operation (a reorder a later read shows unapplied).
      if (finding.operationId && finding.operationId !== verdict.operationId) {
        this.tally(finding.operationId)
      }
      return { ...finding, exchange: index, curl }
    }
    const violations = verdict.violations.map(keep)
    const requestIssues = verdict.requestIssues.map(keep)
    for (const finding of violations) {
      this.violationCount += 1
      this.tally(finding.operationId ?? verdict.operationId).violations += 1
      if (this.violations.length < this.keep) this.violations.push(finding)
    }
    for (const finding of requestIssues) {
      this.requestIssueCount += 1
      this.tally(finding.operationId ?? verdict.operationId).requestIssues += 1
      if (this.requestIssues.length < this.keep) this.requestIssues.push(finding)
    }
    return { violations, requestIssues, ...need }
  }

  /** Something not checked (an answer cut off, no answer), counted under `notes`. */
  note(text: string): void {
    this.notes.set(text, (this.notes.get(text) ?? 0) + 1)
  }

  /**
   * An error of the checker's own: what it met could not be checked, so the run's verdict says
   * so (exit 3 unless something failed). Noted too, with how often, beside what was not checked.
   */
  error(text: string): void {
    this.errorCount += 1
    if (this.errors.length < this.keep) this.errors.push(text)
    this.note(text)
  }

  private tally(id: OperationId): OperationTally {
    let tally = this.operations.get(id)
    if (!tally) {
      tally = { exchanges: 0, violations: 0, requestIssues: 0 }
      this.operations.set(id, tally)
    }
    return tally
  }

  summary(): TrafficSummary {
    return {
      exchanges: this.exchanges,
      outside: this.outside,
      violationCount: this.violationCount,
      requestIssueCount: this.requestIssueCount,
      violations: this.violations,
      requestIssues: this.requestIssues,
      kept: this.keep,
      operations: Object.fromEntries(this.operations),
      notes: Object.fromEntries(this.notes),
      errors: this.errors,
      errorCount: this.errorCount,
      outsidePaths: Object.fromEntries(this.outsidePaths),
      coverage: this.coverage.summary(),
      ...(this.release ? { release: this.release.summary() } : {}),
    }
  }
}

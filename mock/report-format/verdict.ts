import { releaseLabel } from '../../contract/releases.ts'
import { plural } from '../core/plural.ts'
import type { TrafficSummary } from '../traffic/log.ts'
import { releaseVerdict } from '../traffic/release-needs.ts'
import type { RunInfo } from './model.ts'

/**
 * A run's verdict, derived here once from its result and handed to every writer (the console,
 * conformance.md, .json, .html, contract-junit.xml), so no report is greener than the run: each
 * shows the same key and the same sentences, and the CLI exits with `exitCode`.
 */

/**
 * `conforms` (exit 0), `fails` (1: a violation, a failed check, a divergence, or with `--release`
 * an exchange that release cannot serve), `blocked` (3: nothing failed, but some checks could not
 * run: the deployment refused their setup, or the run's own request bound stopped them),
 * `could-not-run` (3: the target could not be checked, or the run met an error of its own).
 */
export type ConformanceVerdict = 'conforms' | 'fails' | 'blocked' | 'could-not-run'
export const VERDICT_EXIT: Record<ConformanceVerdict, 0 | 1 | 3> = {
  conforms: 0,
  fails: 1,
  blocked: 3,
  'could-not-run': 3,
}

/**
 * What of a run changes its exit status; each kind is shown by every report. `bound`: the run's
 * own request bound stopped checks (the run's limit, never the deployment's failure).
 */
export type FindingKind = 'violation' | 'release-need' | 'run-error' | 'blocked' | 'bound'

export interface VerdictFinding {
  kind: FindingKind
  count: number
  /** One sentence, the same in every report. */
  text: string
  /** What holds when this is not found, as contract-junit.xml names its case. */
  title?: string
  /** A part of the run whose own JUnit suite already shows it (exploration's). */
  suite?: 'exploration'
}

export interface RunVerdict {
  key: ConformanceVerdict
  exitCode: 0 | 1 | 3
  /** The findings' sentences, or what a clean run says, as one line. */
  text: string
  findings: VerdictFinding[]
}

const verdictFrom = (findings: VerdictFinding[], clean: string, problem: boolean): RunVerdict => {
  const has = (kind: FindingKind) => findings.some((f) => f.kind === kind)
  const key: ConformanceVerdict = problem
    ? 'could-not-run'
    : has('violation') || has('release-need')
      ? 'fails'
      : has('run-error')
        ? 'could-not-run'
        : has('blocked') || has('bound')
          ? 'blocked'
          : 'conforms'
  const text = findings.length === 0 ? clean : findings.map((f) => f.text).join(' ')
  return { key, exitCode: VERDICT_EXIT[key], text, findings }
}

/** How much a run its request bound stopped checked, in the words every report gives it. */
const boundSentence = (bound: { setting: string; checks: number }, total: number): string =>
  `${bound.checks} of ${total} checks did not run or finish: the run's request bound (${bound.setting}) was reached. That is the run's own limit, not the deployment's failure; raise it to run them (they are listed as skipped)`

/**
 * A catalog run's verdict: from its totals, its run (problem, error, the request bound it
 * reached) and exploration's result.
 */
export const catalogVerdict = (
  run: Pick<RunInfo, 'problem' | 'error' | 'bound'>,
  totals: { checks: number; failed: number; blocked: number },
  exploration?: { divergences: readonly unknown[]; error?: string },
): RunVerdict => {
  const findings: VerdictFinding[] = []
  if (run.problem !== undefined) {
    findings.push({ kind: 'run-error', count: 1, text: `Could not check: ${run.problem}` })
  }
  const divergences = exploration?.divergences.length ?? 0
  const broke = [
    ...(totals.failed > 0 ? [`${plural(totals.failed, 'check')} failed`] : []),
    ...(divergences > 0 ? [`exploration found ${plural(divergences, 'divergence')}`] : []),
  ]
  if (broke.length > 0) {
    findings.push({
      kind: 'violation',
      count: totals.failed + divergences,
      text: `Does not conform: ${broke.join(', and ')}.`,
    })
  }
  if (run.error !== undefined) {
    findings.push({
      kind: 'run-error',
      count: 1,
      text: `Could not check everything: the run stopped on an error of its own (${run.error}).`,
    })
  }
  if (exploration?.error !== undefined) {
    findings.push({
      kind: 'run-error',
      count: 1,
      text: `Could not check everything: ${exploration.error}.`,
      suite: 'exploration',
    })
  }
  if (run.bound !== undefined && run.bound.checks > 0) {
    findings.push({
      kind: 'bound',
      count: run.bound.checks,
      text: `Could not check everything: ${broke.length === 0 ? 'no check failed, but ' : ''}${boundSentence(run.bound, totals.checks)}.`,
      title: 'Every check ran within the request bound',
    })
  }
  if (totals.blocked > 0) {
    findings.push({
      kind: 'blocked',
      count: totals.blocked,
      text: `Could not check everything: ${plural(totals.blocked, 'check')} blocked, not run (the deployment refused a request needed to set up, or its deployment file says it is not offered): not a verdict on conformance; see "Blocked".`,
      title: 'Every check could be set up',
    })
  }
  return verdictFrom(findings, 'Conforms: every check that ran passed.', run.problem !== undefined)
}

/** Observed traffic's verdict: its violations, what `--release` cannot serve, its own errors. */
export const trafficVerdict = (
  traffic: Pick<
    TrafficSummary,
    'violationCount' | 'requestIssueCount' | 'release' | 'errorCount' | 'errors'
  >,
): RunVerdict => {
  const findings: VerdictFinding[] = []
  if (traffic.violationCount > 0) {
    findings.push({
      kind: 'violation',
      count: traffic.violationCount,
      text: `${plural(traffic.violationCount, 'violation')}: the deployment does not conform.`,
    })
  }
  if (traffic.release && !traffic.release.served) {
    findings.push({
      kind: 'release-need',
      count: traffic.release.notServed,
      text: releaseVerdict(traffic.release),
      title: `Release ${releaseLabel(traffic.release.release, traffic.release.given)} serves every exchange`,
    })
  }
  if (traffic.errorCount > 0) {
    const [first] = traffic.errors
    findings.push({
      kind: 'run-error',
      count: traffic.errorCount,
      text: `Could not check everything: ${plural(traffic.errorCount, 'error')} of its own${first ? ` (${first}${traffic.errorCount > 1 ? '; …' : ''})` : ''}.`,
    })
  }
  const issues = traffic.requestIssueCount
  return verdictFrom(
    findings,
    `No violation${issues > 0 ? ` (${plural(issues, 'request issue')}: the client's)` : ''}.`,
    false,
  )
}

/**
 * The verdict once the report files could not be written (a full disk, a folder removed during the
 * run): the console is the one report left, so it says so, and the run is never greener than 3.
 */
export const withUnwrittenReports = (verdict: RunVerdict, why: string): RunVerdict =>
  verdictFrom(
    [
      ...verdict.findings,
      { kind: 'run-error', count: 1, text: `Could not write the reports: ${why}.` },
    ],
    verdict.text,
    verdict.key === 'could-not-run',
  )

/** The verdict as the console prints it: a line per finding, or what a clean run says. */
export const verdictLines = (verdict: RunVerdict): string[] =>
  verdict.findings.length === 0 ? [verdict.text] : verdict.findings.map((f) => f.text)

import { releaseLabel } from '../../contract/releases.ts'
import { contract, type OperationId, operationIds } from '../../contract/table.ts'
import { label } from '../conformance/engine/context.ts'
import { formatAnswer, mergeObservations } from '../conformance/engine/observation.ts'
import { Coverage, type CoverageSummary } from '../traffic/coverage.ts'
import { coverageMarkdown } from './coverage-report.ts'
import type { ExplorationData, ExplorationSection } from './exploration-section.ts'
import { type CheckState, type ReportedCheck, type RunInfo, slowDownSentence } from './model.ts'
import { catalogVerdict } from './verdict.ts'

export type { ReportedCheck, RunInfo } from './model.ts'
export {
  type ConformanceVerdict,
  catalogVerdict,
  type RunVerdict,
  VERDICT_EXIT,
} from './verdict.ts'

const ICON: Record<CheckState, string> = {
  passed: 'pass',
  failed: '**FAIL**',
  skipped: 'skipped',
  observed: 'observed',
  blocked: '**BLOCKED**',
  'not-in-release': 'not in this release',
}
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/**
 * conformance.md and conformance.json of a catalog run. Exploration's section comes as data (the
 * package's `buildReport` takes exploration's result and makes it), so this imports no exploration.
 */
export const buildRunReport = <J extends ExplorationData = ExplorationData>(
  run: RunInfo,
  checks: readonly ReportedCheck[],
  exploration?: ExplorationSection<J>,
  /** What the run exercised; a run that could not start exercised nothing. */
  coverage: CoverageSummary = new Coverage('run').summary(),
) => {
  const count = (state: CheckState, list = checks) => list.filter((c) => c.state === state).length
  const matrix: Record<string, Record<string, CheckState>> = {}
  for (const op of operationIds) {
    const cells = checks.filter((c) => c.operations.includes(op))
    if (cells.length > 0) matrix[op] = Object.fromEntries(cells.map((c) => [c.name, c.state]))
  }
  // Sorted by question, so the statuses, defaults and state names each read as one block.
  const observations = mergeObservations(checks.flatMap((c) => c.observations)).sort((a, b) =>
    a.question.localeCompare(b.question),
  )
  const later = count('not-in-release')
  const verdict = catalogVerdict(
    run,
    { checks: checks.length, failed: count('failed'), blocked: count('blocked') },
    exploration?.json,
  )
  const json = {
    run,
    verdict,
    totals: {
      checks: checks.length,
      passed: count('passed'),
      failed: count('failed'),
      blocked: count('blocked'),
      skipped: count('skipped'),
      observed: count('observed'),
      'not-in-release': count('not-in-release'),
    },
    checks: checks.map(({ observations: _, ...c }) => c),
    matrix,
    observations,
    coverage,
    ...(exploration ? { exploration: exploration.json } : {}),
  }

  const lines: string[] = [
    '# Conformance report',
    '',
    `Target: ${run.baseUrl}${run.ownMock ? ' (the mock, started by the suite)' : ''}  `,
    `Run: \`${run.runId}\`, profile ${run.strict ? '**strict** (the profile is asserted)' : 'observed, not asserted'}  `,
    `Requests: ${run.requests} (bound ${run.maxRequests}), plus ${run.cleanupRequests ?? 0} to clean up  `,
    `Clean-up: ${run.cleanup ?? 'not run'}${slowDownSentence(run) ? '  ' : ''}`,
    ...(slowDownSentence(run) ? [`Slowed down: ${slowDownSentence(run)}`] : []),
    ...(run.release
      ? [
          `Release: ${releaseLabel(run.release.release, run.release.given)} (§9); checks of what later releases added are *not in this release*: nothing of theirs was sent`,
        ]
      : []),
    '',
    `Verdict: **${verdict.text}**`,
    '',
    ...(run.problem ? [`**The suite could not run:** ${run.problem}`, ''] : []),
    ...(run.error
      ? [
          `**The run stopped on an error of its own:** ${run.error}. The checks below ran before it.`,
          '',
        ]
      : []),
    `**${json.totals.passed} passed, ${json.totals.failed} failed, ${json.totals.blocked} blocked, ${json.totals.skipped} skipped, ${json.totals.observed} observed${later > 0 ? `, ${later} not in this release` : ''}** of ${checks.length} checks.`,
    '',
    `Coverage: ${coverage.line}`,
    ...(json.totals.blocked > 0
      ? [
          '',
          'Blocked checks could not run: the deployment refused a request they needed to set up. That is not a verdict on conformance; the deployment file (`--deployment`) keys named below say how this deployment spells those requests.',
        ]
      : []),
    '',
    '## Operations',
    '',
    `| Operation | Pass | Fail | Blocked | Skipped | Observed |${later > 0 ? ' Not in this release |' : ''}`,
    `|---|---|---|---|---|---|${later > 0 ? '---|' : ''}`,
  ]
  for (const op of Object.keys(matrix) as OperationId[]) {
    const list = checks.filter((c) => c.operations.includes(op))
    const inferred = 'inferred' in contract[op] ? ' (inferred)' : ''
    lines.push(
      `| \`${label(op)}\` ${op}${inferred} | ${count('passed', list)} | ${count('failed', list)} | ${count('blocked', list)} | ${count('skipped', list)} | ${count('observed', list)} |${later > 0 ? ` ${count('not-in-release', list)} |` : ''}`,
    )
  }
  lines.push('', ...coverageMarkdown(coverage))
  lines.push('', '## Operation × check', '')
  for (const [op, cells] of Object.entries(matrix)) {
    lines.push(`### \`${label(op as OperationId)}\` (${op})`, '', '| Check | Result |', '|---|---|')
    for (const [name, state] of Object.entries(cells))
      lines.push(`| ${cell(name)} | ${ICON[state]} |`)
    lines.push('')
  }
  lines.push(
    '## Observations',
    '',
    "What this deployment answered to questions the reference leaves open, beside the profile's answer (our mock).",
    '',
    '| Question | This deployment | Profile | Same |',
    '|---|---|---|---|',
  )
  for (const row of observations) {
    const answers = row.answers.map((a) => `\`${cell(formatAnswer(a.answer))}\``).join(' / ')
    const same = row.answers.every((a) => a.matches) ? 'yes' : '**no**'
    lines.push(
      `| ${cell(row.question)} | ${answers} | \`${cell(formatAnswer(row.expected))}\` | ${same} |`,
    )
  }
  const failed = checks.filter((c) => c.state === 'failed')
  if (failed.length > 0) {
    lines.push('', '## Failures', '')
    for (const c of failed) lines.push(`### ${c.name}`, '', '```', c.message ?? '', '```', '')
  }
  const blocked = checks.filter((c) => c.state === 'blocked')
  if (blocked.length > 0) {
    lines.push('', '## Blocked', '')
    for (const c of blocked) {
      lines.push(`### ${c.name}`, '')
      if (c.fix && c.fix.length > 0)
        lines.push(`Deployment file keys: ${c.fix.map((k) => `\`${k}\``).join(', ')}`, '')
      lines.push('```', c.message ?? '', '```', '')
    }
  }
  const skipped = checks.filter((c) => c.state === 'skipped')
  if (skipped.length > 0) {
    lines.push('', '## Skipped', '')
    for (const c of skipped) lines.push(`- ${c.name}: ${c.message ?? ''}`)
  }
  const notInRelease = checks.filter((c) => c.state === 'not-in-release')
  if (notInRelease.length > 0) {
    lines.push('', '## Not in this release', '')
    for (const c of notInRelease) lines.push(`- ${c.name}: ${c.message ?? ''}`)
  }
  if (exploration) lines.push('', ...exploration.markdown)
  return { json, markdown: `${lines.join('\n')}\n` }
}

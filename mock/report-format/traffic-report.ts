import { operationLabel as label } from '../../contract/endpoints.ts'
import { contract, type OperationId, operationIds } from '../../contract/table.ts'
import type { RecordedFinding, TrafficSummary } from '../traffic/log.ts'
import { releaseMarkdown } from '../traffic/release-needs.ts'
import { coverageMarkdown } from './coverage-report.ts'
import { buildJunit } from './junit.ts'
import type { ReportedCheck, RunInfo } from './model.ts'
import { trafficVerdict } from './verdict.ts'

/** Where the traffic came from, as the report names it. */
export interface TrafficSource {
  kind: 'proxy' | 'har' | 'browser'
  /** The API root the traffic addressed (the proxy's upstream, the HAR's API root). */
  apiRoot: string
  /** The HAR file read, or the address the proxy listened on. */
  from?: string
  deployment?: string
  startedAt: string
  endedAt: string
  /** Bodies longer than this were checked only up to it. */
  maxBodyBytes?: number
}

const FINDINGS_IN_MARKDOWN = 100
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** One check per operation seen: failed when the deployment broke something there. */
const checksOf = (traffic: TrafficSummary): ReportedCheck[] =>
  operationIds
    .filter((id) => traffic.operations[id] !== undefined)
    .map((id) => {
      const tally = traffic.operations[id] ?? { exchanges: 0, violations: 0, requestIssues: 0 }
      const found = traffic.violations.filter((v) => v.operationId === id)
      const lines = found
        .slice(0, 20)
        .map((v) => `#${v.exchange} ${v.method} ${v.path} → ${v.status}: ${v.message}\n  ${v.curl}`)
      const more = tally.violations - lines.length
      return {
        name: `Traffic: ${label(id)} (${id})`,
        group: 'traffic',
        operations: [id],
        state: tally.violations > 0 ? 'failed' : 'passed',
        ...(tally.violations > 0
          ? { message: [...lines, ...(more > 0 ? [`… and ${more} more`] : [])].join('\n') }
          : {}),
        observations: [],
        requests: tally.exchanges,
      } satisfies ReportedCheck
    })

const findingLines = (title: string, list: readonly RecordedFinding[], total: number) => {
  if (total === 0) return []
  const lines = ['', `## ${title}`, '']
  const shown = list.slice(0, FINDINGS_IN_MARKDOWN)
  for (const id of [...new Set(shown.map((f) => f.operationId))]) {
    lines.push(`### \`${id ? label(id) : 'outside the contract'}\` (${id})`, '')
    for (const f of shown.filter((x) => x.operationId === id)) {
      lines.push(
        `- #${f.exchange} \`${f.method} ${f.path}\` → ${f.status}: ${f.message}`,
        '',
        '  ```sh',
        `  ${f.curl}`,
        '  ```',
        '',
      )
    }
  }
  if (total > shown.length) {
    lines.push(
      `${total - shown.length} more not shown here (conformance.json keeps the first ${list.length}).`,
    )
  }
  return lines
}

/** conformance.md, conformance.json and contract-junit.xml for observed traffic, as `check` writes them. */
export const buildTrafficReport = (source: TrafficSource, traffic: TrafficSummary) => {
  const checks = checksOf(traffic)
  const run: RunInfo & { source: TrafficSource } = {
    baseUrl: source.apiRoot,
    strict: false,
    runId: `traffic-${source.startedAt}`,
    requests: traffic.exchanges,
    maxRequests: traffic.exchanges,
    ownMock: false,
    source,
  }
  const failed = checks.filter((c) => c.state === 'failed').length
  const verdict = trafficVerdict(traffic)
  const json = {
    run,
    verdict,
    totals: {
      checks: checks.length,
      passed: checks.length - failed,
      failed,
      blocked: 0,
      skipped: 0,
      observed: 0,
    },
    checks: checks.map(({ observations: _, ...c }) => c),
    matrix: Object.fromEntries(checks.map((c) => [c.operations[0], { [c.name]: c.state }])),
    observations: [],
    coverage: traffic.coverage,
    traffic: (({ coverage: _, ...rest }) => rest)(traffic),
  }
  const what = {
    proxy: `the proxy in front of ${source.apiRoot}${source.from ? ` (listening on ${source.from})` : ''}`,
    har: `the HAR file ${source.from ?? ''} (API root ${source.apiRoot})`,
    browser: `the browser, in front of ${source.apiRoot}`,
  }[source.kind]
  const lines = [
    '# Conformance report: observed traffic',
    '',
    `Traffic: ${what}  `,
    `From ${source.startedAt} to ${source.endedAt}${source.deployment ? `, deployment file ${source.deployment}` : ''}  `,
    `Exchanges: ${traffic.exchanges} (${traffic.exchanges - traffic.outside} with operations of the contract, ${traffic.outside} outside it)`,
    '',
    `Verdict: **${verdict.text}**`,
    '',
    `**${traffic.violationCount} violation${traffic.violationCount === 1 ? '' : 's'}, ${traffic.requestIssueCount} request issue${traffic.requestIssueCount === 1 ? '' : 's'}** on ${checks.length} operation${checks.length === 1 ? '' : 's'} seen.`,
    '',
    `Coverage: ${traffic.coverage.line}`,
    '',
    'A violation is an answer that breaks what the reference decides. A request issue is a request that breaks it: the client’s problem, a violation too only when the deployment accepts what the reference says must be refused. What the reference leaves open (status codes, state names, extra properties…) is never either.',
    '',
    '## Operations seen',
    '',
    '| Operation | Exchanges | Violations | Request issues |',
    '|---|---|---|---|',
  ]
  for (const id of Object.keys(traffic.operations) as OperationId[]) {
    const tally = traffic.operations[id]
    if (!tally) continue
    const inferred = 'inferred' in contract[id] ? ' (inferred)' : ''
    lines.push(
      `| \`${label(id)}\` ${id}${inferred} | ${tally.exchanges} | ${tally.violations > 0 ? `**${tally.violations}**` : 0} | ${tally.requestIssues} |`,
    )
  }
  lines.push('', ...coverageMarkdown(traffic.coverage))
  lines.push(...findingLines('Violations', traffic.violations, traffic.violationCount))
  lines.push(...findingLines('Request issues', traffic.requestIssues, traffic.requestIssueCount))
  if (traffic.release) lines.push(...releaseMarkdown(traffic.release))
  if (traffic.errorCount > 0) {
    lines.push('', '## Errors of its own', '')
    for (const error of traffic.errors) lines.push(`- ${error}`)
    if (traffic.errorCount > traffic.errors.length) {
      lines.push(`- … and ${traffic.errorCount - traffic.errors.length} more`)
    }
  }
  const notes = Object.entries(traffic.notes)
  if (notes.length > 0) {
    lines.push('', '## Not checked', '', '| What | Exchanges |', '|---|---|')
    for (const [note, count] of notes) lines.push(`| ${cell(note)} | ${count} |`)
  }
  const outside = Object.entries(traffic.outsidePaths)
  if (outside.length > 0) {
    lines.push('', '## Outside the contract', '', '| Request | Exchanges |', '|---|---|')
    for (const [request, count] of outside) lines.push(`| \`${cell(request)}\` | ${count} |`)
  }
  return { json, markdown: `${lines.join('\n')}\n`, junit: buildJunit(run, checks, verdict) }
}

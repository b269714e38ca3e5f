import { plural } from '../../core/plural.ts'
import {
  type RunVerdict,
  trafficVerdict,
  verdictLines,
  withUnwrittenReports,
} from '../../report-format/verdict.ts'
import type { RecordedFinding, TrafficSummary } from '../../traffic/log.ts'
import { type ReleaseNeed, releaseVerdict } from '../../traffic/release-needs.ts'

/** One finding as one line: exchange, operation, method, path, status, what is wrong. */
export const findingLine = (f: RecordedFinding): string =>
  `${f.kind === 'violation' ? '✗' : '!'} #${f.exchange} ${f.operationId ?? '-'} ${f.method} ${f.path} → ${f.status}${f.kind === 'request' ? ' request issue' : ''}: ${f.message}`

/** An exchange the `--release` cannot serve, as one line. */
export const releaseNeedLine = (need: ReleaseNeed): string =>
  `✗ #${need.exchange} ${need.operationId} ${need.method} ${need.path} → ${need.status} needs a later release: ${need.message}`

/** The end of a run: the counts per operation, the verdict, the reports. */
export const printTrafficSummary = (
  traffic: TrafficSummary,
  reports: readonly string[],
  verdict: RunVerdict = trafficVerdict(traffic),
): void => {
  const out = process.stdout
  const rows = Object.entries(traffic.operations).map(([id, t]) => [
    id,
    String(t?.exchanges ?? 0),
    String(t?.violations ?? 0),
    String(t?.requestIssues ?? 0),
  ])
  const table = [['operation', 'exchanges', 'violations', 'request issues'], ...rows]
  const widths = table[0]?.map((_, i) => Math.max(...table.map((r) => (r[i] ?? '').length))) ?? []
  out.write(
    `\nTraffic: ${plural(traffic.exchanges, 'exchange')}, ${traffic.exchanges - traffic.outside} with operations of the contract, ${traffic.outside} outside it\n`,
  )
  if (rows.length > 0) {
    for (const row of table) {
      const line = `  ${row.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd()
      out.write(`${line}\n`)
    }
  }
  for (const [note, count] of Object.entries(traffic.notes))
    out.write(`  not checked: ${note} (${count})\n`)
  // The verdict as every report shows it; a release that serves everything says which it needs.
  out.write(`\n${verdictLines(verdict).join('\n')}\n`)
  if (traffic.release?.served) out.write(`${releaseVerdict(traffic.release)}\n`)
  out.write(`${traffic.coverage.line}\n`)
  if (reports.length > 0) {
    out.write('\nReports\n')
    for (const path of reports) out.write(`  ${path}\n`)
  }
}

/**
 * Writes the reports of `check-traffic` or the proxy, prints the summary, and returns the exit
 * status: reports that cannot be written leave the summary on the console, naming why, and exit 3
 * at best (never 1 for a deployment that conformed, never a raw error).
 */
export const reportTraffic = async (
  traffic: TrafficSummary,
  write: () => Promise<string[]>,
  scrub: (text: string) => string,
): Promise<0 | 1 | 3> => {
  let reports: string[] = []
  let verdict = trafficVerdict(traffic)
  try {
    reports = await write()
  } catch (error) {
    verdict = withUnwrittenReports(
      verdict,
      scrub(error instanceof Error ? error.message : String(error)),
    )
  }
  printTrafficSummary(traffic, reports, verdict)
  return verdict.exitCode
}

import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The files the conformance suite writes into its report folder. */
export const REPORT_NAMES = ['conformance.md', 'conformance.json', 'contract-junit.xml'] as const

const STATES = ['passed', 'failed', 'skipped', 'observed'] as const
type State = (typeof STATES)[number]

interface ReportedCheck {
  name: string
  group: string
  state: State
  message?: string
}

/** The slice of reports/conformance.json this summary reads (the suite owns the format). */
interface ConformanceJson {
  run?: { baseUrl?: string; problem?: string; requests?: number }
  checks?: ReportedCheck[]
}

const row = (cells: readonly (string | number)[], widths: readonly number[]) =>
  `  ${cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd()

/** Outcomes by group: the table a person reads first. */
const table = (checks: readonly ReportedCheck[]): string[] => {
  const groups = [...new Set(checks.map((check) => check.group))]
  const count = (state: State, group?: string) =>
    checks.filter((c) => c.state === state && (group === undefined || c.group === group)).length
  const rows = [
    ['group', ...STATES],
    ...groups.map((group) => [group, ...STATES.map((state) => count(state, group))]),
    ['total', ...STATES.map((state) => count(state))],
  ]
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length))) ?? []
  return rows.map((cells) => row(cells, widths))
}

/**
 * Prints the summary of the suite's JSON report, if this run wrote one, and the report paths.
 * Returns false when a check failed or the run could not start, undefined without a report.
 */
export const printSummary = (reportDir: string, since: number): boolean | undefined => {
  const out = process.stdout
  const jsonPath = join(reportDir, 'conformance.json')
  // A report left by an earlier run says nothing about this one.
  if (!existsSync(jsonPath) || statSync(jsonPath).mtimeMs < since - 1000) {
    out.write('\nThis run wrote no conformance report; see the output above.\n')
    return undefined
  }
  let report: ConformanceJson
  try {
    report = JSON.parse(readFileSync(jsonPath, 'utf8')) as ConformanceJson
  } catch {
    out.write(`\nCould not read ${jsonPath}.\n`)
    return undefined
  }
  const checks = Array.isArray(report.checks) ? report.checks : []
  out.write(`\nConformance of ${report.run?.baseUrl ?? 'the deployment'}\n`)
  if (report.run?.problem) out.write(`  Could not run: ${report.run.problem}\n`)
  else out.write(`${table(checks).join('\n')}\n`)
  const failed = checks.filter((check) => check.state === 'failed')
  if (failed.length > 0) {
    out.write('\nFailed\n')
    for (const check of failed) {
      out.write(`  ✗ ${check.name}${check.message ? `: ${check.message.split('\n')[0]}` : ''}\n`)
    }
  }
  out.write('\nReports\n')
  for (const name of REPORT_NAMES) {
    const path = join(reportDir, name)
    if (existsSync(path)) out.write(`  ${path}\n`)
  }
  return failed.length === 0 && !report.run?.problem
}

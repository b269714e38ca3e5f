// Node-only: writes the report files. The rest of the engine imports nothing from Node but
// node:util's deep equality (observation.ts).
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { ExploreResult } from './explore/explore.ts'
import { withExplorationSuite } from './explore/report.ts'
import { buildHtmlReport, type HtmlReportData } from './html-report.ts'
import { buildJunit } from './junit.ts'
import { buildReport, type ReportedCheck, type RunInfo } from './report.ts'
import type { Secrets } from './secrets.ts'
import type { CoverageSummary } from './traffic/coverage.ts'

/** The four files a run writes into its report folder. */
export const REPORT_FILES = [
  'conformance.md',
  'conformance.json',
  'contract-junit.xml',
  'conformance.html',
] as const

/** Where the reports go: reports/ unless CONTRACT_REPORT_DIR says otherwise. */
export const reportDir = (vars: Record<string, string | undefined> = process.env): string =>
  vars.CONTRACT_REPORT_DIR || 'reports'

/**
 * Writes the built reports into `dir` (made if missing) and returns their absolute paths: what a
 * run of the catalog and a check of traffic both write. conformance.html is built here from the
 * same data as conformance.json, so it shows nothing the other files do not.
 */
export const writeReportFiles = async (
  dir: string,
  reports: { markdown: string; json: HtmlReportData; junit: string },
  /** The run's credentials: replaced by their variables in every file, whatever put them there. */
  secrets?: Secrets,
): Promise<string[]> => {
  const clean = (text: string) => (secrets ? secrets.scrub(text) : text)
  await mkdir(dir, { recursive: true })
  const [md, js, junit, html] = REPORT_FILES.map((name) => resolve(join(dir, name))) as [
    string,
    string,
    string,
    string,
  ]
  const json = clean(`${JSON.stringify(reports.json, null, 2)}\n`)
  await writeFile(js, json)
  await writeFile(md, clean(reports.markdown))
  await writeFile(junit, clean(reports.junit))
  // The page is built from the data as written (its credentials replaced), and scrubbed again.
  const data = secrets ? (JSON.parse(json) as HtmlReportData) : reports.json
  await writeFile(html, clean(buildHtmlReport(data)))
  return [md, js, junit, html]
}

/** Writes conformance.md, .json, .html and contract-junit.xml; returns their absolute paths. */
export const writeReports = async (
  run: RunInfo,
  checks: readonly ReportedCheck[],
  dir = reportDir(),
  exploration?: ExploreResult,
  secrets?: Secrets,
  coverage?: CoverageSummary,
): Promise<string[]> => {
  const { json, markdown } = buildReport(run, checks, exploration, coverage)
  const cases = buildJunit(run, checks)
  const junit = exploration ? withExplorationSuite(cases, exploration) : cases
  return writeReportFiles(dir, { markdown, json, junit }, secrets)
}

// Node-only: writes a catalog run's report files.

import { reportDir, writeReportFiles } from '../../report-format/files.ts'
import { buildJunit, withJunitSuite } from '../../report-format/junit.ts'
import type { ReportedCheck, RunInfo } from '../../report-format/model.ts'
import type { Secrets } from '../../report-format/secrets.ts'
import type { CoverageSummary } from '../../traffic/coverage.ts'
import type { ExplorationSection } from './exploration-section.ts'
import { buildHtmlReport } from './html-report.ts'
import { buildRunReport } from './run-report.ts'

export { REPORT_FILES, reportDir } from '../../report-format/files.ts'

/**
 * Writes conformance.md, .json, .html and contract-junit.xml; returns their absolute paths.
 * Exploration's section comes as data (the package's `writeReports` takes exploration's result).
 */
export const writeRunReports = async (
  run: RunInfo,
  checks: readonly ReportedCheck[],
  dir = reportDir(),
  exploration?: ExplorationSection,
  secrets?: Secrets,
  coverage?: CoverageSummary,
): Promise<string[]> => {
  const { json, markdown } = buildRunReport(run, checks, exploration, coverage)
  const cases = buildJunit(run, checks, json.verdict)
  const junit = exploration ? withJunitSuite(cases, exploration.junitSuite) : cases
  return writeReportFiles(dir, { markdown, json, junit }, secrets, buildHtmlReport)
}

// Node-only: writes a catalog run's report files.

import { reportDir, writeReportFiles } from '../../report-format/files.ts'
import { buildJunit } from '../../report-format/junit.ts'
import type { ReportedCheck, RunInfo } from '../../report-format/model.ts'
import type { ExploreResult } from '../explore/explore.ts'
import { withExplorationSuite } from '../explore/report.ts'
import { buildReport } from './run-report.ts'

export { REPORT_FILES, reportDir } from '../../report-format/files.ts'

import type { Secrets } from '../../report-format/secrets.ts'
import type { CoverageSummary } from '../../traffic/coverage.ts'
import { buildHtmlReport } from './html-report.ts'

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
  return writeReportFiles(dir, { markdown, json, junit }, secrets, buildHtmlReport)
}

// Node-only: writes a catalog run's report files.

import type { ExploreResult } from '../conformance/explore/explore.ts'
import type { CoverageSummary } from '../traffic/coverage.ts'
import { explorationSection } from './exploration-report.ts'
import type { ExplorationSection } from './exploration-section.ts'
import { reportDir, writeReportFiles } from './files.ts'
import { buildHtmlReport } from './html-report.ts'
import { buildJunit, withJunitSuite } from './junit.ts'
import type { ReportedCheck, RunInfo } from './model.ts'
import { buildRunReport } from './run-report.ts'
import type { Secrets } from './secrets.ts'

export { REPORT_FILES, reportDir } from './files.ts'

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

/** What of a run's result (runConformance's) its reports are made of. */
export interface RunResultReported {
  run: RunInfo
  checks: readonly ReportedCheck[]
  exploration?: ExploreResult
  coverage?: CoverageSummary
}

/** A run's result into its four report files, as writeRunReports writes them. */
export const writeResultReports = (
  result: RunResultReported,
  dir: string,
  secrets?: Secrets,
): Promise<string[]> =>
  writeRunReports(
    result.run,
    result.checks,
    dir,
    result.exploration && explorationSection(result.exploration),
    secrets,
    result.coverage,
  )

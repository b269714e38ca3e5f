// Node-only: writes the report files of observed traffic (the checker itself imports nothing from Node).

import type { TrafficSummary } from '../traffic/log.ts'
import { writeReportFiles } from './files.ts'
import { buildHtmlReport } from './html-report.ts'
import type { Secrets } from './secrets.ts'
import { buildTrafficReport, type TrafficSource } from './traffic-report.ts'

/**
 * Writes conformance.md, .json, .html and contract-junit.xml of observed traffic; returns their
 * absolute paths.
 */
export const writeTrafficReports = async (
  dir: string,
  source: TrafficSource,
  traffic: TrafficSummary,
  secrets?: Secrets,
): Promise<string[]> => {
  return writeReportFiles(dir, buildTrafficReport(source, traffic), secrets, buildHtmlReport)
}

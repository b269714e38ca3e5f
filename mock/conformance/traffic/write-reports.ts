// Node-only: writes the report files of observed traffic (the checker itself imports nothing from Node).
import type { Secrets } from '../secrets.ts'
import { writeReportFiles } from '../write-reports.ts'
import type { TrafficSummary } from './log.ts'
import { buildTrafficReport, type TrafficSource } from './report.ts'

/** Writes conformance.md, .json, .html and contract-junit.xml; returns their absolute paths. */
export const writeTrafficReports = async (
  dir: string,
  source: TrafficSource,
  traffic: TrafficSummary,
  secrets?: Secrets,
): Promise<string[]> => {
  return writeReportFiles(dir, buildTrafficReport(source, traffic), secrets)
}

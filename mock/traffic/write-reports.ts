// Node-only: writes the report files of observed traffic (the checker itself imports nothing from Node).

import { writeReportFiles } from '../report-format/files.ts'
import type { Secrets } from '../report-format/secrets.ts'
import type { TrafficSummary } from './log.ts'
import { buildTrafficReport, type TrafficSource } from './report.ts'

/** Writes conformance.md, conformance.json and contract-junit.xml; returns their absolute paths. */
export const writeTrafficReports = async (
  dir: string,
  source: TrafficSource,
  traffic: TrafficSummary,
  secrets?: Secrets,
): Promise<string[]> => {
  return writeReportFiles(dir, buildTrafficReport(source, traffic), secrets)
}

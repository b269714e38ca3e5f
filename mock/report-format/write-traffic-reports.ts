// Node-only: writes the report files of observed traffic (the checker itself imports nothing from Node).

import { type HtmlBuilder, writeReportFiles } from '../report-format/files.ts'
import type { Secrets } from '../report-format/secrets.ts'
import type { TrafficSummary } from './log.ts'
import { buildTrafficReport, type TrafficSource } from './report.ts'

/** Writes conformance.md, .json, .html and contract-junit.xml; returns their absolute paths. */
export const writeTrafficReports = async (
  dir: string,
  source: TrafficSource,
  traffic: TrafficSummary,
  secrets: Secrets | undefined,
  /** conformance.html's builder (the suite's page, handed in: the checker imports no suite). */
  html: HtmlBuilder<ReturnType<typeof buildTrafficReport>['json']>,
): Promise<string[]> => {
  return writeReportFiles(dir, buildTrafficReport(source, traffic), secrets, html)
}

// Node-only: writes the report files of observed traffic (the checker itself imports nothing from Node).
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { REPORT_FILES } from '../write-reports.ts'
import type { TrafficSummary } from './log.ts'
import { buildTrafficReport, type TrafficSource } from './report.ts'

/** Writes conformance.md, conformance.json and contract-junit.xml; returns their absolute paths. */
export const writeTrafficReports = async (
  dir: string,
  source: TrafficSource,
  traffic: TrafficSummary,
): Promise<string[]> => {
  const { json, markdown, junit } = buildTrafficReport(source, traffic)
  await mkdir(dir, { recursive: true })
  const [md, js, xml] = REPORT_FILES.map((name) => resolve(join(dir, name))) as [
    string,
    string,
    string,
  ]
  await writeFile(js, `${JSON.stringify(json, null, 2)}\n`)
  await writeFile(md, markdown)
  await writeFile(xml, junit)
  return [md, js, xml]
}

// Node-only: writes the report files; building them imports nothing from Node.
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Secrets } from './secrets.ts'

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
 * Builds conformance.html from the data conformance.json holds. Handed in by the caller (the
 * suite's page builder), so this writer, which the traffic checker uses too, imports no suite.
 */
export type HtmlBuilder<J> = (data: J) => string

/**
 * Writes the built reports into `dir` (made if missing) and returns their absolute paths: what a
 * run of the catalog and a check of traffic both write. conformance.html is built here from the
 * same data as conformance.json, so it shows nothing the other files do not.
 */
export const writeReportFiles = async <J>(
  dir: string,
  reports: { markdown: string; json: J; junit: string },
  /** The run's credentials: replaced by their variables in every file, whatever put them there. */
  secrets: Secrets | undefined,
  html: HtmlBuilder<J>,
): Promise<string[]> => {
  const clean = (text: string) => (secrets ? secrets.scrub(text) : text)
  await mkdir(dir, { recursive: true })
  const [md, js, junit, page] = REPORT_FILES.map((name) => resolve(join(dir, name))) as [
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
  const data = secrets ? (JSON.parse(json) as J) : reports.json
  await writeFile(page, clean(html(data)))
  return [md, js, junit, page]
}

// Node-only: writes the report files; building them imports nothing from Node.
import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import type { Secrets } from './secrets.ts'

/** The four files a run writes into its report folder. */
export const REPORT_FILES = [
  'conformance.md',
  'conformance.json',
  'contract-junit.xml',
  'conformance.html',
] as const

/**
 * Writes each file whole or not at all: every text goes to a temp file beside its target first,
 * and only once all are written are they renamed over the targets. A full disk or a folder that
 * cannot be written leaves the previous files as they were, and no temp file behind.
 */
export const writeFilesWhole = async (files: ReadonlyArray<readonly [string, string]>) => {
  const tag = `${process.pid}.${randomBytes(4).toString('hex')}`
  const temps = files.map(([path, text]) => ({
    path,
    text,
    temp: join(dirname(path), `.${basename(path)}.${tag}.tmp`),
  }))
  try {
    for (const dir of new Set(files.map(([path]) => dirname(path)))) {
      await mkdir(dir, { recursive: true })
    }
    for (const { temp, text } of temps) await writeFile(temp, text, { flag: 'wx' })
    // A rename over a folder fails: found before any file is replaced, not after some are.
    for (const { path } of temps) {
      if ((await stat(path).catch(() => undefined))?.isDirectory()) {
        throw new Error(`${path} is a folder: the file cannot be written there.`)
      }
    }
    for (const { temp, path } of temps) await rename(temp, path)
  } catch (error) {
    await Promise.all(temps.map(({ temp }) => rm(temp, { force: true })))
    throw error
  }
}

/** Where the reports go: reports/ unless CONTRACT_REPORT_DIR says otherwise. */
export const reportDir = (vars: Record<string, string | undefined> = process.env): string =>
  vars.CONTRACT_REPORT_DIR || 'reports'

/**
 * Builds conformance.html from the data conformance.json holds: buildHtmlReport, handed in by the
 * two writers beside this file (write-run-reports.ts, write-traffic-reports.ts).
 */
export type HtmlBuilder<J> = (data: J) => string

/**
 * Writes the built reports into `dir` (made if missing), all four whole or none, and returns
 * their absolute paths: what a run of the catalog and a check of traffic both write. conformance.html is built here from the
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
  const [md, js, junit, page] = REPORT_FILES.map((name) => resolve(join(dir, name))) as [
    string,
    string,
    string,
    string,
  ]
  const json = clean(`${JSON.stringify(reports.json, null, 2)}\n`)
  // The page is built from the data as written (its credentials replaced), and scrubbed again.
  const data = secrets ? (JSON.parse(json) as J) : reports.json
  await writeFilesWhole([
    [js, json],
    [md, clean(reports.markdown)],
    [junit, clean(reports.junit)],
    [page, clean(html(data))],
  ])
  return [md, js, junit, page]
}

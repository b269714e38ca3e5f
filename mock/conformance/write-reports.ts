// Node-only: writes the report files. The rest of the engine imports nothing from Node but
// node:util's deep equality (observation.ts), so it also runs in any host with fetch.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { reportDir } from './env.ts'
import type { ExploreResult } from './explore/explore.ts'
import { buildReport, type ReportedCheck, type RunInfo } from './report.ts'

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Writes conformance.md and conformance.json; returns the markdown path. */
export const writeReports = async (
  run: RunInfo,
  checks: readonly ReportedCheck[],
  dir = reportDir(),
  exploration?: ExploreResult,
): Promise<string> => {
  const { json, markdown } = buildReport(run, checks, exploration)
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'conformance.json'), `${JSON.stringify(json, null, 2)}\n`)
  const path = join(dir, 'conformance.md')
  await writeFile(path, markdown)
  return path
}

/**
 * When the run cannot start, vitest writes no JUnit file: this one stands in, so CI shows the
 * reason instead of a stale file from an earlier run.
 */
export const writeJunitProblem = async (problem: string, dir = reportDir()): Promise<void> => {
  await mkdir(dir, { recursive: true })
  await writeFile(
    join(dir, 'contract-junit.xml'),
    `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="Engagement Service API conformance" tests="1" failures="1" errors="0">
  <testsuite name="preflight" tests="1" failures="1" errors="0" skipped="0">
    <testcase classname="preflight" name="The suite can run: configuration, and GET /forms answers JSON">
      <failure message="${xml(problem)}" type="Preflight">${xml(problem)}</failure>
    </testcase>
  </testsuite>
</testsuites>
`,
  )
}

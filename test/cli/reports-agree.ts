import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { escapeHtml } from '../../mock/report-format/html-report.ts'
import type { FindingKind, RunVerdict } from '../../mock/report-format/verdict.ts'

/** The four report files of one run, as text. */
export interface ReportTexts {
  markdown: string
  json: string
  html: string
  junit: string
}

/** The report files a run wrote into `reportDir`. */
export const readReports = (reportDir: string): ReportTexts => {
  const read = (name: string) => readFileSync(join(reportDir, name), 'utf8')
  return {
    markdown: read('conformance.md'),
    json: read('conformance.json'),
    html: read('conformance.html'),
    junit: read('contract-junit.xml'),
  }
}

/**
 * Holds the five outputs of one run against each other: the console (stdout) and its exit status,
 * conformance.md, conformance.json, conformance.html and contract-junit.xml. Each finding that
 * changes the exit status is in each of them, with the same verdict; `kinds` are the kinds of
 * finding the run is expected to have (so a run that found nothing cannot pass for one that did).
 */
export const expectReportsAgree = (
  run: { status: number | null; stdout: string },
  reportDir: string,
  kinds: readonly FindingKind[],
): RunVerdict => expectOutputsAgree(run, readReports(reportDir), kinds)

/** expectReportsAgree on reports built in memory. */
export const expectOutputsAgree = (
  run: { status: number | null; stdout: string },
  reports: ReportTexts,
  kinds: readonly FindingKind[],
): RunVerdict => {
  const json = JSON.parse(reports.json) as {
    verdict: RunVerdict
    totals: { blocked: number }
  }
  const { verdict } = json
  expect([...new Set(verdict.findings.map((f) => f.kind))].sort()).toEqual([...kinds].sort())
  expect(run.status).toBe(verdict.exitCode)

  // The console: each finding's sentence, or what a clean run says.
  const sentences =
    verdict.findings.length === 0 ? [verdict.text] : verdict.findings.map((f) => f.text)
  for (const sentence of sentences) expect(run.stdout).toContain(sentence)

  const { markdown, html, junit } = reports
  expect(markdown).toContain(`Verdict: **${verdict.text}**`)

  expect(html).toContain(
    `<p id="verdict" class="verdict ${verdict.key}" data-verdict="${verdict.key}" data-exit-code="${verdict.exitCode}">${escapeHtml(verdict.text)}</p>`,
  )

  expect(junit).toContain(`<property name="verdict" value="${verdict.key}" />`)
  expect(junit).toContain(`<property name="exit-code" value="${run.status}" />`)
  const totals = /<testsuites [^>]*failures="(\d+)" errors="(\d+)"/.exec(junit)
  const [failures, errors] = [Number(totals?.[1]), Number(totals?.[2])]
  const has = (kind: FindingKind) => kinds.includes(kind)
  // A CI counting JUnit's failures + errors goes red exactly when the exit status is not 0;
  // failures are what the deployment did (a failed check, a divergence, a release need), and
  // each other finding (an error of the run's own, the request bound, blocked checks) an error.
  expect(failures + errors > 0).toBe(run.status !== 0)
  expect(failures > 0).toBe(has('violation') || has('release-need'))
  expect(errors > 0).toBe(has('run-error') || has('bound') || has('blocked'))
  if (has('bound')) expect(junit).toContain('type="RequestBound"')
  if (has('blocked')) expect(junit).toContain('type="Blocked"')
  // Blocked checks: named as such everywhere, and not run (JUnit: skipped with the reason).
  const blocked = json.totals.blocked
  expect(junit.split('<skipped message="Blocked: ').length - 1).toBe(blocked)
  expect(markdown.includes('\n## Blocked\n')).toBe(blocked > 0)
  expect(html.includes('<section id="blocked">')).toBe(blocked > 0)
  if (has('release-need')) {
    expect(markdown).toMatch(/\n## Release /)
    expect(html).toContain('<section id="release">')
    expect(junit).toContain('type="ReleaseNeed"')
  }
  return verdict
}

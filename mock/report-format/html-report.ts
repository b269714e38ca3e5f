import { releaseLabel } from '../../contract/releases.ts'
import {
  type Answer,
  formatAnswer,
  type ObservationRow,
} from '../conformance/engine/observation.ts'
import type { CellState, CoverageSummary } from '../traffic/coverage.ts'
import type { RecordedFinding } from '../traffic/log.ts'
import { type ReleaseSummary, releaseVerdict } from '../traffic/release-needs.ts'
import { MATRIX_COLUMNS, profileTally, whereText } from './coverage-report.ts'
import type { ExplorationData } from './exploration-section.ts'
import { slowDownSentence } from './model.ts'
import type { ReportedCheck, RunInfo, RunVerdict } from './run-report.ts'

/**
 * What conformance.html is built from: the same data conformance.json carries, for a catalog run
 * and for observed traffic, so the page shows nothing the other reports do not (and goes through
 * whatever they go through before they are written).
 */
export interface HtmlReportData {
  run: RunInfo & { source?: { kind: string; apiRoot: string; from?: string } }
  /** The run's verdict, as every report shows it (report-format/verdict.ts): the page derives none. */
  verdict: RunVerdict
  totals: { checks: number; passed: number; failed: number; blocked: number; skipped: number }
  checks: readonly Omit<ReportedCheck, 'observations'>[]
  observations: readonly ObservationRow[]
  coverage: CoverageSummary
  exploration?: ExplorationData
  traffic?: {
    exchanges: number
    violationCount: number
    requestIssueCount: number
    violations: readonly RecordedFinding[]
    requestIssues: readonly RecordedFinding[]
    release?: ReleaseSummary
    errors?: readonly string[]
  }
}

/** Every character that could end a text node or an attribute value, as an entity. */
export const escapeHtml = (value: unknown): string =>
  String(value).replace(
    /[&<>"'`]/g,
    (c) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' })[c] ??
      c,
  )
const e = escapeHtml

/** At most this many characters of one message or answer: a page a browser opens quickly. */
const MAX_TEXT = 20_000
const clip = (text: string | undefined) => {
  const value = text ?? ''
  return value.length > MAX_TEXT
    ? `${value.slice(0, MAX_TEXT)}… (${value.length - MAX_TEXT} more characters in conformance.json)`
    : value
}
const FINDINGS_SHOWN = 200

const STATE_TEXT: Record<CellState, string> = {
  seen: 'seen',
  failed: 'failed',
  'not-seen': 'not seen',
  'not-in-release': 'not in this release',
}
const STATE_MARK: Record<CellState, string> = {
  seen: '✓',
  failed: '✗',
  'not-seen': '·',
  'not-in-release': '–',
}

// No script, no external resource: the page is read from a CI artifact, offline, and the policy
// below forbids both even if something slipped past the escaping.
const CSS = `
:root{--seen:#1f8a4c;--failed:#c62828;--unseen:#e8e8e8;--later:#b0bec5;--ink:#1d1d1f;--mute:#5f6368}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);margin:0;padding:24px 32px;max-width:1400px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;margin:32px 0 8px;border-bottom:1px solid #ddd;padding-bottom:4px}h3{font-size:15px;margin:16px 0 6px}
.meta{color:var(--mute);margin:0 0 12px}
.verdict{display:inline-block;padding:6px 14px;border-radius:6px;font-weight:600;color:#fff;margin:8px 0}
.verdict.conforms{background:var(--seen)}.verdict.fails{background:var(--failed)}.verdict.blocked,.verdict.could-not-run{background:#b26a00}
.line{font-weight:600}
table{border-collapse:collapse;margin:8px 0}
th,td{border:1px solid #d0d0d0;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f5f5f5}
table.matrix td.cell{width:72px;text-align:center;font-weight:600}
table.matrix th.col{writing-mode:vertical-rl;transform:rotate(180deg);white-space:nowrap;font-weight:500}
td.seen{background:var(--seen);color:#fff}td.failed{background:var(--failed);color:#fff}
td.not-seen{background:var(--unseen);color:var(--mute)}td.not-in-release{background:var(--later);color:#fff}
td.na{background:#fff}
.legend span{display:inline-block;padding:2px 8px;margin-right:8px;border-radius:4px}
.legend .seen{background:var(--seen);color:#fff}.legend .failed{background:var(--failed);color:#fff}
.legend .not-seen{background:var(--unseen)}.legend .not-in-release{background:var(--later);color:#fff}
pre{background:#f7f7f7;border:1px solid #e0e0e0;padding:8px;overflow-x:auto;white-space:pre-wrap;word-break:break-word;max-height:480px}
.failure,.divergence{border-left:4px solid var(--failed);padding:2px 12px;margin:12px 0}
.blocked{border-left:4px solid #b26a00;padding:2px 12px;margin:12px 0}
.no{color:var(--failed);font-weight:600}
`

const list = (items: readonly string[]) =>
  items.length === 0 ? '' : `<ul>${items.map((item) => `<li>${e(item)}</li>`).join('')}</ul>`

const matrixHtml = (coverage: CoverageSummary): string => {
  const head = `<tr><th>Operation</th>${MATRIX_COLUMNS.map((c) => `<th class="col">${e(c.title)}</th>`).join('')}<th class="col">profile only</th></tr>`
  const rows = coverage.matrix.map((row) => {
    const cells = MATRIX_COLUMNS.map(({ outcome }) => {
      const cell = row.cells.find((c) => c.outcome === outcome && c.layer === 'documented')
      if (!cell) return '<td class="cell na" data-state="none"></td>'
      const where = whereText(cell.failedWhere ?? cell.where)
      const title = `${row.operation}: ${cell.label}: ${STATE_TEXT[cell.state]}${cell.count > 0 ? ` (${cell.count}×)` : ''}${where ? `; ${cell.failedWhere ? 'failed at' : 'first'} ${where}` : ''}`
      return `<td class="cell ${cell.state}" data-outcome="${e(outcome)}" data-state="${cell.state}" title="${e(title)}">${STATE_MARK[cell.state]}<span hidden> ${e(STATE_TEXT[cell.state])}</span></td>`
    })
    const profile = profileTally(row.cells)
    const profileState: CellState = !row.inRelease
      ? 'not-in-release'
      : profile.total === 0
        ? 'not-seen'
        : profile.seen === profile.total
          ? 'seen'
          : 'not-seen'
    const profileCell =
      profile.total === 0 && row.inRelease
        ? '<td class="cell na" data-state="none"></td>'
        : `<td class="cell ${profileState}" data-state="${profileState}" title="${e(`profile-only outcomes seen: ${profile.seen} of ${profile.total}`)}">${row.inRelease ? `${profile.seen}/${profile.total}` : '–'}</td>`
    return `<tr data-operation="${e(row.operation)}"><th><code>${e(row.request)}</code> ${e(row.operation)}${row.inferred ? ' <small>(inferred)</small>' : ''}</th>${cells.join('')}${profileCell}</tr>`
  })
  const transitions = coverage.transitionList.map(
    (t) =>
      `<tr data-transition="${e(t.transition)}"><td class="cell ${t.state}" data-state="${t.state}">${STATE_MARK[t.state]}</td><td>${e(t.summary)}</td><td>${e(t.operation)}</td><td>${t.count}</td><td>${e(whereText(t.failedWhere ?? t.where))}</td></tr>`,
  )
  return `<section id="coverage"><h2>${coverage.kind === 'traffic' ? 'Coverage: what your app uses' : 'Coverage'}</h2>
<p class="line">${e(coverage.line)}</p>
<p class="legend"><span class="seen">✓ seen</span><span class="failed">✗ failed</span><span class="not-seen">· not seen</span><span class="not-in-release">– not in this release</span> Hover a cell for where it was first seen.</p>
<table class="matrix" id="coverage-matrix"><thead>${head}</thead><tbody>${rows.join('')}</tbody></table>
<h3>§3 transitions</h3>
<table id="coverage-transitions"><thead><tr><th></th><th>Transition</th><th>Operation</th><th>Seen</th><th>First seen</th></tr></thead><tbody>${transitions.join('')}</tbody></table>
${coverage.neverSeen.length > 0 ? `<h3>${coverage.kind === 'traffic' ? 'Never used' : 'Never seen'}</h3>${list(coverage.neverSeen)}` : ''}</section>`
}

const failuresHtml = (data: HtmlReportData): string => {
  const failed = data.checks.filter((c) => c.state === 'failed')
  const violations = data.traffic?.violations ?? []
  if (failed.length === 0 && violations.length === 0) return ''
  const checks = failed.map(
    (c) =>
      `<article class="failure" data-check="${e(c.name)}"><h3>${e(c.name)}</h3><pre>${e(clip(c.message))}</pre></article>`,
  )
  const found = violations
    .slice(0, FINDINGS_SHOWN)
    .map(
      (f) =>
        `<article class="failure" data-exchange="${f.exchange}"><h3>#${f.exchange} ${e(f.operationId ?? 'outside the contract')}: <code>${e(f.method)} ${e(f.path)}</code> → ${f.status}</h3><p>${e(clip(f.message))}</p><pre>${e(clip(f.curl))}</pre></article>`,
    )
  const more =
    violations.length > FINDINGS_SHOWN
      ? `<p>${violations.length - FINDINGS_SHOWN} more in conformance.json.</p>`
      : ''
  return `<section id="failures"><h2>Failures</h2>${checks.join('')}${found.join('')}${more}</section>`
}

/** With `--release`: the release's verdict, what of later releases the traffic used, and where. */
const releaseHtml = (release: ReleaseSummary | undefined): string => {
  if (!release) return ''
  const label = releaseLabel(release.release, release.given)
  const uses =
    release.uses.length === 0
      ? ''
      : `<table><thead><tr><th>Uses</th><th>Added in</th><th>Exchanges</th></tr></thead><tbody>${release.uses
          .map((u) => `<tr><td>${e(u.what)}</td><td>${e(u.since)}</td><td>${u.exchanges}</td></tr>`)
          .join('')}</tbody></table>`
  const unserved = release.unserved
    .slice(0, FINDINGS_SHOWN)
    .map(
      (n) =>
        `<li>#${n.exchange} <code>${e(n.method)} ${e(n.path)}</code> (${e(n.operationId)}) → ${n.status}: ${e(n.message)}</li>`,
    )
  return `<section id="release"><h2>Release ${e(label)}</h2><p${release.served ? '' : ' class="no"'}>${e(releaseVerdict(release))}</p>${uses}${unserved.length > 0 ? `<ul>${unserved.join('')}</ul>` : ''}</section>`
}

/** Errors of the run's own (traffic: an exchange it could not record, the proxy's own error). */
const errorsHtml = (errors: readonly string[] | undefined): string =>
  errors && errors.length > 0
    ? `<section id="errors"><h2>Errors of its own</h2><p>What these met could not be checked.</p>${list(errors)}</section>`
    : ''

const blockedHtml = (data: HtmlReportData): string => {
  const blocked = data.checks.filter((c) => c.state === 'blocked')
  if (blocked.length === 0) return ''
  return `<section id="blocked"><h2>Blocked</h2><p>These checks could not run: the deployment refused a request they needed to set up. Not a verdict; the deployment file keys named say how this deployment spells it.</p>${blocked
    .map(
      (c) =>
        `<article class="blocked"><h3>${e(c.name)}</h3>${c.fix?.length ? `<p>Deployment file keys: ${c.fix.map((k) => `<code>${e(k)}</code>`).join(', ')}</p>` : ''}<pre>${e(clip(c.message))}</pre></article>`,
    )
    .join('')}</section>`
}

const requestIssuesHtml = (data: HtmlReportData): string => {
  const issues = data.traffic?.requestIssues ?? []
  if (issues.length === 0) return ''
  return `<section id="request-issues"><h2>Request issues (the client’s)</h2><table><thead><tr><th>#</th><th>Request</th><th>Status</th><th>What</th></tr></thead><tbody>${issues
    .slice(0, FINDINGS_SHOWN)
    .map(
      (f) =>
        `<tr><td>${f.exchange}</td><td><code>${e(f.method)} ${e(f.path)}</code></td><td>${f.status}</td><td>${e(clip(f.message))}</td></tr>`,
    )
    .join('')}</tbody></table></section>`
}

const answer = (value: Answer) => `<code>${e(clip(formatAnswer(value)))}</code>`

const observationsHtml = (data: HtmlReportData): string => {
  if (data.observations.length === 0) return ''
  return `<section id="observations"><h2>Observations</h2><p>What this deployment answered to questions the reference leaves open, beside our profile’s answer: recorded, never a verdict.</p><table><thead><tr><th>Question</th><th>This deployment</th><th>Profile</th><th>Same</th></tr></thead><tbody>${data.observations
    .map((row) => {
      const same = row.answers.every((a) => a.matches)
      return `<tr><td>${e(row.question)}</td><td>${row.answers.map((a) => answer(a.answer)).join(' / ')}</td><td>${answer(row.expected)}</td><td${same ? '>yes' : ' class="no">no'}</td></tr>`
    })
    .join('')}</tbody></table></section>`
}

const explorationHtml = (result: ExplorationData | undefined): string => {
  if (!result) return ''
  const divergences = result.divergences.map(
    (d, i) => `<article class="divergence"><h3>Divergence ${i + 1}: ${e(d.summary)}</h3>
<p>Seed ${d.seed}${d.run === undefined ? '' : `, run ${d.run}`} (replay with <code>--explore-seed ${d.seed}</code>), shrunk in ${d.shrinks} steps to ${d.steps.length}.</p>
<table><thead><tr><th>#</th><th>Operation</th><th>Key</th><th>What</th><th>Model</th><th>Deployment</th></tr></thead><tbody>${d.steps
      .map(
        (s, n) =>
          `<tr${n + 1 === d.divergentStep ? ' class="no"' : ''}><td>${n + 1}</td><td><code>${e(s.request)}</code></td><td>${e(s.role)}</td><td>${e(s.intent)}</td><td>${s.modelStatus}</td><td>${s.deploymentStatus}</td></tr>`,
      )
      .join('')}</tbody></table>
<p>Differences at step ${d.divergentStep}:</p>${list(d.differences)}
<p>The model answered:</p><pre>${e(clip(d.model))}</pre><p>The deployment answered:</p><pre>${e(clip(d.deployment))}</pre>
<p>Reproduce:</p><pre>${e(clip(d.script))}</pre></article>`,
  )
  const notes =
    result.notes.length === 0
      ? ''
      : `<h3>Notes: where the reference does not decide (not divergences)</h3><table><thead><tr><th>Note</th><th>Request</th><th>What</th><th>Deployment</th><th>Model</th><th>Seen</th></tr></thead><tbody>${result.notes
          .map(
            (n) =>
              `<tr><td>${e(n.kind)}</td><td><code>${e(n.request)}</code></td><td>${e(n.intent)}</td><td>${e(n.deployment)}</td><td>${e(n.model)}</td><td>${n.count}</td></tr>`,
          )
          .join('')}</tbody></table>`
  return `<section id="exploration"><h2>Exploration</h2><p><strong>${e(result.summary)}.</strong></p>${result.error ? `<p class="no">Exploration could not run: ${e(result.error)}</p>` : ''}${divergences.join('')}${notes}</section>`
}

const checksHtml = (data: HtmlReportData): string => {
  if (data.traffic || data.checks.length === 0) return ''
  return `<section id="checks"><h2>Checks</h2><table><thead><tr><th>Check</th><th>Group</th><th>Result</th></tr></thead><tbody>${data.checks
    .map(
      (c) =>
        `<tr><td>${e(c.name)}</td><td>${e(c.group)}</td><td${c.state === 'failed' ? ' class="no"' : ''}>${e(c.state)}</td></tr>`,
    )
    .join('')}</tbody></table></section>`
}

/** conformance.html: one self-contained page, every value from the deployment escaped. */
export const buildHtmlReport = (data: HtmlReportData): string => {
  const { verdict } = data
  const { run, totals } = data
  const traffic = data.traffic
  const title = traffic ? 'Conformance report: observed traffic' : 'Conformance report'
  const counts = traffic
    ? `${traffic.exchanges} exchanges; ${traffic.violationCount} violations, ${traffic.requestIssueCount} request issues`
    : `${totals.passed} passed, ${totals.failed} failed, ${totals.blocked} blocked, ${totals.skipped} skipped of ${totals.checks} checks; ${run.requests} requests`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}: ${e(run.baseUrl)}</title>
<style>${CSS}</style>
</head>
<body>
<h1>${e(title)}</h1>
<p class="meta">Target <code>${e(run.baseUrl)}</code>${run.ownMock ? ' (the mock, started by the suite)' : ''}${run.source?.from ? `, from <code>${e(run.source.from)}</code>` : ''} · run <code>${e(run.runId)}</code>${run.release ? ` · release ${e(run.release.given)}` : traffic?.release ? ` · release ${e(traffic.release.given)}` : ''}</p>
<p id="verdict" class="verdict ${e(verdict.key)}" data-verdict="${e(verdict.key)}" data-exit-code="${verdict.exitCode}">${e(verdict.text)}</p>
${verdict.findings.length > 1 ? `<ul id="findings">${verdict.findings.map((f) => `<li data-kind="${e(f.kind)}">${e(f.text)}</li>`).join('')}</ul>` : ''}
<p>${e(counts)}</p>
${slowDownSentence(run) ? `<p id="slow-downs" data-slow-downs="${run.slowDowns}">${e(slowDownSentence(run) ?? '')}</p>` : ''}
${run.problem ? `<p class="no">The suite could not run: ${e(run.problem)}</p>` : ''}
${matrixHtml(data.coverage)}
${failuresHtml(data)}
${releaseHtml(data.traffic?.release)}
${errorsHtml(data.traffic?.errors)}
${blockedHtml(data)}
${requestIssuesHtml(data)}
${explorationHtml(data.exploration)}
${observationsHtml(data)}
${checksHtml(data)}
</body>
</html>
`
}

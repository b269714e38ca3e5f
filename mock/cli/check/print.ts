import { releaseLabel } from '../../../contract/releases.ts'
import { CHECK_STATES, type CheckState } from '../../conformance/engine/run-check.ts'
import type { InitResult } from '../../conformance/init/init-deployment.ts'
import { laterKindProbe, RELEASE_KEY } from '../../conformance/init/release-probe.ts'
import type { ConformanceResult } from '../../conformance/run-conformance.ts'
import { slowDownSentence } from '../../report-format/model.ts'
import { verdictLines } from '../../report-format/verdict.ts'

const row = (cells: readonly (string | number)[], widths: readonly number[]) =>
  `  ${cells.map((cell, i) => String(cell).padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd()

/** Outcomes by group: the table a person reads first. */
const table = (checks: ConformanceResult['checks']): string[] => {
  const groups = [...new Set(checks.map((check) => check.group))]
  const count = (state: CheckState, group?: string) =>
    checks.filter((c) => c.state === state && (group === undefined || c.group === group)).length
  // The release's column only where a release left checks out.
  const states = CHECK_STATES.filter((state) => state !== 'not-in-release' || count(state) > 0)
  const rows = [
    ['group', ...states],
    ...groups.map((group) => [group, ...states.map((state) => count(state, group))]),
    ['total', ...states.map((state) => count(state))],
  ]
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => String(r[i]).length))) ?? []
  return rows.map((cells) => row(cells, widths))
}

/** The summary on stdout: the table, what failed, what was blocked and by which key, the reports. */
export const printSummary = (result: ConformanceResult): void => {
  const out = process.stdout
  out.write(
    `\nConformance of ${result.run.baseUrl}${result.run.release ? `, release ${releaseLabel(result.run.release.release, result.run.release.given)}` : ''}\n`,
  )
  if (result.problem) out.write(`  Could not run: ${result.problem}\n`)
  else out.write(`${table(result.checks).join('\n')}\n`)
  if (result.run.error) out.write(`  Stopped on an error of its own: ${result.run.error}\n`)
  if (result.exploration?.error) out.write(`  Exploration: ${result.exploration.error}\n`)
  const failed = result.checks.filter((check) => check.state === 'failed')
  if (failed.length > 0) {
    out.write('\nFailed\n')
    for (const check of failed) {
      out.write(`  ✗ ${check.name}${check.message ? `: ${check.message.split('\n')[0]}` : ''}\n`)
    }
  }
  const blocked = result.checks.filter((check) => check.state === 'blocked')
  if (blocked.length > 0) {
    out.write('\nBlocked (the deployment refused a setup request; not a verdict)\n')
    for (const check of blocked) {
      out.write(`  ■ ${check.name}: ${check.message?.split('\n')[0] ?? ''}\n`)
    }
  }
  const later = result.checks.filter((check) => check.state === 'not-in-release')
  if (later.length > 0) {
    // Each message names what arrived later; listed once each.
    const what = new Set(
      later.flatMap((check) =>
        (check.message ?? '')
          .replace(/^Not in release [^:]*: /, '')
          .replace(/\.$/, '')
          .split('; '),
      ),
    )
    out.write(
      `\nNot in this release (${later.length} checks, nothing sent): ${[...what].join('; ')}.\n`,
    )
  }
  out.write(`\n${verdictLines(result.outcome).join('\n')}\n`)
  out.write(
    `Requests: ${result.requests} (bound ${result.run.maxRequests}), plus ${result.run.cleanupRequests ?? 0} to clean up. ${result.run.cleanup ?? ''}\n`,
  )
  const slowed = slowDownSentence(result.run)
  if (slowed) out.write(`${slowed}\n`)
  if (result.reports.length > 0) {
    out.write('\nReports\n')
    for (const path of result.reports) out.write(`  ${path}\n`)
  }
}

/** What --init found, and where the starter file is. */
export const printInit = (result: InitResult): void => {
  const out = process.stdout
  if (result.problem) {
    out.write(`Could not probe: ${result.problem}\nNo file written.\n`)
    return
  }
  out.write("\nProbe (the profile's spelling of each request)\n")
  for (const probe of result.probes) {
    // The release reads ask what is there: a 404 is an answer, not a refused spelling.
    // An answer it could not read (too deep, too long) is neither accepted nor refused: '?'.
    const mark = probe.key.startsWith(RELEASE_KEY)
      ? '·'
      : probe.unread !== undefined
        ? '?'
        : probe.accepted
          ? '✓'
          : '✗'
    // A refused content's follow-ups (its sample, each key alone) under it, indented.
    const indent = probe.followUp ? '    ' : '  '
    out.write(
      `${indent}${mark} ${probe.key.padEnd(probe.followUp ? 30 : 32)} ${probe.request} → ${probe.status}${probe.unread !== undefined ? ` not readable (${probe.unread}): neither accepted nor refused` : probe.accepted ? '' : ` ${probe.answer}`}\n`,
    )
  }
  if (result.release) {
    out.write(
      `\nRelease: ${result.release.release ? `${result.release.release} (written as "release")` : 'not told (see the "// release" comment)'}. ${result.release.why}\n`,
    )
  }
  const byKey = result.kinds.filter((k) => Object.keys(k.refusedKeys).length > 0)
  if (byKey.length > 0) {
    out.write(
      '\nRefused key by key (each alone on top of exploration\'s sample; the file leaves them out and lists them under "probe")\n',
    )
    for (const kind of byKey) {
      const keys = Object.entries(kind.refusedKeys).map(([key, answer]) => `${key} (${answer})`)
      out.write(`  ✗ ${kind.content.key}: ${keys.join(', ')}\n`)
    }
  }
  const proposal = result.release
  // A follow-up (a refused content's sample or one of its keys) is part of its kind's refusal.
  const refused = result.probes.filter(
    (p) =>
      !p.accepted &&
      !p.followUp &&
      !p.key.startsWith(RELEASE_KEY) &&
      !(proposal && laterKindProbe(p, proposal)),
  ).length
  const unread = result.probes.filter((p) => p.unread !== undefined).length
  if (unread > 0) {
    out.write(
      `\n${unread} answer${unread === 1 ? '' : 's'} could not be read (marked ?; the file's "//" comments say NOT READABLE): neither accepted nor refused, check ${unread === 1 ? 'it' : 'them'} by hand.\n`,
    )
  }
  out.write(
    `\n${result.requests} requests. ${result.cleanup}\nWrote ${result.file}: ${refused === 0 ? 'everything was accepted as the profile spells it.' : `${refused} refused; fill those in (see its "//" comments), then run check with --deployment ${result.file}.`}\n`,
  )
}

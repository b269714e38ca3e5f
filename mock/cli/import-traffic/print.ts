import type { Resource } from '../../import/observe.ts'
import type { ImportReport } from '../../import/to-state.ts'

const NAMES: Record<Resource, string> = {
  forms: 'forms',
  sessions: 'sessions',
  series: 'series',
  reports: 'sponsor reports',
  responses: 'form responses',
}

/** The import's report as text: counts per resource, what was left out and why, organizations. */
export const printImportReport = (report: ImportReport, target: string): void => {
  const out = process.stdout
  out.write(
    `Read ${report.exchanges} exchange(s) of the API (${report.outside} outside the contract); vocabulary: ${report.vocabulary}.\n\n`,
  )
  const rows = (Object.keys(NAMES) as Resource[]).map((r) => {
    const c = report.resources[r]
    return [NAMES[r], String(c.imported), String(c.merged), String(c.leftOut.length)]
  })
  const table = [['resource', 'imported', 'merged', 'left out'], ...rows]
  const widths = table[0]?.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)))
  for (const row of table) {
    out.write(`  ${row.map((cell, i) => cell.padEnd(widths?.[i] ?? 0)).join('  ')}`.trimEnd())
    out.write('\n')
  }
  const leftOut = (Object.keys(NAMES) as Resource[]).flatMap((r) =>
    report.resources[r].leftOut.map((l) => `  ${NAMES[r]} ${l.id}: ${l.why}\n`),
  )
  if (leftOut.length > 0) out.write(`\nLeft out:\n${leftOut.join('')}`)
  if (report.parts.length > 0) {
    out.write('\nParts of imported records left out or replaced:\n')
    for (const p of report.parts) out.write(`  ${p.count} × ${p.what} (${p.key})\n`)
  }
  for (const u of report.unread) out.write(`  exchange #${u.index} not read: ${u.why}\n`)
  const { ids, joinCodes, slugs } = report.reissued
  if (ids + joinCodes + slugs > 0) {
    out.write(
      `\nGiven the mock's own identifiers (the recorded ones are not URL-safe tokens, or repeat): ${ids} id(s), ${joinCodes} join code(s), ${slugs} slug(s).\n`,
    )
  }
  out.write('\nOrganizations (use these keys with the mock):\n')
  for (const org of report.organizations) {
    out.write(
      `  ${org.apiKey.padEnd(22)} ${org.records} record(s), ${org.credential}, entitlements: ${org.entitlements.join(', ') || 'none'} (${org.entitlementsFrom === 'traffic' ? 'as the traffic showed' : "the demo's"})\n`,
    )
  }
  const personal = report.personalData
  out.write(
    personal.kept
      ? '\nPersonal data kept as recorded (--keep-personal-data).\n'
      : `\nPersonal data of respondents replaced by deterministic fakes: ${personal.emails} email address(es), ${personal.answers} free-text answer(s); records' own definitions kept as recorded.\n`,
  )
  if (report.credentialsRemoved > 0) {
    out.write(
      `A recorded API key echoed by the answers was replaced by $API_KEY (${report.credentialsRemoved} time(s)).\n`,
    )
  }
  out.write(`\nWrote ${target}\nServe it: npx engagement-mock serve --scenario ${target}\n`)
}

import type {
  CellState,
  CoverageCell,
  CoverageSummary,
  Outcome,
  Where,
} from '../traffic/coverage.ts'

/** The matrix's columns: the documented outcomes, in this order; the profile's are one column. */
export const MATRIX_COLUMNS: readonly { outcome: Outcome; title: string }[] = [
  { outcome: 'success', title: 'success' },
  { outcome: 'credential', title: 'credential' },
  { outcome: 'foreign', title: 'foreign record' },
  { outcome: 'not_found', title: 'unknown id' },
  { outcome: 'invalid_body', title: 'invalid body' },
  { outcome: 'invalid_field_config', title: 'field config' },
  { outcome: 'incomplete_reorder', title: 'incomplete reorder' },
  { outcome: 'publish_without_field', title: 'publish without field' },
  { outcome: 'team_not_allowed', title: 'team not allowed' },
  { outcome: 'missing_entitlement', title: 'entitlement' },
]

const MARK: Record<CellState, string> = {
  seen: 'seen',
  failed: '**FAILED**',
  'not-seen': '—',
  'not-in-release': 'not in release',
}

const MEANING: Record<CellState, string> = {
  seen: 'judged at least once, as the reference decides',
  failed: 'answered against the reference (see "Outcomes that failed")',
  'not-seen': 'documented for this operation, never seen',
  'not-in-release': "came after the run's release (§9)",
}

/** What each cell of the matrix means, its marks read off MARK: conformance.md's legend. */
export const MATRIX_LEGEND = `Cells: ${(Object.keys(MARK) as CellState[])
  .map((state) => `${MARK[state]} ${MEANING[state]}`)
  .join(
    '; ',
  )}; blank: the reference documents no such outcome for this operation. Profile only: the outcomes only our profile decides, seen/total.`

/** `check "…", #12` / `exploration run 3 (seed 7), step 2`. */
export const whereText = (where: Where | undefined): string => {
  if (!where) return ''
  const parts = [
    ...(where.check ? [`check “${where.check}”`] : []),
    ...(where.step ? [where.step] : []),
    ...(where.exchange !== undefined ? [`exchange #${where.exchange}`] : []),
  ]
  return parts.join(', ')
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** The profile-only cells of a row, as `seen/total`. */
export const profileTally = (cells: readonly CoverageCell[]) => {
  const profile = cells.filter((c) => c.layer === 'profile' && c.outcome !== 'success')
  const seen = profile.filter((c) => c.state === 'seen' || c.state === 'failed').length
  return { seen, total: profile.length }
}

/** conformance.md's "Coverage" section. */
export const coverageMarkdown = (coverage: CoverageSummary): string[] => {
  const traffic = coverage.kind === 'traffic'
  const lines = [
    traffic ? '## Coverage: what your app uses' : '## Coverage',
    '',
    `**${cell(coverage.line)}**`,
    '',
    traffic
      ? 'Each operation of the contract, and each outcome the reference documents for it, as the observed traffic used them: a success, a refusal recognised by its §7 shape (whatever its status) and what the request shows (no credential, a body §4 rules out, a reorder that is not the complete list, a publish of a form seen without fields…), and the §3 transitions. Traffic cannot show whose organization a key belongs to: another organization’s record counts as an unknown id.'
      : 'Each operation of the contract, and each outcome the reference documents for it (its success; a missing or unknown credential and another organization’s record, §5; an unknown id; a body failing validation; §7’s known conditions), as the checks and exploration judged them, whatever status the deployment chose; then the §3 transitions. What only our profile decides is counted apart (last column).',
    '',
    MATRIX_LEGEND,
    '',
    `| Operation | ${MATRIX_COLUMNS.map((c) => c.title).join(' | ')} | profile only |`,
    `|---|${MATRIX_COLUMNS.map(() => '---').join('|')}|---|`,
  ]
  for (const row of coverage.matrix) {
    const marks = MATRIX_COLUMNS.map(({ outcome }) => {
      const found = row.cells.find((c) => c.outcome === outcome && c.layer === 'documented')
      return found ? MARK[found.state] : ''
    })
    const profile = profileTally(row.cells)
    lines.push(
      `| \`${row.request}\` ${row.operation}${row.inferred ? ' (inferred)' : ''} | ${marks.join(' | ')} | ${row.inRelease ? `${profile.seen}/${profile.total}` : 'not in release'} |`,
    )
  }
  lines.push('', '| §3 transition | Operation | Seen | First seen |', '|---|---|---|---|')
  for (const t of coverage.transitionList) {
    lines.push(
      `| ${cell(t.summary)} | ${t.operation} | ${t.count > 0 ? `${MARK[t.state]} (${t.count})` : MARK[t.state]} | ${cell(whereText(t.failedWhere ?? t.where))} |`,
    )
  }
  if (coverage.neverSeen.length > 0) {
    lines.push('', traffic ? '### Never used' : '### Never seen', '')
    for (const item of coverage.neverSeen) lines.push(`- ${cell(item)}`)
  }
  const absent = coverage.matrix.filter((row) => row.absent > 0)
  if (absent.length > 0) {
    lines.push(
      '',
      `Answers that showed the operation absent (a 404 or 405 where no record is addressed, or an answer saying no such operation), counted nowhere because no other answer showed it exists: ${absent.map((row) => `${row.operation} ${row.absent}`).join(', ')}.`,
    )
  }
  const unplaced = coverage.matrix.filter((row) => row.unclassified > 0)
  if (unplaced.length > 0) {
    lines.push(
      '',
      `Answers counted as no outcome (server errors, refusals without the §7 shape or whose condition the exchange does not show): ${unplaced.map((row) => `${row.operation} ${row.unclassified}`).join(', ')}.`,
    )
  }
  const failed = coverage.matrix.flatMap((row) =>
    row.cells.filter((c) => c.failedWhere).map((c) => ({ row, c })),
  )
  if (failed.length > 0) {
    lines.push('', '### Outcomes that failed', '')
    for (const { row, c } of failed) {
      lines.push(`- ${row.operation}: ${cell(c.label)}, first at ${cell(whereText(c.failedWhere))}`)
    }
  }
  return lines
}

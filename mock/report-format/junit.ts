import { type ReportedCheck, type RunInfo, slowDownSentence } from './model.ts'
import {
  catalogVerdict,
  type FindingKind,
  type RunVerdict,
  type VerdictFinding,
} from './verdict.ts'

const xml = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot carry these at all.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

const SUITE = 'Engagement Service API conformance'

/** The JUnit error type of each finding that is a run-level `<error>`. */
const ERROR_TYPE: Partial<Record<FindingKind, string>> = {
  'run-error': 'RunError',
  bound: 'RequestBound',
  blocked: 'Blocked',
}

/**
 * The verdict's findings of one kind as a suite of their own, a case each: the run's own errors as
 * `<error>`, a release need as `<failure>`; nothing when there is none.
 */
const findingSuite = (
  name: 'run' | 'release',
  findings: readonly VerdictFinding[],
  as: 'error' | 'failure',
  holds: string,
): string[] => {
  if (findings.length === 0) return []
  const type = (f: VerdictFinding) =>
    as === 'failure' ? 'ReleaseNeed' : (ERROR_TYPE[f.kind] ?? 'RunError')
  return [
    `  <testsuite name="${name}" tests="${findings.length}" failures="${as === 'failure' ? findings.length : 0}" errors="${as === 'error' ? findings.length : 0}" skipped="0">`,
    ...findings.flatMap((f) => [
      `    <testcase classname="${name}" name="${xml(f.title ?? holds)}">`,
      `      <${as} message="${xml(f.text)}" type="${type(f)}">${xml(f.text)}</${as}>`,
      '    </testcase>',
    ]),
    '  </testsuite>',
  ]
}

/**
 * The run's verdict as `<properties>` of a suite of no test: a CI reading JUnit reads the same
 * verdict, exit status and sentence as the console and the other reports.
 */
const verdictSuite = (verdict: RunVerdict, run?: Pick<RunInfo, 'slowDowns'>): string[] => [
  '  <testsuite name="verdict" tests="0" failures="0" errors="0" skipped="0">',
  '    <properties>',
  `      <property name="verdict" value="${xml(verdict.key)}" />`,
  `      <property name="exit-code" value="${verdict.exitCode}" />`,
  `      <property name="verdict-text" value="${xml(verdict.text)}" />`,
  ...(run?.slowDowns
    ? [
        `      <property name="slow-downs" value="${run.slowDowns}" />`,
        `      <property name="slow-downs-text" value="${xml(slowDownSentence(run) ?? '')}" />`,
      ]
    : []),
  '    </properties>',
  '  </testsuite>',
]

/**
 * contract-junit.xml: one test suite per group, one case per check. A failed check is a
 * `<failure>`; blocked, skipped, observed and not-in-release checks are `<skipped>` with the reason
 * (`Blocked: …`, `Not in release …`, the request bound, or the note that they only observe): none
 * of them is a verdict on the deployment. What the verdict has beyond the checks has its own case
 * in the `run` suite: an error of the run's own ("The run went to its end"), the request bound
 * reached ("Every check ran within the request bound") and blocked checks ("Every check could be
 * set up") are each an `<error>`, so failures + errors > 0 exactly when the exit status is not 0;
 * an exchange `--release` cannot serve is a `<failure>` ("Release … serves every exchange"). The
 * verdict itself is the first suite's properties.
 */
export const buildJunit = (
  run: RunInfo,
  checks: readonly ReportedCheck[],
  /** The run's verdict as the other reports have it; a catalog run's by default. */
  verdict: RunVerdict = catalogVerdict(run, {
    checks: checks.length,
    failed: checks.filter((c) => c.state === 'failed').length,
    blocked: checks.filter((c) => c.state === 'blocked').length,
  }),
): string => {
  if (run.problem !== undefined) {
    return `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="${SUITE}" tests="1" failures="0" errors="1">
${verdictSuite(verdict).join('\n')}
  <testsuite name="preflight" tests="1" failures="0" errors="1" skipped="0">
    <testcase classname="preflight" name="The suite can run: configuration, and GET /forms answers JSON">
      <error message="${xml(run.problem)}" type="Preflight">${xml(run.problem)}</error>
    </testcase>
  </testsuite>
</testsuites>
`
  }
  const groups = [...new Set(checks.map((c) => c.group))]
  const count = (list: readonly ReportedCheck[], ...states: string[]) =>
    list.filter((c) => states.includes(c.state)).length
  // The verdict's findings beyond the checks, each a case of the run's own: an error of the run
  // (exploration's is in its own suite, added after), the request bound, blocked checks: a run-level
  // <error> each (one per kind, so a CI counting failures + errors is red exactly when the exit
  // status is not 0); a release need: a <failure>.
  const errors = verdict.findings.filter(
    (f) =>
      (f.kind === 'run-error' && f.suite === undefined) ||
      f.kind === 'bound' ||
      f.kind === 'blocked',
  )
  const needs = verdict.findings.filter((f) => f.kind === 'release-need')
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="${SUITE}" tests="${checks.length + errors.length + needs.length}" failures="${count(checks, 'failed') + needs.length}" errors="${errors.length}">`,
    ...verdictSuite(verdict, run),
  ]
  lines.push(
    ...findingSuite('run', errors, 'error', 'The run went to its end'),
    ...findingSuite('release', needs, 'failure', 'The release serves every exchange'),
  )
  for (const group of groups) {
    const list = checks.filter((c) => c.group === group)
    lines.push(
      `  <testsuite name="${xml(group)}" tests="${list.length}" failures="${count(list, 'failed')}" errors="0" skipped="${count(list, 'blocked', 'skipped', 'observed', 'not-in-release')}">`,
    )
    for (const check of list) {
      const open = `    <testcase classname="${xml(group)}" name="${xml(check.name)}" time="${((check.durationMs ?? 0) / 1000).toFixed(3)}"`
      const message = check.message ?? ''
      const first = message.split('\n')[0] ?? ''
      if (check.state === 'passed') {
        lines.push(`${open} />`)
      } else if (check.state === 'failed') {
        lines.push(
          `${open}>`,
          `      <failure message="${xml(first)}" type="ContractFailure">${xml(message)}</failure>`,
          '    </testcase>',
        )
      } else {
        // Not run, so neither passed nor failed: a later release's, a missing key's, a refused
        // setup's (blocked, with the deployment file keys that would let it run).
        const why =
          check.state === 'observed'
            ? 'observed: a profile question, recorded in conformance.md'
            : check.state === 'blocked'
              ? `Blocked: ${first}${check.fix?.length ? ` (deployment file keys: ${check.fix.join(', ')})` : ''}`
              : message
        lines.push(`${open}>`, `      <skipped message="${xml(why)}" />`, '    </testcase>')
      }
    }
    lines.push('  </testsuite>')
  }
  lines.push('</testsuites>', '')
  return lines.join('\n')
}

/** Adds one whole `<testsuite>` to a JUnit file another reporter wrote, keeping its totals right. */
export const withJunitSuite = (junit: string, suite: string): string => {
  const tests = Number(/<testsuite [^>]*tests="(\d+)"/.exec(suite)?.[1] ?? 0)
  const failed = Number(/<testsuite [^>]*failures="(\d+)"/.exec(suite)?.[1] ?? 0)
  const errors = Number(/<testsuite [^>]*errors="(\d+)"/.exec(suite)?.[1] ?? 0)
  const end = junit.lastIndexOf('</testsuites>')
  if (end < 0) return junit
  const head = junit.slice(0, end).replace(/<testsuites([^>]*)>/, (whole, attributes: string) =>
    whole.replace(
      attributes,
      attributes
        .replace(/ tests="(\d+)"/, (_, n: string) => ` tests="${Number(n) + tests}"`)
        .replace(/ failures="(\d+)"/, (_, n: string) => ` failures="${Number(n) + failed}"`)
        .replace(/ errors="(\d+)"/, (_, n: string) => ` errors="${Number(n) + errors}"`),
    ),
  )
  return `${head}${suite}${junit.slice(end)}`
}

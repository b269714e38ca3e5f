import type { ReportedCheck, RunInfo } from './model.ts'

const xml = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 cannot carry these at all.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')

const SUITE = 'Engagement Service API conformance'

/**
 * contract-junit.xml: one test suite per group, one case per check. A failed check is a
 * `<failure>`; a blocked check an `<error>` (the check could not run), so CI tells them apart;
 * skipped, observed and not-in-release checks are `<skipped>` with the reason (`Not in release …`)
 * or the note that they only observe.
 */
export const buildJunit = (run: RunInfo, checks: readonly ReportedCheck[]): string => {
  if (run.problem !== undefined) {
    return `<?xml version="1.0" encoding="UTF-8" ?>
<testsuites name="${SUITE}" tests="1" failures="0" errors="1">
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
  // A run its own bound stopped could not check everything: CI reading this file is not green.
  const stopped = (run.error === undefined ? 0 : 1) + (run.bound === undefined ? 0 : 1)
  const lines = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="${SUITE}" tests="${checks.length + stopped}" failures="${count(checks, 'failed')}" errors="${count(checks, 'blocked') + stopped}">`,
  ]
  if (run.error !== undefined) {
    lines.push(
      '  <testsuite name="run" tests="1" failures="0" errors="1" skipped="0">',
      '    <testcase classname="run" name="The run went to its end">',
      `      <error message="${xml(run.error)}" type="RunError">${xml(run.error)}</error>`,
      '    </testcase>',
      '  </testsuite>',
    )
  }
  if (run.bound !== undefined) {
    const why = `${run.bound.checks} checks did not run or finish: the run's request bound (${run.bound.setting}) was reached; raise it to run them.`
    lines.push(
      '  <testsuite name="bound" tests="1" failures="0" errors="1" skipped="0">',
      '    <testcase classname="bound" name="Every check ran within the request bound">',
      `      <error message="${xml(why)}" type="RequestBound">${xml(why)}</error>`,
      '    </testcase>',
      '  </testsuite>',
    )
  }
  for (const group of groups) {
    const list = checks.filter((c) => c.group === group)
    lines.push(
      `  <testsuite name="${xml(group)}" tests="${list.length}" failures="${count(list, 'failed')}" errors="${count(list, 'blocked')}" skipped="${count(list, 'skipped', 'observed', 'not-in-release')}">`,
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
      } else if (check.state === 'blocked') {
        lines.push(
          `${open}>`,
          `      <error message="${xml(first)}" type="Blocked">${xml(message)}</error>`,
          '    </testcase>',
        )
      } else {
        // Skipped too: a check of a later release is neither run nor a failure (its message says why).
        const why =
          check.state === 'observed'
            ? 'observed: a profile question, recorded in conformance.md'
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

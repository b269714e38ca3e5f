import { readFile, stat, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import './meta.ts'
import { reportDir } from '../../mock/conformance/env.ts'
import type { ExploreResult } from '../../mock/conformance/explore/explore.ts'
import { explorationSummary, withExplorationSuite } from '../../mock/conformance/explore/report.ts'
import type { ReportedCheck, RunInfo } from '../../mock/conformance/report.ts'
import { writeReports } from '../../mock/conformance/write-reports.ts'

/**
 * vitest's JUnit reporter writes its file at the same time as this reporter runs: wait for this
 * run's complete file (newer than the run's start, closed), then add one case per divergence.
 */
const addExplorationToJunit = async (path: string, startedMs: number, result: ExploreResult) => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const written = await stat(path).catch(() => undefined)
    const text = written && written.mtimeMs >= startedMs ? await readFile(path, 'utf8') : ''
    if (text.trimEnd().endsWith('</testsuites>')) {
      await writeFile(path, withExplorationSuite(text, result))
      return true
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

/**
 * Turns the tests' meta into reports/conformance.md and .json: the operation × check matrix and
 * the observations beside the profile. Prints the request count and where the report is.
 */
export default class ConformanceReporter implements Reporter {
  #startedMs = Date.now()
  onTestRunStart(): void {
    this.#startedMs = Date.now() - 1_000
  }

  async onTestRunEnd(modules: ReadonlyArray<TestModule>): Promise<void> {
    const checks: ReportedCheck[] = []
    let run: RunInfo | undefined
    let exploration: ExploreResult | undefined
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const meta = test.meta()
        if (meta.contractRun) run = meta.contractRun
        if (meta.contractExploration) exploration = meta.contractExploration
        const check = meta.contractCheck
        if (!check) continue
        const result = test.result()
        const state = result.state === 'pending' ? 'skipped' : (check.state ?? result.state)
        const message =
          result.state === 'failed'
            ? result.errors.map((e) => e.message).join('\n')
            : (check.skipReason ?? (result.state === 'skipped' ? 'not run (filtered)' : undefined))
        checks.push({
          name: check.check,
          group: check.group,
          operations: check.operations,
          // A vitest time-out fails the test without the check's own verdict.
          state: result.state === 'failed' ? 'failed' : state,
          ...(message ? { message } : {}),
          observations: check.observations ?? [],
          requests: check.requests ?? 0,
        })
      }
    }
    if (checks.length === 0) return
    const info: RunInfo = run ?? {
      baseUrl: 'unknown (the run summary test did not run)',
      strict: false,
      runId: 'unknown',
      requests: checks.reduce((sum, c) => sum + c.requests, 0),
      maxRequests: 0,
      ownMock: false,
    }
    const path = await writeReports(info, checks, reportDir(), exploration)
    const junit = join(dirname(path), 'contract-junit.xml')
    if (exploration && !(await addExplorationToJunit(junit, this.#startedMs, exploration))) {
      process.stderr.write(` Exploration: ${junit} was not written; its cases are in ${path}.\n`)
    }
    process.stdout.write(
      `\n Contract: ${info.requests} requests to ${info.baseUrl} (bound ${info.maxRequests}); ` +
        `profile ${info.strict ? 'strict' : 'observed'}.\n` +
        ` Clean-up: ${info.cleanupRequests ?? 0} requests; ${info.cleanup ?? 'not run'}\n` +
        (exploration ? ` Exploration: ${explorationSummary(exploration)}.\n` : '') +
        ` Reports: ${path}, ${path.replace(/\.md$/, '.json')}, ${join(dirname(path), 'contract-junit.xml')}\n`,
    )
  }
}

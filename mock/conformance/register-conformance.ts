import { EngagementMockError } from '../../contract/mock-error.ts'
import { notInRelease } from '../deployment/run-release.ts'
import type { DeploymentFile } from '../deployment/schema.ts'
import { explorationMarkdown, explorationSection } from '../report-format/exploration-report.ts'
import { writeRunReports } from '../report-format/write-run-reports.ts'
import { cleanup } from './engine/cleanup.ts'
import type { ContractEnv } from './engine/env.ts'
import { preflight } from './engine/preflight.ts'
import { runCheck, skipReason } from './engine/run-check.ts'
import { Run } from './engine/run-state.ts'
import { type ExploreResult, explore } from './explore/explore.ts'
import {
  type ConformanceCheck,
  type ConformanceOptions,
  conformanceEnv,
  exploreOptionsOf,
  reported,
  resolveDeployment,
  runInfo,
  selectChecks,
} from './run-conformance.ts'

type Body = (context?: unknown) => unknown
/**
 * The slice of a test runner the adapter uses. vitest and jest: `{ describe, it, beforeAll,
 * afterAll }`; node:test: `{ describe, it, beforeAll: before, afterAll: after }`.
 */
export interface TestRunner {
  describe: (name: string, body: () => void) => unknown
  it: ((name: string, body: Body) => unknown) & { skip: (name: string, body: Body) => unknown }
  beforeAll: (body: () => Promise<void>) => unknown
  afterAll: (body: () => Promise<void>) => unknown
}

export interface AdapterOptions extends Omit<ConformanceOptions, 'onCheck'> {
  /**
   * A blocked check (the deployment refused its setup) fails its test by default, so a CI run that
   * could not check something is not green. `skip` marks it skipped where the runner allows it.
   */
  blocked?: 'fail' | 'skip'
  /** Called once after the last check, with every outcome (the reports are written by then). */
  onFinish?: (checks: readonly ConformanceCheck[]) => void
}

/** Thrown by a test whose check failed, was blocked, or could not run: carries the report's text. */
export class ConformanceTestError extends EngagementMockError {
  override name = 'ConformanceTestError'
  constructor(message: string) {
    super(message)
    this.stack = `${this.name}: ${message}`
  }
}

const skipIn = (context: unknown, why: string): boolean => {
  const skip = (context as { skip?: unknown } | undefined)?.skip
  if (typeof skip !== 'function') return false
  // vitest's context.skip throws to stop the test; node:test's t.skip marks it and returns.
  skip.call(context, why)
  return true
}

/**
 * Registers every check of the catalog as one test of the caller's runner, grouped as the report
 * groups them, run one after the other (the deployment never sees two requests at once). Before the
 * first: the deployment file is read and the target probed once; after the last: clean-up, then the
 * reports if `reportDir` is set. A bad option throws here, at registration.
 */
export const registerConformance = (runner: TestRunner, options: AdapterOptions): void => {
  const env: ContractEnv = conformanceEnv(options)
  const outcomes: ConformanceCheck[] = []
  let run: Run | undefined
  let problem: string | undefined
  let deployment: DeploymentFile = {}
  const exploring = exploreOptionsOf(options.explore)
  let exploration: ExploreResult | undefined
  const selected = selectChecks(options.filter)
  runner.beforeAll(async () => {
    deployment = await resolveDeployment(options.deployment)
    problem = await preflight(env, options.fetch ?? globalThis.fetch)
    if (!problem) run = new Run(env, options.fetch ?? globalThis.fetch, deployment)
  })
  runner.afterAll(async () => {
    // Skipped checks were recorded at registration: back into catalog order for the reports.
    const order = new Map(selected.map((s, i) => [s.check.name, i]))
    outcomes.sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0))
    const outcome = run ? await cleanup(run) : undefined
    if (options.reportDir) {
      const info = runInfo(env, run, {
        ...(outcome ? { cleanup: outcome.summary } : {}),
        ...(problem ? { problem, requests: 1 } : {}),
      })
      await writeRunReports(
        info,
        outcomes,
        options.reportDir,
        exploration && explorationSection(exploration),
        undefined,
        run?.coverage.summary(),
      )
    }
    options.onFinish?.(outcomes)
  })
  for (const group of [...new Set(selected.map((s) => s.group))]) {
    runner.describe(group, () => {
      for (const { check } of selected.filter((s) => s.group === group)) {
        // A release given as an option is known now; the deployment file's when the run starts.
        const later = env.release && notInRelease(check, env.release)
        const message = later || skipReason(check, env)
        if (message) {
          outcomes.push({
            name: check.name,
            group,
            operations: check.operations,
            state: later ? 'not-in-release' : 'skipped',
            message,
            observations: [],
            requests: 0,
            durationMs: 0,
          })
          runner.it.skip(
            `${check.name} [${later ? 'not in this release' : `skipped: ${message}`}]`,
            () => {},
          )
          continue
        }
        runner.it(check.name, async (context?: unknown) => {
          if (!run) throw new ConformanceTestError(`Could not run: ${problem ?? 'setup failed'}`)
          const result = reported(group, await runCheck(check, run))
          outcomes.push(result)
          if (result.state === 'failed') throw new ConformanceTestError(result.message ?? 'failed')
          if (result.state === 'not-in-release') {
            skipIn(context, result.message ?? 'not in this release')
            return
          }
          // The run's own request bound stopped it: not the deployment's failure (runCheck's reason).
          if (result.state === 'skipped') {
            skipIn(context, result.message ?? 'skipped')
            return
          }
          if (result.state === 'blocked') {
            const message = `Blocked: ${result.message ?? ''}`
            if (options.blocked === 'skip' && skipIn(context, message)) return
            throw new ConformanceTestError(message)
          }
        })
      }
    })
  }
  if (exploring) {
    runner.describe('Exploration', () => {
      runner.it(
        `random sequences of operations answer as the model does (${exploring.runs} runs)`,
        async () => {
          if (!run) throw new ConformanceTestError(`Could not run: ${problem ?? 'setup failed'}`)
          exploration = await explore({ run, concurrency: run.env.concurrency, ...exploring })
          if (exploration.error) {
            throw new ConformanceTestError(`Exploration could not run: ${exploration.error}`)
          }
          if (exploration.divergences.length > 0) {
            throw new ConformanceTestError(explorationMarkdown(exploration).join('\n'))
          }
        },
      )
    })
  }
}

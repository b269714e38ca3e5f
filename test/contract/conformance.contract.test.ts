import { afterAll, describe, inject, it } from 'vitest'
import { CATALOG } from '../../mock/conformance/checks/index.ts'
import { cleanup } from '../../mock/conformance/cleanup.ts'
import { budgetWithExploration, readExploreEnv } from '../../mock/conformance/explore/env.ts'
import { EXPLORE_DEFAULTS, explore } from '../../mock/conformance/explore/explore.ts'
import { Run } from '../../mock/conformance/run.ts'
import { runCheck, skipReason } from '../../mock/conformance/runner.ts'
import type { CheckMeta } from './meta.ts'

/**
 * The conformance suite: every check of the catalog as one test, named after the sentence of the
 * reference it traces to. All run in this one file, one after the other, so the request bound
 * holds for the whole run and the deployment never sees more than one request at a time.
 */
const exploring = readExploreEnv(process.env)
const provided = inject('contractEnv')
const env = {
  ...provided,
  maxRequests: budgetWithExploration(provided.maxRequests, exploring, process.env),
}
const run = new Run(env)
let cleaned = false

const finish = async () => {
  if (cleaned) return undefined
  cleaned = true
  return cleanup(run)
}

for (const group of CATALOG) {
  describe(group.title, () => {
    for (const check of group.checks) {
      const base: CheckMeta = {
        check: check.name,
        group: group.title,
        operations: check.operations,
      }
      const reason = skipReason(check, env)
      if (reason) {
        it.skip(`${check.name} [skipped: ${reason}]`, {
          meta: { contractCheck: { ...base, skipReason: reason } },
        }, () => {})
        continue
      }
      it(check.name, { meta: { contractCheck: base } }, async ({ task }) => {
        const result = await runCheck(check, run)
        task.meta.contractCheck = {
          ...base,
          state: result.state,
          observations: result.observations,
          requests: result.requests,
        }
        if (result.error) throw result.error
      })
    }
  })
}

if (exploring) {
  describe('Exploration', () => {
    const timeLimitMs = EXPLORE_DEFAULTS.timeLimitMs
    it(`random sequences of operations answer as the model does (${exploring.runs} runs)`, {
      // Shrinking may run past the time bound by one replay per attempt.
      timeout: timeLimitMs + 120_000,
    }, async ({ task }) => {
      const result = await explore({
        run,
        runs: exploring.runs,
        maxDivergences: exploring.maxDivergences,
        timeLimitMs,
        ...(exploring.seed === undefined ? {} : { seed: exploring.seed }),
        log: (line) => process.stdout.write(`${line}\n`),
      })
      task.meta.contractExploration = result
      if (result.error) throw new Error(`Exploration could not run: ${result.error}`)
      if (result.divergences.length > 0) {
        throw new Error(
          result.divergences
            .map(
              (d) =>
                `${d.summary}\n\nModel:\n${d.model}\n\nDeployment:\n${d.deployment}\n\n${d.script}`,
            )
            .join('\n\n'),
        )
      }
    })
  })
}

describe('Run', () => {
  it('cleans up: deletes the forms this run created, where the deployment has DELETE /forms/{id}', async ({
    task,
  }) => {
    const outcome = await finish()
    task.meta.contractRun = {
      baseUrl: env.baseUrl,
      strict: env.strict,
      runId: env.runId,
      requests: run.requests,
      maxRequests: env.maxRequests,
      cleanupRequests: run.cleanupRequests,
      ownMock: env.ownMock,
      cleanup: outcome?.summary ?? 'already done',
    }
  })
})

// A filtered run (-t) skips the test above; its records are still cleaned up.
afterAll(async () => {
  await finish()
})

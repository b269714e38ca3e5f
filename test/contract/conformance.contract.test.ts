import { afterAll, describe, inject, it } from 'vitest'
import { CATALOG } from '../../mock/conformance/checks/index.ts'
import { cleanup } from '../../mock/conformance/cleanup.ts'
import { Run } from '../../mock/conformance/run.ts'
import { runCheck, skipReason } from '../../mock/conformance/runner.ts'
import type { CheckMeta } from './meta.ts'

/**
 * The conformance suite: every check of the catalog as one test, named after the sentence of the
 * reference it traces to. All run in this one file, one after the other, so the request bound
 * holds for the whole run and the deployment never sees more than one request at a time.
 */
const env = inject('contractEnv')
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

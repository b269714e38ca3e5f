import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import { registerConformance } from '../../mock/conformance/adapter.ts'
import { reportDir } from '../../mock/conformance/write-reports.ts'
import type {} from './global-setup.ts'

/**
 * `npm run contract`: the catalog registered through the package's own vitest adapter (the one
 * docs/usage.md shows), so this run dogfoods it. The target comes from global-setup: the deployment
 * in CONTRACT_BASE_URL, or the mock it started.
 */
const env = inject('contractEnv')

registerConformance(
  { describe, it, beforeAll, afterAll },
  {
    baseUrl: env.baseUrl,
    key: env.keys.main,
    ...(env.keys.otherOrg ? { otherOrgKey: env.keys.otherOrg } : {}),
    ...(env.keys.noEntitlements ? { noEntitlementsKey: env.keys.noEntitlements } : {}),
    strict: env.strict,
    timeoutMs: env.timeoutMs,
    maxRequests: env.maxRequests,
    runId: env.runId,
    reportDir: reportDir(),
    ...(process.env.CONTRACT_DEPLOYMENT ? { deployment: process.env.CONTRACT_DEPLOYMENT } : {}),
    onFinish: (checks) => {
      const count = (state: string) => checks.filter((c) => c.state === state).length
      process.stdout.write(
        `\n Contract against ${env.baseUrl}: ${count('passed')} passed, ${count('failed')} failed, ${count('blocked')} blocked, ${count('skipped')} skipped, ${count('observed')} observed.\n Reports: ${reportDir()}/conformance.md, conformance.json, contract-junit.xml\n`,
      )
    },
  },
)

import { afterAll, beforeAll, describe, inject, it } from 'vitest'
import { budgetWithExploration, readExploreEnv } from '../../mock/conformance/explore/env.ts'
import { registerConformance } from '../../mock/conformance/register-conformance.ts'
import { reportDir } from '../../mock/report-format/write-run-reports.ts'
import type {} from './global-setup.ts'

/**
 * `npm run contract`: the catalog registered through the package's own vitest adapter (the one
 * docs/usage.md shows), so this run dogfoods it. The target comes from global-setup: the deployment
 * in CONTRACT_BASE_URL, or the mock it started.
 */
const env = inject('contractEnv')
const exploring = readExploreEnv(process.env)

registerConformance(
  { describe, it, beforeAll, afterAll },
  {
    baseUrl: env.baseUrl,
    key: env.keys.main,
    ...(env.keys.otherOrg ? { otherOrgKey: env.keys.otherOrg } : {}),
    ...(env.keys.noEntitlements ? { noEntitlementsKey: env.keys.noEntitlements } : {}),
    strict: env.strict,
    timeoutMs: env.timeoutMs,
    maxRequests: budgetWithExploration(env.maxRequests, exploring, process.env),
    sources: { maxRequests: 'CONTRACT_MAX_REQUESTS' },
    runId: env.runId,
    reportDir: reportDir(),
    ...(process.env.CONTRACT_DEPLOYMENT ? { deployment: process.env.CONTRACT_DEPLOYMENT } : {}),
    ...(env.release ? { release: env.release.given } : {}),
    ...(exploring
      ? {
          explore: {
            ...exploring,
            // Within the test time-out of this config (vitest.config.ts), shrinking included.
            timeLimitMs: 120_000,
            log: (line: string) => process.stdout.write(`${line}\n`),
          },
        }
      : {}),
    onFinish: (checks) => {
      const count = (state: string) => checks.filter((c) => c.state === state).length
      process.stdout.write(
        `\n Contract against ${env.baseUrl}: ${count('passed')} passed, ${count('failed')} failed, ${count('blocked')} blocked, ${count('skipped')} skipped, ${count('observed')} observed${count('not-in-release') > 0 ? `, ${count('not-in-release')} not in this release` : ''}.\n Reports: ${reportDir()}/conformance.md, conformance.json, contract-junit.xml, conformance.html\n`,
      )
    },
  },
)

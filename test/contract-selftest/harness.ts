import { ALL_CHECKS } from '../../mock/conformance/checks/index.ts'
import type { Check } from '../../mock/conformance/engine/check.ts'
import { type ContractEnv, readEnv } from '../../mock/conformance/engine/env.ts'
import { type CheckResult, runChecks } from '../../mock/conformance/engine/run-check.ts'
import { Run } from '../../mock/conformance/engine/run-state.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { type RunningProxy, startProxy } from './proxy.ts'

/** One mock with the proxy in front of it: the self-test's deployment under test. */
export interface Target {
  mock: RunningServer
  proxy: RunningProxy
  env: (overrides?: Partial<ContractEnv>) => ContractEnv
  reset: () => Promise<void>
  close: () => Promise<void>
}

export const startTarget = async (): Promise<Target> => {
  const mock = await startServer({ port: 0 })
  const proxy = await startProxy(mock.baseUrl, mock.mock)
  return {
    mock,
    proxy,
    env: (overrides = {}) => ({ ...readEnv({}, { baseUrl: proxy.baseUrl }), ...overrides }),
    reset: async () => {
      proxy.use(undefined)
      const answer = await fetch(`${mock.url}/__mock/reset`, { method: 'POST' })
      if (!answer.ok) throw new Error(`POST /__mock/reset answered ${answer.status}`)
    },
    close: async () => {
      await proxy.close()
      await mock.close()
    },
  }
}

/** Runs checks directly (no nested vitest) against the target as it is configured now. */
export const runSuite = async (
  env: ContractEnv,
  checks: readonly Check[] = ALL_CHECKS,
): Promise<{ run: Run; results: CheckResult[] }> => {
  const run = new Run(env)
  return { run, results: await runChecks(checks, run) }
}

export const failures = (results: readonly CheckResult[]) =>
  results.filter((r) => r.state === 'failed').map((r) => r.name)

export const findCheck = (name: string): Check | undefined =>
  ALL_CHECKS.find((c) => c.name === name)

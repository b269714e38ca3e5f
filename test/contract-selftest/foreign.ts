import { fileURLToPath } from 'node:url'
import type { ContractEnv } from '../../mock/conformance/engine/env.ts'
import { Run } from '../../mock/conformance/engine/run-state.ts'
import {
  EXPLORE_DEFAULTS,
  type ExploreOptions,
  type ExploreResult,
  explore,
  exploreBound,
} from '../../mock/conformance/explore/explore.ts'
import { conformanceEnv } from '../../mock/conformance/run-conformance.ts'
import { loadDeployment } from '../../mock/deployment/load.ts'
import type { DeploymentFile } from '../../mock/deployment/schema.ts'
import { FOREIGN_KEYS, startForeign } from '../foreign/server.ts'
import type { Dialect } from './deviants-sequences.ts'
import { type RunningProxy, startProxy } from './proxy.ts'
import { foreignForms, type StoredForms } from './stored-forms.ts'

/**
 * The foreign deployment (test/foreign: written from the reference alone, choosing differently from
 * our profile wherever the reference allows) with the self-test's proxy in front, so the sequence
 * faults can be put before it as before our mock.
 */
export const FOREIGN_FILE = fileURLToPath(new URL('./foreign.deployment.json', import.meta.url))

/** What the faults need to know of it (test/foreign/README.md). */
export const FOREIGN_DIALECT: Dialect = {
  mainKey: FOREIGN_KEYS.main,
  publishNow: 'publishNow',
  openNow: 'startNow',
  states: { published: 'live', closed: 'archived', ended: 'finished' },
  firstOrder: 1,
}

export const FOREIGN_OPTIONS = {
  key: FOREIGN_KEYS.main,
  otherOrgKey: FOREIGN_KEYS.otherOrg,
  noEntitlementsKey: FOREIGN_KEYS.noEntitlements,
}

export interface ForeignTarget {
  /** The foreign deployment's own API root (nothing in between). */
  direct: string
  proxy: RunningProxy
  deployment: DeploymentFile
  /** Its stored forms, for a race put inside it (deviants-races.ts). */
  forms: StoredForms
  env: (overrides?: Partial<ContractEnv>) => ContractEnv
  /** Empties the foreign deployment and takes any fault out of the proxy. */
  reset: () => void
  /**
   * Exploration through the proxy with the deployment file, within its printed bound: at the run's
   * concurrency and the default share of concurrent steps unless `options` say otherwise.
   */
  explore: (
    runs: number,
    seed: number,
    options?: Pick<ExploreOptions, 'concurrency' | 'concurrentShare'>,
  ) => Promise<ExploreResult>
  close: () => Promise<void>
}

export const startForeignTarget = async (): Promise<ForeignTarget> => {
  const foreign = await startForeign()
  const proxy = await startProxy(foreign.baseUrl)
  const deployment = await loadDeployment(FOREIGN_FILE)
  const env = (overrides: Partial<ContractEnv> = {}) => ({
    ...conformanceEnv({ baseUrl: proxy.baseUrl, ...FOREIGN_OPTIONS }),
    ...overrides,
  })
  return {
    direct: foreign.baseUrl,
    proxy,
    deployment,
    forms: foreignForms(foreign.records),
    env,
    reset: () => {
      proxy.use(undefined)
      foreign.reset()
    },
    explore: (runs, seed, options = {}) => {
      const concurrentShare = options.concurrentShare ?? EXPLORE_DEFAULTS.concurrentShare
      const run = new Run(
        env({ maxRequests: exploreBound({ runs, concurrentShare }) }),
        globalThis.fetch,
        deployment,
      )
      // The time bound grows with the runs: a long proof on a busy machine is not cut short.
      const timeLimitMs = Math.max(EXPLORE_DEFAULTS.timeLimitMs, runs * 1_000)
      return explore({
        run,
        runs,
        seed,
        timeLimitMs,
        concurrency: options.concurrency ?? run.env.concurrency,
        concurrentShare,
      })
    },
    close: async () => {
      await proxy.close()
      await foreign.close()
    },
  }
}

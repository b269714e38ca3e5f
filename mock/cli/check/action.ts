import { resolve } from 'node:path'
import { EXPLORE_DEFAULTS } from '../../conformance/explore/defaults.ts'
import { explorationSummary } from '../../conformance/explore/report.ts'
import { INIT_REQUESTS } from '../../conformance/init/bound.ts'
import { initDeployment } from '../../conformance/init/init-deployment.ts'
import {
  type ConformanceOptions,
  ConformanceOptionsError,
  resolveDeployment,
  runConformance,
} from '../../conformance/run-conformance.ts'
import { DeploymentError } from '../../deployment/schema.ts'
import { EXIT, stringOption, UsageError } from '../shared/options.ts'
import { createProgress } from '../shared/progress.ts'
import type { CheckOptions } from './command.ts'
import { printInit, printSummary } from './print.ts'

/** `--explore [runs]` and its companions as runConformance's `explore`; the lines go to stderr. */
const exploreOption = (options: CheckOptions): Pick<ConformanceOptions, 'explore'> =>
  options.explore === undefined
    ? {}
    : {
        explore: {
          runs: options.explore === true ? EXPLORE_DEFAULTS.runs : options.explore,
          ...(options.exploreSeed === undefined ? {} : { seed: options.exploreSeed }),
          ...(options.exploreDivergences === undefined
            ? {}
            : { maxDivergences: options.exploreDivergences }),
          log: (line) => process.stderr.write(`${line}\n`),
        },
      }

/** `--release`, else CONTRACT_RELEASE: checked by runConformance (an unknown one is exit 2). */
const releaseOption = (options: CheckOptions): Pick<ConformanceOptions, 'release'> => {
  const release = options.release ?? (process.env.CONTRACT_RELEASE || undefined)
  return release === undefined ? {} : { release }
}

/** Bad options and deployment files are usage errors: exit 2, before any request. */
const usage = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work()
  } catch (error) {
    if (error instanceof DeploymentError || error instanceof ConformanceOptionsError) {
      throw new UsageError(error.message)
    }
    throw error
  }
}

/** `engagement-mock check`: loaded only when that command runs (the conformance engine, fast-check). */
export const check = async (baseUrl: string, options: CheckOptions): Promise<void> => {
  const key = options.key ?? process.env.CONTRACT_API_KEY
  if (!key) {
    throw new UsageError(
      'Give an API key of an organization holding both entitlements: --key <key> or CONTRACT_API_KEY.',
    )
  }
  const otherOrg = options.otherOrgKey ?? process.env.CONTRACT_API_KEY_OTHER_ORG
  const noEntitlements =
    stringOption(options.entitlementsKey) ?? process.env.CONTRACT_API_KEY_NO_ENTITLEMENTS
  const common: ConformanceOptions = {
    baseUrl,
    key,
    // Messages about them name what the user wrote.
    sources: {
      baseUrl: `the base URL argument (${baseUrl})`,
      key: options.key === undefined ? 'CONTRACT_API_KEY' : '--key',
      timeoutMs: '--timeout-ms',
    },
    ...(otherOrg ? { otherOrgKey: otherOrg } : {}),
    ...(noEntitlements ? { noEntitlementsKey: noEntitlements } : {}),
    ...(options.strict ? { strict: true } : {}),
    ...(options.maxRequests === undefined ? {} : { maxRequests: options.maxRequests }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...exploreOption(options),
    ...releaseOption(options),
  }
  if (options.init !== undefined) {
    if (options.deployment !== undefined) {
      throw new UsageError(
        '--init writes a deployment file; it cannot also read one (--deployment).',
      )
    }
    if (options.release !== undefined) {
      throw new UsageError(
        '--init proposes the release from what the deployment answers (the "release" key of the file it writes); give --release when you check.',
      )
    }
    const file = options.init
    process.stderr.write(
      `Probing ${baseUrl} with the profile's requests (at most ${INIT_REQUESTS.most}, then the clean-up)…\n`,
    )
    const result = await usage(() => initDeployment({ ...common, out: file }))
    printInit(result)
    process.exitCode = result.problem ? EXIT.blocked : EXIT.ok
    return
  }
  // Read before anything is sent: a bad file is refused with its key, and nothing happens.
  const deployment =
    options.deployment === undefined
      ? undefined
      : await usage(() => resolveDeployment(options.deployment))
  const reportDir = resolve(options.reportDir ?? process.env.CONTRACT_REPORT_DIR ?? 'reports')
  process.stderr.write(
    `Checking ${baseUrl} against the contract (${options.strict ? 'strict profile' : 'documented behaviour'}${options.deployment ? `, deployment file ${options.deployment}` : ''})…\n`,
  )
  let progress: ReturnType<typeof createProgress> | undefined
  const result = await usage(() =>
    runConformance({
      ...common,
      ...(deployment ? { deployment } : {}),
      reportDir,
      onCheck: (done, count, total) => {
        progress ??= createProgress(total)
        if (done.state === 'failed') progress.note(`✗ ${done.name}`)
        if (done.state === 'blocked') progress.note(`■ blocked: ${done.name}`)
        progress.step(count, done.name)
      },
    }),
  )
  progress?.end()
  printSummary(result)
  if (result.exploration) {
    process.stdout.write(`Exploration: ${explorationSummary(result.exploration)}.\n`)
  }
  if (result.coverage) process.stdout.write(`Coverage: ${result.coverage.line}\n`)
  process.exitCode = result.exitCode
}

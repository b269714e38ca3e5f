import { resolveRelease } from '../../../contract/releases.ts'
import { EXPLORE_DEFAULTS } from '../../conformance/explore/defaults.ts'
import { INIT_REQUESTS } from '../../conformance/init/bound.ts'
import { checkInitFile, initDeployment } from '../../conformance/init/init-deployment.ts'
import {
  type ConformanceOptions,
  ConformanceOptionsError,
  conformanceEnv,
  exploreOptionsOf,
  resolveDeployment,
  runConformance,
} from '../../conformance/run-conformance.ts'
import { DeploymentError } from '../../deployment/schema.ts'
import { explorationSummary } from '../../report-format/exploration-report.ts'
import { REPORT_FILES } from '../../report-format/files.ts'
import { EXIT, parsePositive, stringOption, UsageError } from '../shared/options.ts'
import { checkOutputFile, checkOutputFolder } from '../shared/outputs.ts'
import { createProgress } from '../shared/progress.ts'
import { type CheckOptions, parseConcurrency } from './options.ts'
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
          ...(options.exploreConcurrentShare === undefined
            ? {}
            : { concurrentShare: options.exploreConcurrentShare }),
          log: (line) => process.stderr.write(`${line}\n`),
        },
      }

/** `--release`, else CONTRACT_RELEASE: an unknown one is exit 2, naming the one given. */
const releaseOption = (options: CheckOptions): Pick<ConformanceOptions, 'release'> => {
  const release = options.release ?? (process.env.CONTRACT_RELEASE || undefined)
  if (release === undefined) return {}
  const resolved = resolveRelease(release)
  if ('error' in resolved) {
    throw new UsageError(
      `${options.release === undefined ? 'CONTRACT_RELEASE' : '--release'}: ${resolved.error}`,
    )
  }
  return { release }
}

/**
 * `--max-requests`, `--timeout-ms` or `--concurrency`, else its CONTRACT_* variable (as the help says); a bad value
 * is exit 2 naming the variable, and messages about the value name where it came from.
 */
const numberOption = (
  given: number | undefined,
  flag: string,
  variable: 'CONTRACT_MAX_REQUESTS' | 'CONTRACT_TIMEOUT_MS' | 'CONTRACT_CONCURRENCY',
  parse: (raw: string) => number = parsePositive,
): { value?: number; source: string } => {
  if (given !== undefined) return { value: given, source: flag }
  const raw = process.env[variable]
  if (raw === undefined || raw === '') return { source: flag }
  try {
    return { value: parse(raw), source: variable }
  } catch (error) {
    throw new UsageError(`${variable}: ${error instanceof Error ? error.message : String(error)}`)
  }
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

/** Options that would do nothing in this combination: a usage error, not a silent no-op. */
const unusedOption = (options: CheckOptions): string | undefined => {
  const exploring = [
    options.exploreSeed === undefined ? undefined : '--explore-seed',
    options.exploreDivergences === undefined ? undefined : '--explore-divergences',
    options.exploreConcurrentShare === undefined ? undefined : '--explore-concurrent-share',
  ].filter((name) => name !== undefined)
  if (options.init !== undefined) {
    const idle = [
      ...(options.explore === undefined ? [] : ['--explore']),
      ...exploring,
      ...(options.reportDir === undefined ? [] : ['--report-dir']),
    ]
    if (idle.length > 0) {
      return `--init only probes and writes the deployment file: ${idle.join(', ')} would do nothing with it (give ${idle.length === 1 ? 'it' : 'them'} when you check).`
    }
  } else if (options.explore === undefined && exploring.length > 0) {
    return `${exploring.join(' and ')} ${exploring.length === 1 ? 'tunes' : 'tune'} the exploration, which runs only with --explore: add --explore, or leave ${exploring.length === 1 ? 'it' : 'them'} out.`
  }
  return undefined
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
  const maxRequests = numberOption(options.maxRequests, '--max-requests', 'CONTRACT_MAX_REQUESTS')
  const timeoutMs = numberOption(options.timeoutMs, '--timeout-ms', 'CONTRACT_TIMEOUT_MS')
  const concurrency = numberOption(
    options.concurrency,
    '--concurrency',
    'CONTRACT_CONCURRENCY',
    parseConcurrency,
  )
  const common: ConformanceOptions = {
    baseUrl,
    key,
    // Messages about them name what the user wrote.
    sources: {
      baseUrl: `the base URL argument (${baseUrl})`,
      key: options.key === undefined ? 'CONTRACT_API_KEY' : '--key',
      timeoutMs: timeoutMs.source,
      maxRequests: maxRequests.source,
      concurrency: concurrency.source,
    },
    ...(otherOrg ? { otherOrgKey: otherOrg } : {}),
    ...(noEntitlements ? { noEntitlementsKey: noEntitlements } : {}),
    ...(options.strict || process.env.CONTRACT_PROFILE === 'strict' ? { strict: true } : {}),
    ...(maxRequests.value === undefined ? {} : { maxRequests: maxRequests.value }),
    ...(timeoutMs.value === undefined ? {} : { timeoutMs: timeoutMs.value }),
    ...(concurrency.value === undefined ? {} : { concurrency: concurrency.value }),
    ...exploreOption(options),
    ...releaseOption(options),
  }
  const idle = unusedOption(options)
  if (idle) throw new UsageError(idle)
  // Every option checked before anything is announced or sent.
  await usage(async () => {
    conformanceEnv(common)
    exploreOptionsOf(common.explore)
  })
  const init = options.init
  if (init !== undefined) {
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
    const file = checkOutputFile(await usage(async () => checkInitFile(init)), {
      option: '--init',
    })
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
  const reportDir = checkOutputFolder(
    options.reportDir ?? process.env.CONTRACT_REPORT_DIR ?? 'reports',
    {
      option:
        options.reportDir === undefined && process.env.CONTRACT_REPORT_DIR
          ? 'CONTRACT_REPORT_DIR'
          : '--report-dir',
      files: REPORT_FILES,
      ...(options.deployment === undefined ? {} : { inputs: [options.deployment] }),
    },
  )
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

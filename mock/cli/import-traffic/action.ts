import { resolve } from 'node:path'
import { checkState, type MockState } from '../../core/state.ts'
import { loadDeploymentOption } from '../../deployment/load.ts'
import type { DeploymentFile } from '../../deployment/schema.ts'
import { saveStateFile } from '../../http/state/file.ts'
import { withoutCredentials } from '../../import/credentials.ts'
import { TrafficObserver } from '../../import/observe.ts'
import type { ImportReport } from '../../import/to-state.ts'
import { toState } from '../../import/to-state.ts'
import type { ReadBack } from '../../import/words.ts'
import { DEFAULT_MAX_BODY_BYTES } from '../../traffic/exchange.ts'
import { detectApiRoot, harExchanges } from '../../traffic/har.ts'
import { readHar } from '../check-traffic/action.ts'
import { UsageError } from '../shared/options.ts'
import { checkOutputFile } from '../shared/outputs.ts'
import type { ImportTrafficOptions } from './options.ts'

/** `Bearer $API_KEY_2`: a shell variable standing for a key, as the proxy records one. */
const PLACEHOLDER = /^(?:[A-Za-z][\w-]*\s+)?\$[A-Z_][A-Z0-9_]*$/

/** How the deployment's words are read back: the contract's own without a deployment file. */
const wordsOf = async (deployment: DeploymentFile | undefined): Promise<ReadBack | undefined> => {
  if (!deployment) return undefined
  const { deploymentWords } = await import('../../import/deployment-words.ts')
  return deploymentWords(deployment)
}

/**
 * HAR files read into a state and its report: each file read and checked as HAR first (a file
 * that cannot be, or holds no exchange of the API, is a usage error naming it: nothing is made).
 * Each request's credential is told apart by its Authorization value, which stays in this
 * function: the records know only its order of appearance ("credential 2").
 */
export const stateOfHars = async (
  files: readonly string[],
  options: Omit<ImportTrafficOptions, 'out' | 'json'>,
): Promise<{ state: MockState; report: ImportReport }> => {
  const deployment = await loadDeploymentOption(options.deployment)
  const observer = new TrafficObserver(deployment ?? {})
  const labels = new Map<string | undefined, string>()
  const label = (authorization: string | undefined) => {
    const value = authorization?.trim() || undefined
    let known = labels.get(value)
    if (known === undefined) {
      // A placeholder (the proxy's `Bearer $API_KEY_1`) is no secret: it names itself.
      known =
        value === undefined
          ? '(no credential)'
          : PLACEHOLDER.test(value)
            ? value
            : `credential ${labels.size + 1}`
      labels.set(value, known)
    }
    return known
  }
  let index = 0
  for (const file of files) {
    const har = await readHar(resolve(file))
    const apiRoot =
      options.apiRoot ?? detectApiRoot(har.log.entries.map((entry) => entry.request.url))
    if (!apiRoot) {
      throw new UsageError(
        `${file}: no entry addresses an operation of the API, so there is nothing to import (name the API root with --api-root <url> if the paths are the API's).`,
      )
    }
    const exchanges = harExchanges(har, apiRoot, DEFAULT_MAX_BODY_BYTES, { credential: label })
    const before = observer.result.exchanges
    for (const exchange of exchanges) observer.observe(exchange, ++index)
    if (observer.result.exchanges === before) {
      throw new UsageError(
        `${file}: none of its ${har.log.entries.length} entries is an answered exchange of the API under ${apiRoot}; nothing to import.`,
      )
    }
  }
  const words = await wordsOf(deployment)
  const made = toState(observer.result, {
    ...(words ? { words } : {}),
    ...(options.keepPersonalData ? { keepPersonalData: true } : {}),
    ...(options.publicUrl ? { publicBase: options.publicUrl } : {}),
  })
  // A key an answer echoed is replaced too (the whole value, and the token after its scheme).
  const tokens = [...labels.keys()].flatMap((value) =>
    value === undefined || PLACEHOLDER.test(value) ? [] : [value, value.replace(/^\S+\s+/, '')],
  )
  const cleaned = withoutCredentials(made.state, tokens)
  return {
    state: cleaned.state,
    report: { ...made.report, credentialsRemoved: cleaned.replaced },
  }
}

/** `engagement-mock import-traffic`: HAR files → a state file, and the report. */
export const importTraffic = async (
  files: readonly string[],
  options: ImportTrafficOptions,
): Promise<void> => {
  // Checked before anything is read: the state may not replace a recording it is made from.
  const target = checkOutputFile(options.out, {
    option: '--out',
    inputs: options.deployment === undefined ? files : [...files, options.deployment],
  })
  const { state, report } = await stateOfHars(files, options)
  // The state is checked as every state is loaded before it is written: a bad one is a bug here.
  const checked = checkState(state)
  if ('error' in checked) throw new Error(`The imported state does not load: ${checked.error}`)
  await saveStateFile(target, checked.state)
  const { printImportReport } = await import('./print.ts')
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ out: target, ...report }, null, 2)}\n`)
  } else printImportReport(report, target)
}

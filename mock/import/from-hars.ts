// Node-only (biome.json lists it): reads HAR and deployment files from disk.
import { resolve } from 'node:path'
import type { MockState } from '../core/state.ts'
import { loadDeploymentOption } from '../deployment/load.ts'
import type { DeploymentFile } from '../deployment/schema.ts'
import { DEFAULT_MAX_BODY_BYTES } from '../traffic/exchange.ts'
import { detectApiRoot, HarError, harExchanges } from '../traffic/har.ts'
import { readHar } from '../traffic/har-file.ts'
import { withoutCredentials } from './credentials.ts'
import { TrafficObserver } from './observe.ts'
import type { ImportReport } from './to-state.ts'
import { toState } from './to-state.ts'
import type { ReadBack } from './words.ts'

/** How the HARs are read: import-traffic's options, less where and how its output goes. */
export interface HarImportOptions {
  /** A deployment file's path: its words read the traffic back. */
  deployment?: string
  /** The API root the entries are under; default: the one most entries address. */
  apiRoot?: string
  keepPersonalData?: boolean
  publicUrl?: string
}

/** `Bearer $API_KEY_2`: a shell variable standing for a key, as the proxy records one. */
const PLACEHOLDER = /^(?:[A-Za-z][\w-]*\s+)?\$[A-Z_][A-Z0-9_]*$/

/** How the deployment's words are read back: the contract's own without a deployment file. */
const wordsOf = async (deployment: DeploymentFile | undefined): Promise<ReadBack | undefined> => {
  if (!deployment) return undefined
  const { deploymentWords } = await import('./deployment-words.ts')
  return deploymentWords(deployment)
}

/**
 * HAR files read into a state and its report: each file read and checked as HAR first (a file
 * that cannot be, or holds no exchange of the API, is a HarError naming it: nothing is made).
 * Each request's credential is told apart by its Authorization value, which stays in this
 * function: the records know only its order of appearance ("credential 2").
 */
export const stateOfHars = async (
  files: readonly string[],
  options: HarImportOptions,
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
      throw new HarError(
        `${file}: no entry addresses an operation of the API, so there is nothing to import (name the API root with --api-root <url> if the paths are the API's).`,
      )
    }
    const exchanges = harExchanges(har, apiRoot, DEFAULT_MAX_BODY_BYTES, { credential: label })
    const before = observer.result.exchanges
    for (const exchange of exchanges) observer.observe(exchange, ++index)
    if (observer.result.exchanges === before) {
      throw new HarError(
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

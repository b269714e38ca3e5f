// Node-only: probes a deployment and writes a starter deployment file.
import type { Client } from '../../../contract/client.ts'
import { Secrets } from '../../report-format/secrets.ts'
import { KEY_VARS, type KeyRole } from '../engine/env.ts'
import { preflight } from '../engine/preflight.ts'
import { Run } from '../engine/run-state.ts'
import { type ConformanceOptions, conformanceEnv } from '../run-conformance.ts'
import { INIT_MAX_REQUESTS } from './bound.ts'
import { deleteProbeForms } from './cleanup-forms.ts'
import { initContents } from './contents.ts'
import type { KindOutcome } from './kinds.ts'
import { runProbes } from './probe-steps.ts'
import { createProber, type Probe } from './prober.ts'
import { proposeRelease, type ReleaseProposal } from './release-probe.ts'
import { starterFile } from './starter-file.ts'
import { starterPath, writeStarterFile } from './starter-out.ts'

export type { Probe } from './prober.ts'
export { starterFile } from './starter-file.ts'
/** The file `--init` writes, refused before anything is sent (the CLI checks it first). */
export { starterPath as checkInitFile } from './starter-out.ts'

export interface InitOptions
  extends Omit<ConformanceOptions, 'deployment' | 'reportDir' | 'onCheck' | 'filter'> {
  /** Where to write the starter file (.json, or .mjs/.js/.ts for a module). Never overwritten. */
  out: string
}

export interface InitResult {
  file: string
  probes: Probe[]
  requests: number
  problem?: string
  /** What clean-up did, in one sentence. */
  cleanup: string
  /** The release (§9) the answers tell, as the file proposes it. */
  release?: ReleaseProposal
  /** Each activity and field kind: its richest content and what was refused of it, key by key. */
  kinds: KindOutcome[]
}

export { INIT_MAX_REQUESTS } from './bound.ts'

/**
 * `check <url> --init <file>`: sends the profile's requests for everything §4 does not show (at most
 * INIT_MAX_REQUESTS, one at a time, titled with the run marker), deletes the forms it created where
 * the deployment allows it, and writes a starter deployment file: the profile's spellings, with a
 * `//` comment beside each saying whether this deployment accepted it, or how it refused it.
 */
export const initDeployment = async (options: InitOptions): Promise<InitResult> => {
  const file = starterPath(options.out)
  const env = conformanceEnv({
    ...options,
    maxRequests: Math.min(options.maxRequests ?? INIT_MAX_REQUESTS, INIT_MAX_REQUESTS),
  })
  const fetchImpl = options.fetch ?? globalThis.fetch
  // The keys it was given: a deployment echoing one in an answer must not put it in the file or
  // on the console (every probe answer and the file's text go through this).
  const secrets = new Secrets(
    (Object.keys(KEY_VARS) as KeyRole[]).flatMap((role) => {
      const key = env.keys[role]
      return key === undefined ? [] : [[key, KEY_VARS[role]] as const]
    }),
  )
  const found = await preflight(env, fetchImpl)
  if (found) {
    const problem = secrets.scrub(found)
    return { file, probes: [], requests: 1, problem, cleanup: 'nothing created', kinds: [] }
  }
  const run = new Run(env, fetchImpl)
  const api = run.client('main') as Client
  const prober = createProber(run, env.maxRequests, secrets)
  const kinds: KindOutcome[] = []
  await runProbes({
    api,
    prober,
    title: (text) => `${run.marker} init ${text}`,
    contents: initContents(),
    kinds,
    absent: new Set(),
  })
  const { probes } = prober
  const cleanup = await deleteProbeForms(run, api, prober.forms, probes)
  await writeStarterFile(file, starterFile(probes, env.baseUrl, kinds), secrets)
  return {
    file,
    probes,
    requests: run.requests + run.cleanupRequests,
    cleanup,
    release: proposeRelease(probes),
    kinds,
  }
}

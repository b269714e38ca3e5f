import type { TestProject } from 'vitest/node'
import {
  type ContractEnv,
  EnvError,
  readEnv,
  releaseVar,
} from '../../mock/conformance/engine/env.ts'
import { preflight } from '../../mock/conformance/engine/preflight.ts'
import { readExploreEnv } from '../../mock/conformance/explore/env.ts'
import { runInfo } from '../../mock/conformance/run-conformance.ts'
import { startServer } from '../../mock/http/index.ts'
import { reportDir, writeRunReports } from '../../mock/report-format/write-run-reports.ts'

declare module 'vitest' {
  interface ProvidedContext {
    contractEnv: ContractEnv
  }
}

/** Ends the run with one readable sentence: a configuration or reachability problem is not a test failure. */
const stop = (message: string): never => {
  process.stderr.write(`\nContract suite cannot run: ${message}\n\n`)
  process.exit(1)
}

/**
 * Resolves the target once for the whole run. Without CONTRACT_BASE_URL it starts the mock on an
 * ephemeral port with the demo keys and CONTRACT_PROFILE=strict.
 */
export default async function setup(project: TestProject) {
  let env: ContractEnv
  let close: (() => Promise<void>) | undefined
  try {
    // A bad CONTRACT_EXPLORE* value stops the run here, before any request.
    readExploreEnv(process.env)
    if (process.env.CONTRACT_BASE_URL) {
      env = readEnv(process.env)
    } else {
      // CONTRACT_RELEASE: the suite's own mock answers as that release.
      const { release } = releaseVar(process.env.CONTRACT_RELEASE)
      const server = await startServer({ port: 0, ...(release ? { release: release.given } : {}) })
      close = server.close
      env = readEnv(process.env, { baseUrl: server.baseUrl })
    }
  } catch (error) {
    const problem = error instanceof EnvError ? error.message : String(error)
    const baseUrl = process.env.CONTRACT_BASE_URL ?? 'not set'
    await writeRunReports(
      { baseUrl, strict: false, runId: '-', requests: 0, maxRequests: 0, ownMock: false, problem },
      [],
      reportDir(),
    )
    return stop(problem)
  }
  const problem = await preflight(env)
  if (problem) {
    await writeRunReports(runInfo(env, undefined, { requests: 1, problem }), [], reportDir())
    await close?.()
    return stop(problem)
  }
  project.provide('contractEnv', env)
  return async () => {
    await close?.()
  }
}

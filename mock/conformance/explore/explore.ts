import fc from 'fast-check'
import type { OperationId } from '../../../contract/table.ts'
import { NotOffered } from '../../deployment/to-deployment.ts'
import { bodies } from './bodies.ts'
import { TOGETHER_REQUESTS } from './commands/concurrent.ts'
import { commandArbitraries } from './commands.ts'
import { Divergence } from './compare.ts'
import { EXPLORE_DEFAULTS } from './defaults.ts'
import { type KeyRole, label, type Run } from './engine.ts'
import { type ExploreNote, Notes } from './notes.ts'
import { createOracle, type RunKeys } from './oracle.ts'
import { PROBE_REQUESTS, probeVocabulary } from './probe.ts'
import { type ExploreReach, Reach } from './reach.ts'
import { releaseScope } from './release-scope.ts'
import { answers, curlScript } from './script.ts'
import type { Sides } from './step.ts'
import { ExploreVocabulary } from './vocabulary.ts'
import { World } from './world.ts'

export { EXPLORE_DEFAULTS } from './defaults.ts'

export interface ExploreOptions {
  /** The catalog's run: its deployment, keys, request budget, marker and clean-up list. */
  run: Run
  runs: number
  seed?: number
  maxSteps?: number
  shrinkRequests?: number
  timeLimitMs?: number
  /** Divergences to find before stopping; each is shrunk. */
  maxDivergences?: number
  /**
   * Share of the commands that send 2–4 operations at once (judged by linearizability); 0 sends
   * one request at a time. Default EXPLORE_DEFAULTS.concurrentShare.
   */
  concurrentShare?: number
  /** Progress lines (the bound before the first request, each divergence). */
  log?: (line: string) => void
}

export interface ExploredStep {
  operation: OperationId
  request: string
  role: KeyRole
  intent: string
  modelStatus: number
  deploymentStatus: number
  /** Steps with one number were sent at once (a concurrent step). */
  together?: number
}

export interface ExploreDivergence {
  /** Seed of the fast-check run that found it: `--explore-seed` replays it. */
  seed: number
  /** fast-check's path to the shrunk counterexample, for `fc.check(…, { seed, path })`. */
  path: string
  summary: string
  differences: string[]
  steps: ExploredStep[]
  /** 1-based number of the step whose answers differ. */
  divergentStep: number
  model: string
  deployment: string
  script: string
  shrinks: number
}

export interface ExploreResult {
  seed: number
  runsRequested: number
  runsDone: number
  maxSteps: number
  /** The bound printed before the first request. */
  bound: { requests: number; timeLimitMs: number }
  requests: number
  cleanupRequests: number
  durationMs: number
  /** Why exploration ended before its runs were done. */
  stopped?: string
  divergences: ExploreDivergence[]
  /** Inferred operations the deployment answered 404/405 to, or its file says are not offered: left out. */
  notOffered: OperationId[]
  /** Deployment file keys set to null (not offered): steps that needed them were left out. */
  notOfferedKeys: string[]
  /**
   * What the deployment answered where the reference does not decide: refusals of its vocabulary
   * (with the deployment file key that would say it) and its choices. Not divergences.
   */
  notes: ExploreNote[]
  /** The probe before the first run: file keys of kinds confirmed, and refused (not generated). */
  probe: { confirmed: string[]; refused: string[] }
  /** The pairs of operations it sent on one record, and the list items it compared. */
  reach?: ExploreReach
  /** A failure of exploration itself (not a divergence). */
  error?: string
}

/** Worst case of requests to the deployment, before any is sent. */
export const exploreBound = (
  options: Pick<
    ExploreOptions,
    'runs' | 'maxSteps' | 'shrinkRequests' | 'maxDivergences' | 'concurrentShare'
  >,
) => {
  const steps = options.maxSteps ?? EXPLORE_DEFAULTS.maxSteps
  const shrink = options.shrinkRequests ?? EXPLORE_DEFAULTS.shrinkRequests
  const divergences = options.maxDivergences ?? EXPLORE_DEFAULTS.maxDivergences
  return (
    PROBE_REQUESTS + options.runs * perRun(steps, options.concurrentShare) + shrink * divergences
  )
}

/**
 * A command sends its operation and, at most, one read back; the follow-up may send a pair of
 * operations on one record and read it back.
 */
const REQUESTS_PER_STEP = 3
/**
 * A concurrent step sends up to 4 operations, then reads back the record and a sibling it wrote
 * and, sampled, one record beyond them: 7 requests, 4 more than another step.
 */
const EXTRA_PER_CONCURRENT_STEP = TOGETHER_REQUESTS - REQUESTS_PER_STEP

/** Concurrent steps one run may send: twice the share of its steps, so the bound stays near. */
export const concurrentPerRun = (maxSteps: number, share?: number) =>
  Math.ceil(maxSteps * Math.max(share ?? EXPLORE_DEFAULTS.concurrentShare, 0) * 2)

/** The requests one run may send at most. */
const perRun = (maxSteps: number, share?: number) =>
  maxSteps * REQUESTS_PER_STEP + concurrentPerRun(maxSteps, share) * EXTRA_PER_CONCURRENT_STEP

const keysOf = (run: Run): RunKeys => run.env.keys

/**
 * Model-based exploration: fast-check generates sequences of operations over the endpoint table
 * (`fc.commands`), `fc.asyncModelRun` sends each to the deployment and to a fresh in-process mock
 * with the same keys, and the first divergence is shrunk to a minimal sequence. One request at a
 * time, counted in the run's budget, records titled with the run marker, forms deleted after each
 * sequence.
 */
export const explore = async (options: ExploreOptions): Promise<ExploreResult> => {
  const { run } = options
  const maxSteps = options.maxSteps ?? EXPLORE_DEFAULTS.maxSteps
  const shrinkRequests = options.shrinkRequests ?? EXPLORE_DEFAULTS.shrinkRequests
  const timeLimitMs = options.timeLimitMs ?? EXPLORE_DEFAULTS.timeLimitMs
  const maxDivergences = options.maxDivergences ?? EXPLORE_DEFAULTS.maxDivergences
  const seed = options.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0
  const log = options.log ?? (() => {})
  const share = options.concurrentShare ?? EXPLORE_DEFAULTS.concurrentShare
  const runRequests = perRun(maxSteps, share)
  const started = performance.now()
  const requestsBefore = run.requests
  const cleanupBefore = run.cleanupRequests
  const bound = {
    requests: exploreBound({
      ...options,
      maxSteps,
      shrinkRequests,
      maxDivergences,
      concurrentShare: share,
    }),
    timeLimitMs,
  }
  log(
    `Exploration: ${options.runs} runs of at most ${maxSteps} operations, seed ${seed}: at most ${bound.requests} requests (${PROBE_REQUESTS} to probe the kinds the deployment file does not name, ${options.runs} × (${maxSteps} × ${REQUESTS_PER_STEP}${share > 0 ? ` + ${concurrentPerRun(maxSteps, share)} concurrent steps × ${EXTRA_PER_CONCURRENT_STEP} more` : ''}), plus ${shrinkRequests} to shrink each divergence), ${share > 0 ? 'up to 4 at once' : 'one at a time'}, within ${Math.round(timeLimitMs / 1000)} s; budget left ${run.env.maxRequests - run.requests}.`,
  )
  // What may be sent: the file's vocabulary, then the probe's answers (not under --strict).
  const vocabulary = new ExploreVocabulary(run.deployment, run.env.strict)
  const scope = releaseScope(run.release.release)
  const notes = new Notes()
  const probe = await probeVocabulary(run, vocabulary, notes, scope)
  if (probe.refused.length > 0) {
    log(
      `Exploration probe: refused ${probe.refused.join(', ')} (vocabulary notes; not generated). Say how this deployment names them in its deployment file.`,
    )
  }
  const arbitraries = commandArbitraries(bodies(vocabulary), share)
  const roles = new Set(Object.keys(run.env.keys) as KeyRole[])
  const notOffered = new Set<OperationId>()
  const notOfferedKeys = new Set<string>()
  const divergences: ExploreDivergence[] = []
  const reach = new Reach()
  let runsDone = 0
  let stopped: string | undefined
  let deleteOffered: boolean | undefined
  let error: string | undefined

  /** Deletes what this run's sequence created where a delete exists: live deployments stay clean. */
  const cleanRun = async (world: World) => {
    for (const rec of world.records) {
      if (rec.kind !== 'form' || rec.deleted || deleteOffered === false) continue
      const client = run.client(rec.role)
      if (!client) continue
      let answer: { status: number }
      try {
        answer = await client.deleteForm({ params: { id: rec.real } })
      } catch (error) {
        // The deployment file says there is no delete: nothing was sent, the form stays.
        if (error instanceof NotOffered) deleteOffered = false
        else throw error
        continue
      }
      run.cleanupRequests += 1
      deleteOffered = answer.status >= 200 && answer.status <= 299
      if (!deleteOffered) continue
      run.formsDeletedEarlier += 1
      const index = run.created.findIndex((c) => c.id === rec.real)
      if (index >= 0) run.created.splice(index, 1)
    }
  }

  let seedNow = seed
  let runsLeft = options.runs
  while (runsLeft > 0 && divergences.length < maxDivergences && stopped === undefined) {
    let failure: { world: World; divergence: Divergence } | undefined
    let shrinkFrom: number | undefined
    const roundStart = runsDone
    const property = fc.asyncProperty(
      fc.commands(arbitraries, { maxCommands: maxSteps, size: 'max' }),
      async (cmds) => {
        const over = performance.now() - started > timeLimitMs
        if (shrinkFrom !== undefined) {
          // Shrinking: each attempt replays a shorter sequence; beyond its own bound the smallest so far stands.
          if (over || run.requests - shrinkFrom + runRequests > shrinkRequests) return
        } else {
          if (over) stopped ??= `the time bound (${Math.round(timeLimitMs / 1000)} s) was reached`
          if (run.requests + runRequests > run.env.maxRequests) {
            stopped ??= `the request budget (${run.env.maxRequests}) would be exceeded by another run`
          }
          if (stopped !== undefined) return
          runsDone += 1
        }
        reach.begin(shrinkFrom !== undefined)
        const world = new World(run.env.strict, roles, notOffered, vocabulary, scope, reach)
        world.togetherLeft = concurrentPerRun(maxSteps, share)
        const sides: Sides = {
          run,
          oracle: await createOracle(keysOf(run), run.release.release),
          title: (text) => `${run.marker} ${text}`,
          notOffered,
          notOfferedKeys,
          vocabulary,
          notes,
          label: `exploration ${shrinkFrom === undefined ? `run ${runsDone}` : 'shrinking'} (seed ${seedNow})`,
        }
        try {
          await fc.asyncModelRun(() => ({ model: world, real: sides }), cmds)
        } catch (thrown) {
          if (thrown instanceof Divergence) {
            failure = { world, divergence: thrown }
            shrinkFrom ??= run.requests
          }
          throw thrown
        } finally {
          await cleanRun(world)
        }
      },
    )
    const details = await fc.check(property, { numRuns: runsLeft, seed: seedNow })
    runsLeft -= runsDone - roundStart
    if (!details.failed) break
    if (!failure) {
      error =
        details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance)
      break
    }
    const { world, divergence } = failure
    const at = world.steps.indexOf(divergence.step)
    const steps = world.steps.map((s) => ({
      operation: s.op,
      request: label(s.op),
      role: s.role,
      intent: s.intent,
      modelStatus: s.model.status,
      deploymentStatus: s.real.status,
      ...(s.together === undefined ? {} : { together: s.together }),
    }))
    const found: ExploreDivergence = {
      seed: seedNow,
      path: details.counterexamplePath ?? '',
      summary: divergence.message,
      differences: [...divergence.differences],
      steps,
      divergentStep: at + 1,
      ...answers(divergence.step),
      script: curlScript(
        world.steps,
        run.keyVars,
        [
          `Exploration divergence: ${divergence.message}`,
          `Found with seed ${seedNow} (replay: --explore-seed ${seedNow}); shrunk to ${steps.length} steps in ${details.numShrinks} shrinks.`,
        ],
        at,
      ),
      shrinks: details.numShrinks,
    }
    divergences.push(found)
    log(`Exploration divergence (seed ${seedNow}, ${steps.length} steps): ${divergence.message}`)
    seedNow = (seedNow + 1) >>> 0
  }
  return {
    seed,
    runsRequested: options.runs,
    runsDone,
    maxSteps,
    bound,
    requests: run.requests - requestsBefore,
    cleanupRequests: run.cleanupRequests - cleanupBefore,
    durationMs: Math.round(performance.now() - started),
    ...(stopped ? { stopped } : {}),
    divergences,
    notOffered: [...notOffered],
    notOfferedKeys: [...notOfferedKeys],
    notes: notes.list(),
    probe,
    reach: reach.result(),
    ...(error ? { error } : {}),
  }
}

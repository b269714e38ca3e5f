import fc from 'fast-check'
import type { OperationId } from '../../../contract/table.ts'
import { NotOffered } from '../../deployment/to-deployment.ts'
import { bodies } from './bodies.ts'
import { TOGETHER_REQUESTS } from './commands/concurrent.ts'
import { commandArbitraries } from './commands.ts'
import { Divergence } from './compare.ts'
import { CONCURRENT_SHARE_EXPECTED, concurrentShareProblem, EXPLORE_DEFAULTS } from './defaults.ts'
import type { KeyRole, Run } from './engine.ts'
import { LEARNING_LAG, Learnt } from './learnt.ts'
import { type ExploreNote, Notes } from './notes.ts'
import { createOracle, type RunKeys } from './oracle.ts'
import { PROBE_REQUESTS, probeVocabulary } from './probe.ts'
import { type ExploreReach, Reach } from './reach.ts'
import { releaseScope } from './release-scope.ts'
import { outcomeOf, type Task } from './run-task.ts'
import { type RunTally, runView } from './run-view.ts'
import { ABSENT, type Sides } from './step.ts'
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
   * one request at a time, at most MAX_CONCURRENT_SHARE. Default EXPLORE_DEFAULTS.concurrentShare.
   */
  concurrentShare?: number
  /** Progress lines (the bound before the first request, each divergence). */
  log?: (line: string) => void
  /**
   * Runs in flight at once (default 1: one after another; at most LEARNING_LAG are). A seed gives
   * the same runs and the same report at any concurrency: each run starts from what the runs
   * LEARNING_LAG before it learnt, and what runs learn, see and cover is merged in run order.
   */
  concurrency?: number
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
  /** Seed of the exploration that found it: `--explore-seed` replays it. */
  seed: number
  /** 1-based number of the run that found it. */
  run?: number
  /**
   * fast-check's path to the shrunk counterexample, for `fc.check(…, { seed, path })`: it begins
   * with the run's 0-based number.
   */
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
  /** The share of the commands sent as concurrent steps (0: none). */
  concurrentShare: number
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
  /**
   * Runs in parallel (concurrency > 1) that were in flight beside the last run reported, after a
   * divergence ended exploration or an error: their requests were sent and are counted in
   * `requests` and `cleanupRequests`, their results are dropped (one at a time they would not have
   * run). The rest of the report is the same whatever the concurrency.
   */
  beyond?: { runs: number; requests: number; cleanupRequests: number }
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
 * and, sampled, one record beyond them, and may create the sibling it updates first: 8 requests,
 * 5 more than another step.
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
 * with the same keys, and the first divergence is shrunk to a minimal sequence. Counted in the
 * run's budget, records titled with the run marker, forms deleted after each sequence.
 *
 * Run n (0-based) is fast-check's n-th value of the seed (`fc.check` at `path: n`), so a seed gives
 * the same sequences whatever the concurrency. Up to `concurrency` runs are in flight, each on its
 * own records and its own model; a run that diverges is shrunk alone (no run starts meanwhile), and
 * the runs are reported in run order: the divergences of the lowest-numbered runs, as one at a
 * time would find them.
 */
export const explore = async (options: ExploreOptions): Promise<ExploreResult> => {
  const { run } = options
  const maxSteps = options.maxSteps ?? EXPLORE_DEFAULTS.maxSteps
  const shrinkRequests = options.shrinkRequests ?? EXPLORE_DEFAULTS.shrinkRequests
  const timeLimitMs = options.timeLimitMs ?? EXPLORE_DEFAULTS.timeLimitMs
  const maxDivergences = options.maxDivergences ?? EXPLORE_DEFAULTS.maxDivergences
  const concurrency = options.concurrency ?? 1
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`Exploration's concurrency is a whole number from 1, not ${concurrency}.`)
  }
  const seed = options.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) >>> 0
  const log = options.log ?? (() => {})
  const share = options.concurrentShare ?? EXPLORE_DEFAULTS.concurrentShare
  if (concurrentShareProblem(share)) {
    throw new RangeError(
      `Exploration's concurrent share must be ${CONCURRENT_SHARE_EXPECTED}, not ${share}.`,
    )
  }
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
  const runRequests = perRun(maxSteps, share)
  const atOnce = Math.min(concurrency, LEARNING_LAG)
  log(
    `Exploration: ${options.runs} runs of at most ${maxSteps} operations, seed ${seed}: at most ${bound.requests} requests (${PROBE_REQUESTS} to probe the kinds the deployment file does not name, ${options.runs} × (${maxSteps} × ${REQUESTS_PER_STEP}${share > 0 ? ` + ${concurrentPerRun(maxSteps, share)} concurrent steps × ${EXTRA_PER_CONCURRENT_STEP} more` : ''}), plus ${shrinkRequests} to shrink each divergence), ${atOnce === 1 ? 'one run at a time' : `up to ${atOnce} runs at a time`}${share > 0 ? ', up to 4 requests at once in a run' : ''}, within ${Math.round(timeLimitMs / 1000)} s; budget left ${run.env.maxRequests - run.requests}.`,
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
  const sequences = fc.commands(commandArbitraries(bodies(vocabulary), share), {
    maxCommands: maxSteps,
    size: 'max',
  })
  const roles = new Set(Object.keys(run.env.keys) as KeyRole[])
  const learnt = new Learnt(new Set(), new Set(), vocabulary, notes, new Reach())
  /** What run n starts from: what the runs up to n - LEARNING_LAG learnt (the first: the probe). */
  const startsFrom = new Map<number, Learnt>()
  for (let number = 0; number < Math.min(LEARNING_LAG, options.runs); number += 1) {
    startsFrom.set(number, learnt.fork())
  }
  const divergences: ExploreDivergence[] = []
  const beyond = { runs: 0, requests: 0, cleanupRequests: 0 }
  const requestsAtStart = run.requests
  let runsDone = 0
  /** Requests of the runs reported so far (their shrinking included). */
  let reportedRequests = 0
  let stopped: string | undefined
  let error: string | undefined
  /** One divergence is shrunk at a time: the end of the last one's. */
  let shrinking: Promise<void> = Promise.resolve()
  let poke = () => {}

  /** Deletes what this run's sequence created where a delete exists: live deployments stay clean. */
  const cleanRun = async (world: World, task: Task) => {
    for (const rec of world.records) {
      if (rec.kind !== 'form' || rec.deleted || task.learnt.deleteOffered === false) continue
      const client = run.client(rec.role)
      if (!client) continue
      let answer: { status: number }
      try {
        answer = await client.deleteForm({ params: { id: rec.real } })
      } catch (error) {
        // The deployment file says there is no delete: nothing was sent, the form stays.
        if (error instanceof NotOffered) task.learnt.deletes(false)
        else throw error
        continue
      }
      run.cleanupRequests += 1
      task.cleanupRequests += 1
      const deleted = answer.status >= 200 && answer.status <= 299
      // Only an answer showing no such operation says the deployment has no delete: one refusing
      // this form (a published form kept, 409) leaves it, and the next runs still clean up theirs.
      if (deleted || ABSENT.includes(answer.status)) task.learnt.deletes(deleted)
      if (!deleted) continue
      run.formsDeletedEarlier += 1
      const index = run.created.findIndex((c) => c.id === rec.real)
      if (index >= 0) run.created.splice(index, 1)
    }
  }

  /** One sequence sent to both sides: the run itself, or an attempt of its shrinking. */
  const send = async (
    task: Task,
    cmds: Iterable<fc.AsyncCommand<World, Sides>>,
    shrunk: boolean,
  ) => {
    const { learnt } = task
    const world = new World(
      run.env.strict,
      roles,
      learnt.notOffered,
      learnt.vocabulary,
      scope,
      learnt.reach,
    )
    world.togetherLeft = concurrentPerRun(maxSteps, share)
    const sides: Sides = {
      run: task.view,
      oracle: await createOracle(keysOf(run), run.release.release),
      title: (text) => `${run.marker} ${text}`,
      notOffered: learnt.notOffered,
      notOfferedKeys: learnt.notOfferedKeys,
      vocabulary: learnt.vocabulary,
      notes: learnt.notes,
      label: `exploration ${shrunk ? 'shrinking' : `run ${task.number + 1}`} (seed ${seed})`,
    }
    try {
      await fc.asyncModelRun(() => ({ model: world, real: sides }), cmds)
    } catch (thrown) {
      if (thrown instanceof Divergence) task.failure = { world, divergence: thrown }
      if (!shrunk && !task.tally.abandoned) {
        task.failing = true
        task.errored = !(thrown instanceof Divergence)
        task.shrinkFrom = task.tally.requests
        failed()
      }
      throw thrown
    } finally {
      await cleanRun(world, task)
    }
  }

  const tasks = new Map<number, Task>()

  /** A run failed: runs after it that it (with those before) leaves beyond the report stop sending. */
  const failed = () => {
    for (const later of tasks.values()) {
      const before = [...tasks.values()].filter((t) => t.failing && t.number < later.number)
      if (divergences.length + before.length >= maxDivergences || before.some((t) => t.errored)) {
        later.tally.abandoned = true
      }
    }
    poke()
  }

  const start = (number: number) => {
    const tally: RunTally = { requests: 0, coverage: [], abandoned: false }
    const task: Task = {
      number,
      learnt: startsFrom.get(number) ?? learnt.fork(),
      tally,
      view: runView(run, tally),
      cleanupRequests: 0,
      failing: false,
      errored: false,
      shrinkFrom: 0,
      finished: false,
    }
    startsFrom.delete(number)
    tasks.set(number, task)
    let first = true
    let release: (() => void) | undefined
    const property = fc.asyncProperty(sequences, async (cmds) => {
      if (first) {
        first = false
        return send(task, cmds, false)
      }
      // Shrinking, alone: each attempt replays a shorter sequence; beyond its own bound the
      // smallest so far stands. An error of exploration itself is not shrunk.
      if (task.tally.abandoned || task.errored) return
      if (!release) {
        const before = shrinking
        shrinking = new Promise((resolve) => {
          release = resolve
        })
        await before
        // Alone: the runs in flight beside it end first (those after it stop once it ends
        // exploration), so no other sequence changes the deployment while it is shrunk.
        while ([...tasks.values()].some((t) => t !== task && !t.finished && !t.failing)) {
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
      }
      const over = performance.now() - started > timeLimitMs
      if (task.tally.abandoned || over) return
      if (task.tally.requests - task.shrinkFrom + runRequests > shrinkRequests) return
      return send(task, cmds, true)
    })
    fc.check(property, { seed, path: String(number), numRuns: 1 })
      .then(
        ({ failed, counterexamplePath, numShrinks, errorInstance }) => {
          task.details = { failed, counterexamplePath, numShrinks, errorInstance }
        },
        (thrown: unknown) => {
          task.thrown = thrown
        },
      )
      .finally(() => {
        release?.()
        task.finished = true
        poke()
      })
  }

  /** Whether run `number` may start now, must wait for runs in flight, or is not to run. */
  const verdict = (number: number): 'start' | 'wait' | 'end' => {
    if (number >= options.runs || stopped !== undefined || error !== undefined) return 'end'
    if (divergences.length >= maxDivergences) return 'end'
    // Started and not reported yet: in flight, or finished after a run still in flight.
    const pending = [...tasks.values()]
    const inFlight = pending.filter((t) => !t.finished)
    const failures = pending.filter((t) => t.failing)
    // A divergence is shrunk alone; one that will end exploration once reported starts nothing.
    if (inFlight.some((t) => t.failing)) return 'wait'
    const left = maxDivergences - divergences.length - failures.length
    if (failures.length > 0 && (left <= 0 || failures.some((t) => t.errored))) return 'wait'
    if (inFlight.length >= atOnce || tasks.has(number - LEARNING_LAG)) return 'wait'
    if (performance.now() - started > timeLimitMs) {
      stopped = `the time bound (${Math.round(timeLimitMs / 1000)} s) was reached`
      return 'end'
    }
    // One at a time, the runs before this one have sent all they send. In parallel, those in
    // flight may still send the rest of their bound, and one may diverge and be shrunk.
    const sent = requestsAtStart + reportedRequests
    const pendingRequests =
      pending.reduce(
        (n, t) => n + (t.finished ? t.tally.requests : Math.max(runRequests, t.tally.requests)),
        0,
      ) +
      Math.min(inFlight.length, Math.max(left, 0)) * shrinkRequests
    if (sent + pendingRequests + runRequests <= run.env.maxRequests) return 'start'
    if (pending.length > 0) return 'wait'
    stopped = `the request budget (${run.env.maxRequests}) would be exceeded by another run`
    return 'end'
  }

  /** The runs finished in run order, reported (or dropped) one after another. */
  const report = () => {
    for (let task = tasks.get(runsDone + beyond.runs); task?.finished; ) {
      tasks.delete(task.number)
      const dropped = divergences.length >= maxDivergences || error !== undefined
      if (dropped) {
        beyond.runs += 1
        beyond.requests += task.tally.requests
        beyond.cleanupRequests += task.cleanupRequests
      } else {
        runsDone += 1
        reportedRequests += task.tally.requests
        learnt.merge(task.learnt)
        for (const entry of task.tally.coverage) run.coverage.record(entry)
        const ended = outcomeOf(task, seed, run.keyVars)
        error ??= ended.error
        const found = ended.divergence
        if (found) {
          divergences.push(found)
          log(
            `Exploration divergence (seed ${seed}, run ${found.run}, ${found.steps.length} steps): ${found.summary}`,
          )
        }
        if (task.number + LEARNING_LAG < options.runs) {
          startsFrom.set(task.number + LEARNING_LAG, learnt.fork())
        }
      }
      task = tasks.get(runsDone + beyond.runs)
    }
  }

  for (let next = 0; ; ) {
    let now = verdict(next)
    while (now === 'start') {
      start(next)
      next += 1
      now = verdict(next)
    }
    if (tasks.size === 0) break
    await new Promise<void>((resolve) => {
      poke = resolve
    })
    report()
  }
  return {
    seed,
    runsRequested: options.runs,
    runsDone,
    maxSteps,
    concurrentShare: share,
    bound,
    requests: run.requests - requestsBefore,
    cleanupRequests: run.cleanupRequests - cleanupBefore,
    durationMs: Math.round(performance.now() - started),
    ...(stopped ? { stopped } : {}),
    divergences,
    notOffered: [...learnt.notOffered],
    notOfferedKeys: [...learnt.notOfferedKeys],
    notes: notes.list(),
    probe,
    reach: learnt.reach.result(),
    ...(error ? { error } : {}),
    ...(beyond.runs > 0 ? { beyond } : {}),
  }
}

import type fc from 'fast-check'
import type { Divergence } from './compare.ts'
import { label, type Run } from './engine.ts'
import type { ExploreDivergence } from './explore.ts'
import type { Learnt } from './learnt.ts'
import type { RunTally } from './run-view.ts'
import { answers, curlScript } from './script.ts'
import type { World } from './world.ts'

/** One run of the exploration: its own learnings, its requests, and how it ended. */
export interface Task {
  /** 0-based: fast-check's path to the run's sequence. */
  number: number
  learnt: Learnt
  tally: RunTally
  view: Run
  cleanupRequests: number
  /** Its sequence diverged (or exploration failed) on the run itself: it is being shrunk. */
  failing: boolean
  errored: boolean
  /** Its requests when the run failed, so its shrinking is held to its own bound. */
  shrinkFrom: number
  failure?: { world: World; divergence: Divergence }
  details?: Pick<
    fc.RunDetails<unknown>,
    'failed' | 'counterexamplePath' | 'numShrinks' | 'errorInstance'
  >
  /** Thrown out of fast-check itself. */
  thrown?: unknown
  finished: boolean
}

/** How a reported run ended: its divergence, shrunk, or an error of exploration itself. */
export const outcomeOf = (
  task: Task,
  seed: number,
  keyVars: Run['keyVars'],
): { divergence?: ExploreDivergence; error?: string } => {
  const { details, failure } = task
  const message = (thrown: unknown) => (thrown instanceof Error ? thrown.message : String(thrown))
  if (task.thrown !== undefined || !details) return { error: message(task.thrown) }
  if (!details.failed) return {}
  if (!failure || task.errored) return { error: message(details.errorInstance) }
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
  const run = task.number + 1
  return {
    divergence: {
      seed,
      run,
      path: details.counterexamplePath ?? String(task.number),
      summary: divergence.message,
      differences: [...divergence.differences],
      steps,
      divergentStep: at + 1,
      ...answers(divergence.step),
      script: curlScript(
        world.steps,
        keyVars,
        [
          `Exploration divergence: ${divergence.message}`,
          `Found with seed ${seed} in run ${run} (replay: --explore-seed ${seed}); shrunk to ${steps.length} steps in ${details.numShrinks} shrinks.`,
        ],
        at,
      ),
      shrinks: details.numShrinks,
    },
  }
}

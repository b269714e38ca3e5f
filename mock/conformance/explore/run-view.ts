import type { CoverageEntry } from '../../traffic/coverage.ts'
import { Run } from './engine.ts'

/** What one exploration run (and its shrinking) sent and judged, kept apart from the others. */
export interface RunTally {
  /** Requests it sent, counted in the catalog run's budget as they go. */
  requests: number
  /** The coverage of its judged answers, held back: merged into the run's in run order. */
  coverage: CoverageEntry[]
  /** Its result will be dropped (a divergence before it ended exploration): it sends nothing more. */
  abandoned: boolean
}

/** Thrown by a run's request once its result is to be dropped: nothing more is sent for it. */
export class Abandoned extends Error {}

/**
 * The catalog's Run as one exploration run sees it: the same deployment, budget and records, with
 * the requests it sends counted on the tally too (so its shrinking is held to its own bound, and
 * the runs before the next one add up whatever ran beside them), and its coverage held back, so the
 * first place an outcome was seen is the same whatever ran at the same time. Each request's
 * coverage is worked out when judged (the records it addressed are those of that moment), only its
 * recording waits.
 */
export const runView = (run: Run, tally: RunTally): Run => {
  const held = {
    record: (entry: CoverageEntry) => {
      tally.coverage.push(entry)
      return undefined
    },
  }
  const covered = new WeakMap()
  const view: Run = new Proxy(run, {
    get(target, property) {
      if (property === 'spend') {
        return () => {
          if (tally.abandoned) throw new Abandoned('exploration ended before this run')
          target.spend()
          tally.requests += 1
        }
      }
      // Run's coverage methods with this view as `this`: its coverage is the tally's.
      if (property === 'cover' || property === 'recordCover') {
        const method = Run.prototype[property] as (...args: unknown[]) => unknown
        return (...args: unknown[]) => Reflect.apply(method, view, args)
      }
      if (property === 'coverage') return held
      if (property === 'covered') return covered
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
    set(target, property, value) {
      // A request given back (the deployment file said it is not offered: nothing was sent).
      if (property === 'requests') tally.requests += (value as number) - target.requests
      return Reflect.set(target, property, value, target)
    },
  })
  return view
}

import type { OperationId } from '../../../contract/table.ts'
import { Notes } from './notes.ts'
import { Reach } from './reach.ts'
import type { ExploreVocabulary } from './vocabulary.ts'

/**
 * Runs a run waits for before it starts: it starts from what the runs up to this many before it
 * learnt (merged in run order), never from a run that may still be in flight beside it, so its
 * choices are the same whatever the concurrency. So at most this many runs are in flight at once.
 */
export const LEARNING_LAG = 16

/**
 * What exploration learns of the deployment as it goes, and hands on to later runs: the inferred
 * operations it does not offer and the deployment file keys that said so, the kinds it refused,
 * the pairs of operations sent so far (what the follow-up's choice counts), whether it deletes
 * forms; and, for the report only, the notes and the reach. One is the whole exploration's, merged
 * run after run in run order; each run works on its own fork of it.
 */
export class Learnt {
  /** Whether the deployment deletes forms, as the last clean-up of this run found (if any). */
  deleteSeen: boolean | undefined

  constructor(
    readonly notOffered: Set<OperationId>,
    readonly notOfferedKeys: Set<string>,
    readonly vocabulary: ExploreVocabulary,
    readonly notes: Notes,
    readonly reach: Reach,
    /** Whether forms are deleted, as known when this one was forked (or merged). */
    public deleteOffered: boolean | undefined = undefined,
  ) {}

  /** A clean-up found whether the deployment deletes forms. */
  deletes(offered: boolean): void {
    this.deleteOffered = offered
    this.deleteSeen = offered
  }

  /** A run's own copy: what is known now; its notes and reach are its own. */
  fork(): Learnt {
    return new Learnt(
      new Set(this.notOffered),
      new Set(this.notOfferedKeys),
      this.vocabulary.fork(),
      new Notes(),
      new Reach(this.reach.sent()),
      this.deleteOffered,
    )
  }

  /** What a run learnt, after what the runs before it learnt. */
  merge(run: Learnt): void {
    for (const op of run.notOffered) this.notOffered.add(op)
    for (const key of run.notOfferedKeys) this.notOfferedKeys.add(key)
    this.vocabulary.absorb(run.vocabulary)
    this.notes.merge(run.notes)
    this.reach.merge(run.reach)
    if (run.deleteSeen !== undefined) this.deleteOffered = run.deleteSeen
  }
}

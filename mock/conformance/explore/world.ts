import type { ActivityKind } from '../../../contract/activities.ts'
import type { OperationId } from '../../../contract/table.ts'
import type { Exchange, KeyRole } from './engine.ts'
import { Reach } from './reach.ts'
import { type ReleaseScope, releaseScope } from './release-scope.ts'
import { ExploreVocabulary } from './vocabulary.ts'

export type Kind = 'form' | 'session' | 'series' | 'report'
/** One thing as the model names it and as the deployment names it. */
export interface Pair {
  model: string
  real: string
  /** A field's or an activity's profile kind, when known. */
  kind?: string
}

/** What a form looked like on the deployment at its last full view: the parts a sequence keeps. */
export type Frame = Record<string, string>
/** A record this run created on both sides. */
export interface Rec extends Pair {
  kind: Kind
  role: KeyRole
  /** The form's fields or the session's activities, as pairs, in no particular order. */
  items: Pair[]
  deleted: boolean
  /** A description was sent, so both sides must show it (a default is the profile's choice). */
  described: boolean
  /** Shell variable that holds the deployment's id in the curl script. */
  variable: string
  /**
   * The deployment made a choice here the model cannot follow (a transition the reference does not
   * rule out, refused or allowed): the record is no longer compared, nor picked by later commands.
   */
  loose?: string
  /**
   * The deployment's view of the record at its last full read (forms: status, title, settings,
   * fields…), or the parts an operation's answer showed since (the settings a replace answered).
   */
  seen?: Frame
  /** The operation whose answer (or the read) gave `seen`: a list item is also held to it. */
  seenFrom?: OperationId
  /** The last operation (not a read) sent on the record, and the reads sent since. */
  lastOp?: OperationId
  readSince?: Set<OperationId>
  /** Parts that operations since that read name, so may have changed; with the operations. */
  changing: Set<string>
  since: string[]
}

/** A value the curl script reads from an answer for later steps: `FORM_1=.form.id`. */
export interface Capture {
  variable: string
  real: string
  path: Array<string | number>
}

/** One operation sent to both sides. */
export interface Step {
  op: OperationId
  role: KeyRole
  /** What the command meant, in words (`reorder with a same-length list that is not the set`). */
  intent: string
  model: Exchange
  real: Exchange
  captures: Capture[]
  /** Steps of one number were sent at once (a concurrent step, linearize.ts). */
  together?: number
}

type StateKind = 'form' | 'session' | 'series'

/**
 * State names the reference does not give (§3) are compared as a one-to-one mapping learnt during
 * the run: the first time the model says `published` while the deployment says `live`, the two are
 * paired; a later answer that pairs either with something else is a divergence (a state change
 * that a read does not show, an option that was ignored…). `draft` is the one name §3 gives: it
 * pairs only with itself.
 */
class Bijection {
  readonly #forward = new Map<string, string>()
  readonly #backward = new Map<string, string>()
  pair(model: string, real: string): string | undefined {
    if ((model === 'draft') !== (real === 'draft')) {
      return `the model's "${model}" is "${real}" on the deployment; §3 names draft, so both say it or neither does`
    }
    const known = this.#forward.get(model)
    if (known !== undefined && known !== real) {
      return `the model's "${model}" was "${known}" on the deployment earlier in this sequence, now "${real}"`
    }
    const back = this.#backward.get(real)
    if (back !== undefined && back !== model) {
      return `the deployment's "${real}" stood for the model's "${back}" earlier in this sequence, now for "${model}"`
    }
    this.#forward.set(model, real)
    this.#backward.set(real, model)
    return undefined
  }
  copy(): Bijection {
    const copy = new Bijection()
    for (const [model, real] of this.#forward) copy.pair(model, real)
    return copy
  }
}

/** What one run of exploration knows: the records both sides created, how their ids and states pair. */
export class World {
  readonly records: Rec[] = []
  readonly steps: Step[] = []
  readonly #toReal = new Map<string, string>()
  readonly #toModel = new Map<string, string>()
  #states: Record<StateKind, Bijection> = {
    form: new Bijection(),
    session: new Bijection(),
    series: new Bijection(),
  }
  #variables = 0
  /** Set when the rest of the run cannot be compared (an inferred operation not offered). */
  aborted = false

  /** Records the model created and the deployment refused: left out of the model's lists. */
  readonly orphans = new Set<string>()

  /** Concurrent steps this run may still send (explore.ts bounds them per run). */
  togetherLeft = Number.POSITIVE_INFINITY

  /** The last record both sides changed (or created), and how: what a follow-up builds on. */
  lastWrite?: { rec: Rec; op: OperationId }

  constructor(
    readonly strict: boolean,
    /** The key roles this run has keys for. */
    readonly roles: ReadonlySet<KeyRole>,
    /** Inferred operations the deployment does not offer, learnt by earlier runs. */
    readonly notOffered: ReadonlySet<OperationId>,
    /** What may be sent, and the deployment's names for the profile's field kinds. */
    readonly vocabulary: ExploreVocabulary = new ExploreVocabulary({}, strict),
    /** The deployment's release (§9): what came later is never sent. */
    readonly scope: ReleaseScope = releaseScope(),
    /** What the whole exploration built and compared, across its runs. */
    readonly reach: Reach = new Reach(),
  ) {}

  /** Whether a command for `role` (and, for an inferred operation, `op`) can run now. */
  can(role: KeyRole, op?: OperationId): boolean {
    return !this.aborted && this.roles.has(role) && (op === undefined || !this.notOffered.has(op))
  }

  /** Whether activities of these kinds may be sent: each kind is in the deployment's release. */
  takes(activities: ReadonlyArray<{ kind: ActivityKind }>): boolean {
    return this.scope.takes(activities)
  }

  /**
   * A copy to try one order of a concurrent step on (linearize.ts): ids, states and records as
   * they are, so what the order pairs or learns is thrown away with it. Its records are copies;
   * `original` gives back the record a copy was made from.
   */
  fork(): World {
    const fork = new World(
      this.strict,
      this.roles,
      this.notOffered,
      this.vocabulary,
      this.scope,
      new Reach(),
    )
    for (const [model, real] of this.#toReal) {
      fork.#toReal.set(model, real)
      fork.#toModel.set(real, model)
    }
    for (const kind of Object.keys(this.#states) as StateKind[]) {
      fork.#states[kind] = this.#states[kind].copy()
    }
    for (const id of this.orphans) fork.orphans.add(id)
    for (const rec of this.records) {
      fork.records.push({
        ...rec,
        items: [...rec.items],
        changing: new Set(rec.changing),
        since: [...rec.since],
        ...(rec.seen ? { seen: { ...rec.seen } } : {}),
        ...(rec.readSince ? { readSince: new Set(rec.readSince) } : {}),
      })
    }
    fork.#variables = this.#variables
    fork.aborted = this.aborted
    fork.togetherLeft = this.togetherLeft
    return fork
  }

  /** Pairs a new id, or says why it cannot be paired. */
  pair(model: string, real: string): string | undefined {
    const known = this.#toReal.get(model)
    if (known !== undefined) {
      return known === real ? undefined : `id ${real} stands where ${known} was before`
    }
    const back = this.#toModel.get(real)
    if (back !== undefined) return `the deployment gave the id ${real} to two different records`
    this.#toReal.set(model, real)
    this.#toModel.set(real, model)
    return undefined
  }

  realOf(model: string): string | undefined {
    return this.#toReal.get(model)
  }
  modelOf(real: string): string | undefined {
    return this.#toModel.get(real)
  }

  /** Under --strict the names must be the profile's; otherwise any consistent naming will do. */
  state(kind: StateKind, model: string, real: string): string | undefined {
    if (this.strict && model !== real) return `the profile's "${model}", not "${real}"`
    return this.#states[kind].pair(model, real)
  }

  /** Deployment id → the shell variable the curl script keeps it in. */
  readonly variables = new Map<string, string>()

  variable(prefix: string): string {
    this.#variables += 1
    return `${prefix}_${this.#variables}`
  }

  /** The script reads `real` from this step's answer at `path` into a new variable. */
  capture(step: Step, prefix: string, real: string, path: Array<string | number>): string {
    const variable = this.variable(prefix)
    step.captures.push({ variable, real, path })
    this.variables.set(real, variable)
    return variable
  }

  add(record: Omit<Rec, 'items' | 'deleted' | 'changing' | 'since'> & { items?: Pair[] }): Rec {
    const rec: Rec = { items: [], deleted: false, changing: new Set(), since: [], ...record }
    this.records.push(rec)
    return rec
  }

  /** The record of this run behind one side's id, if any. */
  recordOf(side: 'model' | 'real', id: unknown): Rec | undefined {
    return typeof id === 'string' ? this.records.find((r) => r[side] === id) : undefined
  }

  /** The `pick`-th live record of `kind` (modulo their number), or none yet. */
  pick(kind: Kind, pick: number): Rec | undefined {
    const live = this.records.filter((r) => r.kind === kind && !r.deleted && !r.loose)
    return live.length === 0 ? undefined : live[pick % live.length]
  }

  has(kind: Kind): boolean {
    return this.records.some((r) => r.kind === kind && !r.deleted && !r.loose)
  }

  /** Whether a record is no longer compared (a choice of the deployment the model cannot follow). */
  ignored(modelId: string): boolean {
    return this.orphans.has(modelId) || this.recordOf('model', modelId)?.loose !== undefined
  }
}

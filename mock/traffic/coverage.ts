import { BODY_CONDITIONS, ERROR_CONDITIONS, type ErrorCondition } from '../../contract/errors.ts'
import { isObject } from '../../contract/json.ts'
import { inRelease, LATEST_RELEASE, type Release } from '../../contract/releases.ts'
import type { RouteDef } from '../../contract/route.ts'
import { CONDITION_SUMMARIES } from '../../contract/summaries.ts'
import { contract, type OperationId, operationIds } from '../../contract/table.ts'
import { TRANSITIONS, type TransitionId, transitionIds } from '../../contract/transitions.ts'
import { Recent } from './memory.ts'

/**
 * Contract coverage: which outcomes of each operation, and which §3 transitions, a run exercised,
 * and where. The outcomes are computed from the endpoint table (contract/table.ts) and the error
 * conditions (contract/errors.ts); the transitions from contract/transitions.ts. Transport-free:
 * the catalog, exploration, the proxy, `check-traffic` and the browser's watch feed one recorder.
 */

/**
 * What an answer was: a success, or the refusal of one condition. `credential`: no credential, or
 * one the deployment does not accept (§5, the profile's `unauthorized`); `foreign`: another
 * organization's record (§5.2); `not_found`: an unknown id.
 */
export type Outcome = 'success' | 'credential' | 'foreign' | ErrorCondition

/** Documented: the reference decides it. Profile: only our profile does (counted apart). */
export type Layer = 'documented' | 'profile'

export interface OutcomeDef {
  outcome: Outcome
  layer: Layer
  label: string
}

const LABELS: Partial<Record<Outcome, string>> = {
  success: 'success',
  credential: 'missing or unknown credential (§5)',
  foreign: "another organization's record (§5)",
  not_found: 'unknown id',
  invalid_body: 'body failing validation (§7)',
}

/**
 * An outcome as every coverage list names it, in one style: lower case, no full stop, its section
 * last (`publishing a form that has no field (§7.1)`), after its operation's id in the lists.
 */
export const outcomeLabel = (outcome: Outcome): string => {
  const known = LABELS[outcome]
  if (known !== undefined) return known
  if (!(outcome in ERROR_CONDITIONS)) return outcome
  const summary = CONDITION_SUMMARIES[outcome as ErrorCondition]
  const [, section, text = summary] = /^(§[\d.]+) (.*)$/.exec(summary) ?? []
  const phrase = `${text.charAt(0).toLowerCase()}${text.slice(1)}`.replace(/\.$/, '')
  return section ? `${phrase} (${section})` : phrase
}

/** What a coverage list says of an operation with no exchange at all. */
export const NOT_CALLED = 'not called'

/** Short column names of the matrix, in the order it shows them. */
export const OUTCOME_ORDER: readonly Outcome[] = [
  'success',
  'credential',
  'foreign',
  'not_found',
  'invalid_body',
  'invalid_field_config',
  'incomplete_reorder',
  'publish_without_field',
  'team_not_allowed',
  'missing_entitlement',
  'state_conflict',
  'duplicate_team_name',
  'limit_exceeded',
  'malformed_json',
  'payload_too_large',
  'unsupported_media_type',
]

/**
 * Each outcome the reference documents for an operation: its success, a missing credential (§5),
 * another organization's record and an unknown id where it addresses one, a body failing
 * validation where it takes one, and the §7 known conditions the table gives it. The rest of the
 * table's conditions (and every condition of an inferred operation, whose shapes §4 does not show)
 * are the profile's.
 */
export const outcomesOf = (op: OperationId): readonly OutcomeDef[] => {
  let defs = OUTCOMES.get(op)
  if (!defs) {
    defs = computeOutcomes(op)
    OUTCOMES.set(op, defs)
  }
  return defs
}
// Asked of every refusal a proxy sees: computed once per operation.
const OUTCOMES = new Map<OperationId, readonly OutcomeDef[]>()

const computeOutcomes = (op: OperationId): OutcomeDef[] => {
  const route: RouteDef = contract[op]
  const documented = route.inferred !== true
  const layer = (known: boolean): Layer => (documented && known ? 'documented' : 'profile')
  const defs: OutcomeDef[] = [
    { outcome: 'success', layer: 'documented', label: 'success' },
    { outcome: 'credential', layer: layer(true), label: outcomeLabel('credential') },
  ]
  if (route.errors.includes('not_found')) {
    defs.push({ outcome: 'foreign', layer: layer(true), label: outcomeLabel('foreign') })
    defs.push({ outcome: 'not_found', layer: layer(true), label: outcomeLabel('not_found') })
  }
  const conditions = new Set<ErrorCondition>(route.errors.filter((c) => c !== 'not_found'))
  if (route.body) for (const c of BODY_CONDITIONS) conditions.add(c)
  for (const condition of conditions) {
    const known = condition === 'invalid_body' || ERROR_CONDITIONS[condition].known
    defs.push({ outcome: condition, layer: layer(known), label: outcomeLabel(condition) })
  }
  const rank = (o: Outcome) => {
    const i = OUTCOME_ORDER.indexOf(o)
    return i < 0 ? OUTCOME_ORDER.length : i
  }
  return defs.sort((a, b) => rank(a.outcome) - rank(b.outcome))
}

/** Where an outcome was seen: the check, the exploration step, the exchange's number. */
export interface Where {
  check?: string
  step?: string
  exchange?: number
}

export type CellState = 'seen' | 'failed' | 'not-seen' | 'not-in-release'

export interface CoverageCell {
  outcome: Outcome
  label: string
  layer: Layer
  state: CellState
  /** How many answers had this outcome (failed ones included). */
  count: number
  /** The first place it was seen, and the first place it failed. */
  where?: Where
  failedWhere?: Where
}

export interface CoverageOperation {
  operation: OperationId
  /** `POST /forms/{id}/publish`. */
  request: string
  inferred: boolean
  inRelease: boolean
  exchanges: number
  cells: CoverageCell[]
  /** Answers counted as no outcome: server errors, refusals without a §7 shape or an unplaceable condition. */
  unclassified: number
  /**
   * Answers that showed the operation absent (see `showsAbsent`), counted nowhere: no other
   * answer of the operation showed it exists.
   */
  absent: number
}

export interface CoverageTransition {
  transition: TransitionId
  operation: OperationId
  summary: string
  state: CellState
  count: number
  where?: Where
  failedWhere?: Where
}

export interface Tally {
  seen: number
  total: number
}

/** The `coverage` section of conformance.json. */
export interface CoverageSummary {
  /** What the counts are of: what a run tried, or what observed traffic (an app) used. */
  kind: 'run' | 'traffic'
  release: Release
  operations: Tally & { notSeen: OperationId[] }
  /** The documented error conditions (§5, §7, unknown ids, bodies) over every operation. */
  conditions: Tally
  /** What only our profile decides, counted apart. */
  profileConditions: Tally
  transitions: Tally & { notSeen: TransitionId[] }
  /** Documented outcomes and transitions never seen, as `closeForm: unknown id`. */
  neverSeen: string[]
  /** The one summary line. */
  line: string
  matrix: CoverageOperation[]
  transitionList: CoverageTransition[]
}

/** What the recorder needs of one answer. */
export interface CoverageEntry {
  op: OperationId
  /** The path's parameters (the record addressed). */
  params?: Readonly<Record<string, string>>
  /** What the answer was; undefined: a refusal whose condition is not known (or a 5xx, not counted). */
  outcome: Outcome | undefined
  /** The answer's JSON body, for the record's phase (draft or not) after a success. */
  answer?: unknown
  where: Where
  /** The answer broke what the reference decides for this outcome. */
  failed?: boolean
  /** The answer's HTTP status: a 404 or 405 may show the operation absent (`showsAbsent`). */
  status?: number
}

/** An error text saying the deployment has no such route (the mock's own: "No operation matches …"). */
const NO_ROUTE =
  /\bno (?:such )?(?:operation|route|endpoint|handler)s?\b|\b(?:operation|route|endpoint) not found\b|\bunknown (?:operation|route|endpoint)\b/i

/**
 * Whether an answer shows the deployment has no such operation, so it covers nothing of it: a 405
 * (the path is served, not with this method), a 404 where the path addresses no record (no record
 * can be "not found" on `/series`), or a 404 whose error says no route or operation matches. §7
 * leaves statuses open, so a deployment may also give such a status to a refusal (a missing
 * entitlement as 404): the Coverage counts these answers once another answer of the operation shows
 * it exists.
 */
export const showsAbsent = (op: OperationId, status: number | undefined, answer: unknown) => {
  if (status === 405) return true
  if (status !== 404) return false
  if (!contract[op].path.includes('{')) return true
  const said = isObject(answer) ? (answer.error ?? answer.message) : undefined
  return typeof said === 'string' && NO_ROUTE.test(said)
}

type Phase = 'draft' | 'accepting' | 'closed' | 'open' | 'ended' | 'unknown'
interface Known {
  phase: Phase
  teamMode?: boolean
}

interface Cell {
  count: number
  where?: Where
  failedWhere?: Where
}

/** The resource an answer carries (`{ form }`, `{ session }`). */
const resourceOf = (answer: unknown, key: string): Record<string, unknown> | undefined => {
  if (!isObject(answer)) return undefined
  const item = answer[key]
  return isObject(item) && typeof item.id === 'string' ? item : undefined
}

const NEVER_SEEN_IN_LINE = 8

/** Answers of an operation not yet shown to exist, held back: counted once it shows, else nowhere. */
interface Held {
  exchanges: number
  unclassified: number
  cells: Map<string, Cell>
}

/**
 * Why a run never saw an outcome, when it can tell: what it lacked (a key, a deployment file key
 * of a blocked check). Said beside the outcome wherever the never-seen list is shown.
 */
export type UnseenBecause = (op: OperationId, outcome: Outcome) => string | undefined

/** Records outcomes and transitions as a run or traffic meets them; `summary()` is the report's. */
export class Coverage {
  readonly #cells = new Map<string, Cell>()
  readonly #exchanges = new Map<OperationId, number>()
  readonly #unclassified = new Map<OperationId, number>()
  /** Operations an answer showed to exist: a success, or a refusal other than a credential's. */
  readonly #present = new Set<OperationId>()
  readonly #held = new Map<OperationId, Held>()
  readonly #transitions = new Map<TransitionId, Cell>()
  readonly #records = new Recent<Known>(10_000, () => ({ phase: 'unknown' }))

  constructor(
    readonly kind: 'run' | 'traffic' = 'run',
    readonly release: Release = LATEST_RELEASE,
    private readonly unseenBecause?: UnseenBecause,
  ) {}

  /**
   * One answer of `op`; returns the §3 transition it made, if any. An answer that shows the
   * operation absent is held back until another answer shows it exists (a credential refused
   * does not: many deployments check it before any route), and makes no transition.
   */
  record(entry: CoverageEntry): TransitionId | undefined {
    const { op, outcome } = entry
    if (!this.#present.has(op)) {
      if (showsAbsent(op, entry.status, entry.answer)) {
        this.#hold(entry)
        return undefined
      }
      if (outcome !== undefined && outcome !== 'credential') this.#release(op)
    }
    this.#exchanges.set(op, (this.#exchanges.get(op) ?? 0) + 1)
    if (outcome === undefined) {
      this.#unclassified.set(op, (this.#unclassified.get(op) ?? 0) + 1)
      return undefined
    }
    this.#mark(this.#cells, `${op} ${outcome}`, entry.where, entry.failed === true)
    const transition = this.#transition(entry)
    if (transition) this.#mark(this.#transitions, transition, entry.where, entry.failed === true)
    return transition
  }

  #hold(entry: CoverageEntry) {
    const { op, outcome } = entry
    let held = this.#held.get(op)
    if (!held) {
      held = { exchanges: 0, unclassified: 0, cells: new Map() }
      this.#held.set(op, held)
    }
    held.exchanges += 1
    if (outcome === undefined) held.unclassified += 1
    else this.#mark(held.cells, `${op} ${outcome}`, entry.where, entry.failed === true)
  }

  /** `op` showed it exists: what was held back of it counts, before the answer that showed it. */
  #release(op: OperationId) {
    this.#present.add(op)
    const held = this.#held.get(op)
    if (!held) return
    this.#held.delete(op)
    this.#exchanges.set(op, (this.#exchanges.get(op) ?? 0) + held.exchanges)
    this.#unclassified.set(op, (this.#unclassified.get(op) ?? 0) + held.unclassified)
    for (const [key, cell] of held.cells) {
      // A credential refused (or an answer of no outcome) may have been counted meanwhile.
      const counted = this.#cells.get(key)
      if (!counted) {
        this.#cells.set(key, cell)
        continue
      }
      const earlier = (a?: Where, b?: Where) =>
        a && (!b || (a.exchange ?? Infinity) <= (b.exchange ?? Infinity)) ? a : b
      counted.count += cell.count
      const where = earlier(cell.where, counted.where)
      if (where) counted.where = where
      const failedWhere = earlier(cell.failedWhere, counted.failedWhere)
      if (failedWhere) counted.failedWhere = failedWhere
    }
  }

  /** Marks an outcome (and the transition it made) already recorded as failed: a later assertion on that answer failed. */
  fail(op: OperationId, outcome: Outcome, where: Where, transition?: TransitionId): void {
    const key = `${op} ${outcome}`
    const cell = this.#cells.get(key) ?? this.#held.get(op)?.cells.get(key)
    if (cell) cell.failedWhere ??= where
    const made = transition ? this.#transitions.get(transition) : undefined
    if (made) made.failedWhere ??= where
  }

  #mark<K>(map: Map<K, Cell>, key: K, where: Where, failed: boolean) {
    let cell = map.get(key)
    if (!cell) {
      cell = { count: 0, where }
      map.set(key, cell)
    }
    cell.count += 1
    if (failed) cell.failedWhere ??= where
  }

  /** The §3 transition this answer made, from the phase the record was last seen in. */
  #transition(entry: CoverageEntry): TransitionId | undefined {
    const { op, outcome, params, answer } = entry
    const id = params?.id
    const form = resourceOf(answer, 'form')
    const session = resourceOf(answer, 'session')
    // A copy: the record's entry is changed below.
    const known = id === undefined ? undefined : this.#records.get(id)
    const before = known ? { ...known } : undefined
    const remember = (record: Record<string, unknown> | undefined, phase: Phase) => {
      if (!record) return
      const known = this.#records.touch(record.id as string)
      known.phase = phase
      if (typeof record.teamMode === 'boolean') known.teamMode = record.teamMode
    }
    const draft = (record: Record<string, unknown> | undefined) => record?.status === 'draft'
    if (outcome !== 'success') {
      if (op === 'addTeam' && outcome === 'team_not_allowed' && before) {
        if (before.phase === 'open' || before.phase === 'ended') return 'teamNotDraft'
        if (before.phase === 'draft') return 'teamNoTeamMode'
      }
      return undefined
    }
    switch (op) {
      case 'createForm':
        remember(form, draft(form) ? 'draft' : 'accepting')
        return form && !draft(form) ? 'publishOnCreate' : undefined
      case 'createSession':
        remember(session, draft(session) ? 'draft' : 'open')
        return session && !draft(session) ? 'openOnCreate' : undefined
      case 'publishForm':
        if (id !== undefined) this.#records.touch(id).phase = 'accepting'
        return before?.phase === 'draft' ? 'publishDraft' : undefined
      case 'closeForm':
        if (id !== undefined) this.#records.touch(id).phase = 'closed'
        return before?.phase === 'accepting' ? 'closeAccepting' : undefined
      case 'openSession':
        if (id !== undefined) this.#records.touch(id).phase = 'open'
        return before?.phase === 'draft' ? 'openDraft' : undefined
      case 'endSession':
        if (id !== undefined) this.#records.touch(id).phase = 'ended'
        return before?.phase === 'open' ? 'endOpen' : undefined
      case 'addTeam':
        return before?.phase === 'draft' ? 'teamOnDraft' : undefined
      case 'setTeamMode':
        if (session) remember(session, draft(session) ? 'draft' : (before?.phase ?? 'unknown'))
        return undefined
      case 'getForm':
        // A read tells a draft from the rest; which of the rest, only the operations that led there.
        if (form && (draft(form) || before === undefined || before.phase === 'draft')) {
          remember(form, draft(form) ? 'draft' : 'unknown')
        }
        return undefined
      default:
        return undefined
    }
  }

  summary(): CoverageSummary {
    const offered = (op: OperationId) => inRelease(contract[op].since as Release, this.release)
    const cellState = (cell: Cell | undefined, inRelease: boolean): CellState =>
      !inRelease
        ? 'not-in-release'
        : cell === undefined
          ? 'not-seen'
          : cell.failedWhere
            ? 'failed'
            : 'seen'
    const matrix: CoverageOperation[] = operationIds.map((op) => {
      const route: RouteDef = contract[op]
      const here = offered(op)
      return {
        operation: op,
        request: `${route.method} ${route.path}`,
        inferred: route.inferred === true,
        inRelease: here,
        exchanges: this.#exchanges.get(op) ?? 0,
        unclassified: this.#unclassified.get(op) ?? 0,
        absent: this.#held.get(op)?.exchanges ?? 0,
        // Traffic cannot tell another organization's record from an unknown id: no cell of its own.
        cells: outcomesOf(op)
          .filter((def) => this.kind === 'run' || def.outcome !== 'foreign')
          .map((def) => {
            const cell = this.#cells.get(`${op} ${def.outcome}`)
            return {
              ...def,
              state: cellState(cell, here),
              count: cell?.count ?? 0,
              ...(cell?.where ? { where: cell.where } : {}),
              ...(cell?.failedWhere ? { failedWhere: cell.failedWhere } : {}),
            }
          }),
      }
    })
    const transitionList: CoverageTransition[] = transitionIds.map((id) => {
      const def = TRANSITIONS[id]
      const cell = this.#transitions.get(id)
      return {
        transition: id,
        operation: def.operation,
        summary: def.summary,
        state: cellState(cell, offered(def.operation)),
        count: cell?.count ?? 0,
        ...(cell?.where ? { where: cell.where } : {}),
        ...(cell?.failedWhere ? { failedWhere: cell.failedWhere } : {}),
      }
    })
    const live = matrix.filter((row) => row.inRelease)
    const seen = (state: CellState) => state === 'seen' || state === 'failed'
    const conditionCells = (layer: Layer) =>
      live.flatMap((row) => row.cells.filter((c) => c.outcome !== 'success' && c.layer === layer))
    const documented = conditionCells('documented')
    const profile = conditionCells('profile')
    const liveTransitions = transitionList.filter((t) => t.state !== 'not-in-release')
    const operationsNotSeen = live.filter((row) => row.exchanges === 0).map((row) => row.operation)
    // One style: the operation's id, then what of it (transitions by their own name); each unseen
    // outcome with what the run lacked to see it, when it can tell.
    const notCalled = operationsNotSeen.map((op) => `${op}: ${NOT_CALLED}`)
    const unseen = live
      .filter((row) => row.exchanges > 0)
      .flatMap((row) =>
        row.cells
          .filter((c) => c.layer === 'documented' && !seen(c.state))
          .map((c) => ({
            item: `${row.operation}: ${c.label}`,
            because: this.unseenBecause?.(row.operation, c.outcome),
          })),
      )
    const unseenTransitions = liveTransitions
      .filter((t) => !seen(t.state))
      .map((t) => `transition: ${t.summary}`)
    const neverSeen = [
      ...notCalled,
      ...unseen.map(({ item, because }) => (because ? `${item} (${because})` : item)),
      ...unseenTransitions,
    ]
    // The line names the items bare, then each reason once with how many it explains.
    const inLine = [...notCalled, ...unseen.map((u) => u.item), ...unseenTransitions]
    const reasons = new Map<string, number>()
    for (const { because } of unseen) {
      if (because) reasons.set(because, (reasons.get(because) ?? 0) + 1)
    }
    const why = [...reasons].map(([because, n]) => `; ${n} of them: ${because}`).join('')
    const tally = (list: readonly { state: CellState }[]): Tally => ({
      seen: list.filter((c) => seen(c.state)).length,
      total: list.length,
    })
    const operations = { seen: live.length - operationsNotSeen.length, total: live.length }
    const conditions = tally(documented)
    const profileConditions = tally(profile)
    const transitions = tally(liveTransitions)
    const shown = inLine.slice(0, NEVER_SEEN_IN_LINE).join('; ')
    const more = inLine.length - NEVER_SEEN_IN_LINE
    const never = this.kind === 'traffic' ? 'never used' : 'never seen'
    const line = `${this.kind === 'traffic' ? 'What your app uses: ' : ''}operations ${operations.seen}/${operations.total}, error conditions ${conditions.seen}/${conditions.total}, transitions ${transitions.seen}/${transitions.total} (profile-only conditions ${profileConditions.seen}/${profileConditions.total})${neverSeen.length > 0 ? `; ${never}: ${shown}${more > 0 ? `; and ${more} more` : ''}${why}` : `; nothing documented ${never}`}`
    return {
      kind: this.kind,
      release: this.release,
      operations: { ...operations, notSeen: operationsNotSeen },
      conditions,
      profileConditions,
      transitions: {
        ...transitions,
        notSeen: liveTransitions.filter((t) => !seen(t.state)).map((t) => t.transition),
      },
      neverSeen,
      line,
      matrix,
      transitionList,
    }
  }
}

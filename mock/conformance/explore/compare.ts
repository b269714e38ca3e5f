import * as z from 'zod'
import { errorSchemas } from '../../../contract/errors.ts'
import type { Obj } from '../../../contract/json.ts'
import { EngagementMockError } from '../../../contract/mock-error.ts'
import { contract, type OperationId, routeOf } from '../../../contract/table.ts'
import { label, orderViolations } from './engine.ts'
import type { Rec, Step, World } from './world.ts'

/** The deployment answered one step differently from the model, at the documented layer. */
export class Divergence extends EngagementMockError {
  override name = 'Divergence'
  constructor(
    readonly step: Step,
    readonly differences: readonly string[],
  ) {
    super(`${label(step.op)} (${step.intent}): ${differences.join('; ')}`)
  }
}

const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const str = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))
const ok = (status: number) => status >= 200 && status <= 299

/** Collects the differences of one answer; `at` names where in the body they are. */
class Diff {
  readonly found: string[] = []
  constructor(readonly world: World) {}
  add(problem: string | undefined, at: string): void {
    if (problem) this.found.push(`${at}: ${problem}`)
  }
  same(model: unknown, real: unknown, at: string): void {
    if (JSON.stringify(model) !== JSON.stringify(real)) {
      this.found.push(
        `${at}: the model has ${JSON.stringify(model)}, the deployment ${JSON.stringify(real)}`,
      )
    }
  }
  /** Ids: a new one is paired, a known one must be the one paired before. */
  id(model: unknown, real: unknown, at: string): void {
    this.add(this.world.pair(str(model), str(real)), `${at}.id`)
  }
  items(model: unknown, real: unknown, at: string, extra: (m: Obj, r: Obj, at: string) => void) {
    const [m, r] = [arr(model), arr(real)]
    if (m.length !== r.length) {
      this.found.push(`${at}: the model has ${m.length} items, the deployment ${r.length}`)
      return
    }
    m.forEach((item, i) => {
      const [mi, ri] = [obj(item), obj(r[i])]
      this.id(mi.id, ri.id, `${at}[${i}]`)
      extra(mi, ri, `${at}[${i}]`)
    })
  }
}

const kindOnly = (d: Diff) => (m: Obj, r: Obj, at: string) => d.same(m.kind, r.kind, `${at}.kind`)
/** A field's kind as the deployment names it (its file's vocabulary); the model says the profile's. */
const fieldKind = (d: Diff) => (m: Obj, r: Obj, at: string) =>
  d.same(d.world.vocabulary.realKind(str(m.kind)), r.kind, `${at}.kind`)

/** JSON with sorted keys: two answers of one deployment may order an object's keys differently. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  )

/**
 * The parts of a form or session a sequence keeps unless an operation names them. The state is
 * one: a list that shows a record otherwise than the deployment's own read of it just before,
 * with nothing sent on it in between, shows it stale.
 */
const FRAMES = {
  form: (r: Obj) => ({
    status: r.status,
    title: r.title,
    description: r.description,
    settings: r.settings,
    fields: arr(r.fields).map((f) => ({ id: obj(f).id, kind: obj(f).kind, config: obj(f).config })),
  }),
  session: (r: Obj) => ({
    status: r.status,
    title: r.title,
    mode: r.mode,
    activities: arr(r.activities).map((a) => ({ id: obj(a).id, kind: obj(a).kind })),
  }),
}
type Framed = keyof typeof FRAMES
const framed = (kind: string): kind is Framed => kind in FRAMES

/**
 * The deployment's record against its own last view: a part no operation since has named
 * (publish names the state, not the title, the settings or the fields) must read the same. The
 * model cannot say this where the reference leaves values open (defaults, normalised configs), the
 * deployment's own earlier answer can. `source` is the operation whose answer shows the record.
 * Returns whether an earlier view of another operation was compared.
 */
const frame = (d: Diff, rec: Rec, r: Obj, at: string, source: OperationId): boolean => {
  if (!framed(rec.kind)) return false
  const now = Object.fromEntries(
    Object.entries(FRAMES[rec.kind](r)).map(([part, value]) => [part, canonical(value)]),
  )
  const own = rec.seen !== undefined && rec.seenFrom !== source
  if (rec.seen) {
    for (const [part, value] of Object.entries(now)) {
      const before = rec.seen[part]
      if (before === undefined || rec.changing.has(part) || before === value) continue
      const ops = rec.since.length > 0 ? rec.since.join(', ') : 'no operation'
      const where = rec.seenFrom ? ` (${label(rec.seenFrom)} showed it)` : ''
      d.found.push(
        `${at}.${part} changed although no operation since the last view${where} names it (${ops}): it was ${before}, now ${value}`,
      )
    }
  }
  rec.seen = now
  rec.seenFrom = source
  rec.changing.clear()
  rec.since = []
  return own
}

/**
 * An operation whose answer shows the part it names: that part is now known as the deployment
 * stores it, so a later answer is held to it (a publish that resets the settings just replaced).
 * §4: the settings replace answers `{ form: { id, settings } }`, the stored settings.
 */
export const settle = (rec: Rec | undefined, step: Step): void => {
  if (!rec || step.op !== 'replaceFormSettings') return
  const settings = obj(obj(step.real.body).form).settings
  if (settings === undefined) return
  rec.seen = { ...(rec.seen ?? {}), settings: canonical(settings) }
  rec.seenFrom ??= step.op
  rec.changing.delete('settings')
}

/** The documented facts of each resource that a sequence must keep (ids paired, states mapped). */
const VIEWS = {
  form(d: Diff, m: Obj, r: Obj, at: string) {
    d.id(m.id, r.id, at)
    d.same(m.title, r.title, `${at}.title`)
    const rec = d.world.records.find((x) => x.model === m.id)
    if (rec?.described) d.same(m.description, r.description, `${at}.description`)
    d.add(d.world.state('form', str(m.status), str(r.status)), `${at}.status`)
    d.items(m.fields, r.fields, `${at}.fields`, fieldKind(d))
  },
  session(d: Diff, m: Obj, r: Obj, at: string) {
    d.id(m.id, r.id, at)
    d.same(m.title, r.title, `${at}.title`)
    d.add(d.world.state('session', str(m.status), str(r.status)), `${at}.status`)
    d.items(m.activities, r.activities, `${at}.activities`, kindOnly(d))
  },
  series(d: Diff, m: Obj, r: Obj, at: string) {
    d.id(m.id, r.id, at)
    d.same(m.title, r.title, `${at}.title`)
    d.add(d.world.state('series', str(m.status), str(r.status)), `${at}.status`)
    d.same(
      arr(m.teams).map((t) => obj(t).name),
      arr(r.teams).map((t) => obj(t).name),
      `${at}.teams (names in order)`,
    )
    d.same(
      arr(m.rounds).map((t) => obj(t).title),
      arr(r.rounds).map((t) => obj(t).title),
      `${at}.rounds (titles in order)`,
    )
  },
  report(d: Diff, m: Obj, r: Obj, at: string) {
    d.id(m.id, r.id, at)
    d.same(m.title, r.title, `${at}.title`)
    d.same(m.brandLabel, r.brandLabel, `${at}.brandLabel`)
  },
  item(d: Diff, m: Obj, r: Obj, at: string) {
    d.id(m.id, r.id, at)
    d.same(m.kind, r.kind, `${at}.kind`)
  },
  field(d: Diff, m: Obj, r: Obj, at: string) {
    d.id(m.id, r.id, at)
    fieldKind(d)(m, r, at)
  },
  team(d: Diff, m: Obj, r: Obj, at: string) {
    d.same(m.name, r.name, `${at}.name`)
  },
  settings(d: Diff, m: Obj, r: Obj, at: string) {
    d.id(m.id, r.id, at)
  },
} satisfies Record<string, (d: Diff, m: Obj, r: Obj, at: string) => void>
type View = keyof typeof VIEWS

/** Where each operation's answer keeps its resource, and how to compare it. */
const ENVELOPES: Partial<Record<OperationId, [string, View]>> = {
  createForm: ['form', 'form'],
  getForm: ['form', 'form'],
  updateForm: ['form', 'form'],
  publishForm: ['form', 'form'],
  closeForm: ['form', 'form'],
  replaceFormSettings: ['form', 'settings'],
  addField: ['field', 'field'],
  replaceFieldConfig: ['field', 'field'],
  createSession: ['session', 'session'],
  openSession: ['session', 'session'],
  endSession: ['session', 'session'],
  setTeamMode: ['session', 'session'],
  presentActivity: ['session', 'session'],
  addActivity: ['activity', 'item'],
  addTeam: ['team', 'team'],
  createSeries: ['series', 'series'],
  createSponsorReport: ['report', 'report'],
}
const LISTS: Partial<Record<OperationId, [string, View]>> = {
  listForms: ['forms', 'form'],
  listSessions: ['sessions', 'session'],
  listSeries: ['series', 'series'],
  listSponsorReports: ['reports', 'report'],
}

/**
 * A list holds records of many runs and organizations: only this run's are compared, for
 * membership (none lost, none of another organization gained) and newest-first order. Two records
 * the deployment stamped with the same createdAt may come in either order.
 */
const compareList = (
  d: Diff,
  op: OperationId,
  all: unknown[],
  real: unknown[],
  view: View,
  at: string,
) => {
  // Records the deployment chose differently for (follow.ts) are no longer compared.
  const model = all.filter((item) => !d.world.ignored(str(obj(item).id)))
  const mine = real
    .map((item, position) => ({ item: obj(item), position }))
    .filter(({ item }) => {
      const id = d.world.modelOf(str(item.id))
      return id !== undefined && !d.world.ignored(id)
    })
  const modelIds = model.map((item) => str(obj(item).id))
  const realIds = mine.map(({ item }) => d.world.modelOf(str(item.id)) as string)
  const missing = modelIds.filter((id) => !realIds.includes(id))
  const extra = realIds.filter((id) => !modelIds.includes(id))
  const name = (id: string) => d.world.realOf(id) ?? id
  if (missing.length > 0)
    d.found.push(`${at}: missing ${missing.map(name).join(', ')}, which the model lists`)
  if (extra.length > 0)
    d.found.push(`${at}: lists ${extra.map(name).join(', ')}, which the model does not`)
  if (missing.length > 0 || extra.length > 0) return
  for (let i = 0; i < mine.length; i++) {
    for (let j = i + 1; j < mine.length; j++) {
      const [a, b] = [mine[i], mine[j]]
      if (!a || !b) continue
      const [ma, mb] = [
        modelIds.indexOf(realIds[i] as string),
        modelIds.indexOf(realIds[j] as string),
      ]
      if (ma > mb && a.item.createdAt !== b.item.createdAt) {
        d.found.push(
          `${at}: ${str(a.item.id)} comes before ${str(b.item.id)}; the model has them the other way round (newest first)`,
        )
      }
    }
  }
  for (const m of model) {
    const r = mine.find(({ item }) => d.world.modelOf(str(item.id)) === obj(m).id)
    if (!r) continue
    VIEWS[view](d, obj(m), r.item, `${at}[${r.position}]`)
    const rec = d.world.recordOf('model', obj(m).id)
    if (rec) listed(d, rec, r.item, `${at}[${r.position}]`, op, true)
  }
  // A record the model no longer follows is still held to the deployment's own view of it.
  real.forEach((item, position) => {
    const rec = d.world.recordOf('real', obj(item).id)
    if (rec?.loose && !rec.deleted) listed(d, rec, obj(item), `${at}[${position}]`, op, false)
  })
}

/** One list item of this run's record against the deployment's own last view; counted. */
const listed = (d: Diff, rec: Rec, item: Obj, at: string, op: OperationId, model: boolean) => {
  const own = frame(d, rec, item, at, op)
  d.world.reach.item(label(op), rec.lastOp ? label(rec.lastOp) : 'nothing', { model, own })
}

const describeClass = (status: number) =>
  ok(status) ? `accepted (${status})` : `refused (${status})`

/**
 * Compares one step at the documented layer: success or refusal, the error's documented shape
 * (§7), the documented schema and order of a success (§2, §4), and the resource as this run knows
 * it. Exact status codes, ids, messages and the profile's schema only under --strict.
 */
export const differences = (step: Step, world: World): string[] => {
  const { model, real, op } = step
  const route = contract[op]
  if (real.status === 0) return [`no answer: ${real.error ?? 'unknown network failure'}`]
  if (real.status >= 500)
    return [`the deployment failed with ${real.status}; the model ${describeClass(model.status)}`]
  if (ok(model.status) !== ok(real.status)) {
    return [
      `the model ${describeClass(model.status)}, the deployment ${describeClass(real.status)}`,
    ]
  }
  const d = new Diff(world)
  if (world.strict && model.status !== real.status) {
    d.found.push(`status ${real.status}, the profile's is ${model.status} (--strict)`)
  }
  // §4 names the inferred operations without their answers or errors: only success or refusal.
  if (routeOf(op).inferred && !world.strict) return d.found
  if (!ok(real.status)) {
    if (real.unread !== undefined) return [`the error ${real.unread}`]
    const documented = errorSchemas.plain.documented.safeParse(real.body)
    if (!documented.success) d.found.push('the error body is not the §7 shape { error: string }')
    if (route.errorShape === 'plain' && 'issues' in obj(real.body)) {
      d.found.push('the error carries issues: §7 gives that shape to five other operations')
    }
    if (route.errorShape === 'validation' && 'issues' in obj(model.body)) {
      const parsed = errorSchemas.validation.documented.safeParse(real.body)
      if (!parsed.success)
        d.found.push(
          'a body error without the §7 validation shape { error, issues: [{ path, message }] }',
        )
    }
    if (world.strict && !errorSchemas[route.errorShape].profile.safeParse(real.body).success) {
      d.found.push(`not the profile's ${route.errorShape} error shape (--strict)`)
    }
    return d.found
  }
  // Too deep or too long to read (failure.ts): said as such, not as a schema mismatch.
  if (real.unread !== undefined) return [`the ${real.unread}`]
  const parsed = route.success.documented.safeParse(real.body)
  if (!parsed.success)
    return [`the answer does not match the documented schema: ${z.prettifyError(parsed.error)}`]
  d.found.push(...orderViolations(real.body))
  if (world.strict && !route.success.profile.safeParse(real.body).success) {
    d.found.push("the answer does not match the profile's schema (--strict)")
  }
  const envelope = ENVELOPES[op]
  // A record the deployment chose differently for (explore/follow.ts) is no longer compared.
  const ignored = envelope && world.ignored(str(obj(obj(model.body)[envelope[0]]).id))
  if (envelope && !ignored) {
    const [key, view] = envelope
    const [m, r] = [obj(obj(model.body)[key]), obj(obj(real.body)[key])]
    VIEWS[view](d, m, r, key)
    const rec = world.recordOf('model', m.id)
    if (rec && (view === 'form' || view === 'session')) frame(d, rec, r, key, op)
  }
  const list = LISTS[op]
  if (list) {
    const [key, view] = list
    compareList(d, op, arr(obj(model.body)[key]), arr(obj(real.body)[key]), view, key)
  }
  return d.found
}

/** Throws the step's divergence, if any. */
export const compare = (step: Step, world: World): void => {
  const found = differences(step, world)
  if (found.length > 0) throw new Divergence(step, found)
}

/**
 * The follow-up: a second operation on a record of the run, after the last one sent on it. A
 * fault only a sequence shows needs two operations on one record (a change then a transition, the
 * same write twice, a transition then a read), which commands picked one by one rarely line up:
 * of every record and every operation that can follow its last one, it sends the pair this
 * exploration has sent least so far (Reach), so every pair comes round within the bound.
 */
import fc from 'fast-check'
import type { ActivityInput } from '../../../../contract/activities.ts'
import type { FieldInput } from '../../../../contract/fields.ts'
import type { OperationId } from '../../../../contract/table.ts'
import type { Bodies } from '../bodies.ts'
import { READS } from '../decide.ts'
import { label } from '../engine.ts'
import { idOn, type Sides, send } from '../step.ts'
import type { Rec, Step, World } from '../world.ts'
import { rotation } from './forms.ts'
import { command, idAt, ok, params, pick, type Read, read, readBack } from './shared.ts'

/** The writes that change one part of a record, and the transitions §3 lists. */
const CHANGES: readonly OperationId[] = [
  'updateForm',
  'replaceFormSettings',
  'reorderFields',
  'replaceFieldConfig',
  'addField',
  'addActivity',
]
const TRANSITIONS: readonly OperationId[] = [
  'publishForm',
  'closeForm',
  'openSession',
  'endSession',
]

type Args = {
  at: number
  choice: number
  read: Read
  title: string
  settings: Record<string, unknown>
  config: number
  item: number
  shift: number
  field?: FieldInput
  activity?: ActivityInput
}

/** The part changes `rec` can take now, its §3 transition from the model's state, and its reads. */
const options = (sides: Sides, rec: Rec, b: Bodies) => {
  const form = rec.kind === 'form'
  const status =
    rec.kind === 'form' || rec.kind === 'session'
      ? sides.oracle.snapshot(rec.kind, rec.model)?.status
      : undefined
  const changes = CHANGES.filter((op) =>
    form
      ? op === 'updateForm' ||
        op === 'replaceFormSettings' ||
        (op === 'reorderFields' && rec.items.length > 1) ||
        (op === 'replaceFieldConfig' && rec.items.length > 0) ||
        (op === 'addField' && b.field !== undefined)
      : op === 'addActivity' && b.activity !== undefined,
  )
  const transition: OperationId | undefined = form
    ? status === 'draft' && rec.items.length > 0
      ? 'publishForm'
      : status === 'published'
        ? 'closeForm'
        : undefined
    : status === 'draft'
      ? 'openSession'
      : status === 'open'
        ? 'endSession'
        : undefined
  const reads: OperationId[] = form ? ['getForm', 'listForms'] : ['listSessions']
  return { changes, transition, reads }
}

/**
 * The pairs that can be built on `rec` now. After its last operation: the same change again, the
 * transition or a read after a change, a read after a transition (one request). Or a whole pair:
 * a change twice, a change then the transition, the transition then a read (two requests).
 */
const pairsOn = (world: World, sides: Sides, rec: Rec, b: Bodies): OperationId[][] => {
  if (rec.kind !== 'form' && rec.kind !== 'session') return []
  const { changes, transition, reads } = options(sides, rec, b)
  const last = rec.lastOp
  const after: OperationId[] =
    last && TRANSITIONS.includes(last)
      ? reads
      : last && CHANGES.includes(last)
        ? [...changes.filter((op) => op === last), ...(transition ? [transition] : []), ...reads]
        : [...changes, ...(transition ? [transition] : [])]
  const whole: OperationId[][] = [
    ...changes.map((op) => [op, op]),
    ...(transition ? changes.map((op) => [op, transition]) : []),
    ...(transition ? reads.map((op) => [transition, op]) : []),
  ]
  const offered = (ops: OperationId[]) => ops.every((op) => world.scope.offers(op))
  return [...after.filter((op) => !rec.readSince?.has(op)).map((op) => [op]), ...whole].filter(
    offered,
  )
}

/** The pair a candidate makes: with the record's last operation, or the two it sends. */
const pairOf = (rec: Rec, ops: OperationId[]): [string, string] =>
  ops.length === 1
    ? [label(rec.lastOp as OperationId), label(ops[0] as OperationId)]
    : [label(ops[0] as OperationId), label(ops[1] as OperationId)]

/**
 * A record of the run by index (its forms and sessions), and of the pairs it can take the ones
 * sent least by the runs before this one.
 */
const rarest = (world: World, sides: Sides, b: Bodies, at: number) => {
  const live = world.records.filter(
    (r) =>
      (r.kind === 'form' || r.kind === 'session') &&
      !r.deleted &&
      !r.loose &&
      r.lastOp !== undefined &&
      world.can(r.role),
  )
  const rec = live[at % Math.max(live.length, 1)]
  if (!rec) return []
  const pairs = pairsOn(world, sides, rec, b).map((ops) => ({
    rec,
    ops,
    count: world.reach.count(...pairOf(rec, ops)),
  }))
  const least = Math.min(...pairs.map((p) => p.count))
  return pairs.filter((p) => p.count === least)
}

/** Sends one operation of a follow-up on `rec`, keeping the run's view of the record; whether both accepted it. */
const act = async (
  world: World,
  sides: Sides,
  rec: Rec,
  op: OperationId,
  args: Args,
  b: Bodies,
): Promise<boolean> => {
  const role = rec.role
  const path = params(rec)
  const intent = (what: string) => `then ${what} ${rec.variable}`
  const accepted = (step: Step | undefined): step is Step =>
    ok(step) && step.model.status >= 200 && step.model.status <= 299
  if (op === 'updateForm') {
    // A title never sent before: a second update must be a visible change too.
    const title = sides.title(`${args.title} ${world.steps.length + 1}`)
    const step = await send(world, sides, op, role, intent('update'), (side) => ({
      params: path(side),
      body: { title, description: 'Described' },
    }))
    if (accepted(step)) rec.described = true
    return accepted(step)
  }
  if (op === 'replaceFormSettings') {
    const step = await send(world, sides, op, role, intent('replace the settings of'), (side) => ({
      params: path(side),
      body: args.settings,
    }))
    return accepted(step)
  }
  if (op === 'reorderFields') {
    const order = rotation(rec, args.shift + world.steps.length)
    const step = await send(world, sides, op, role, intent('reorder the fields of'), (side) => ({
      params: path(side),
      body: { orderedIds: order.map((pair) => idOn(side, pair)) },
    }))
    if (accepted(step)) rec.items = order
    return accepted(step)
  }
  if (op === 'replaceFieldConfig') {
    const field = rec.items[args.item % Math.max(rec.items.length, 1)]
    if (!field) return false
    const [config] = fc.sample(b.config(field.kind), {
      seed: args.config + world.steps.length,
      numRuns: 1,
    })
    const step = await send(
      world,
      sides,
      op,
      role,
      intent('replace a field config of'),
      (side) => ({
        params: { id: idOn(side, rec), fieldId: idOn(side, field) },
        body: { config },
        ...(field.kind ? { fieldKind: field.kind } : {}),
      }),
    )
    return accepted(step)
  }
  if (op === 'addField' || op === 'addActivity') {
    const item = op === 'addField' ? args.field : args.activity
    if (!item) return false
    if (
      op === 'addField'
        ? !world.vocabulary.allowsField(item.kind)
        : !world.takes([item as ActivityInput]) || !world.vocabulary.allowsActivity(item.kind)
    )
      return false
    const key = op === 'addField' ? 'field' : 'activity'
    const step = await send(world, sides, op, role, intent(`add a ${item.kind} to`), (side) => ({
      params: path(side),
      body: item,
    }))
    if (!accepted(step)) return false
    const real = idAt(step.real.body, key)
    rec.items.push({ model: idAt(step.model.body, key), real, kind: item.kind })
    world.capture(step, key === 'field' ? 'FIELD' : 'ACTIVITY', real, [key, 'id'])
    return true
  }
  if (op === 'listForms' || op === 'listSessions') {
    return ok(await send(world, sides, op, role, `read ${rec.variable} in the list`, () => ({})))
  }
  const step = await send(world, sides, op, role, intent(label(op)), (side) => ({
    params: path(side),
  }))
  return accepted(step)
}

export const followUp = (b: Bodies) =>
  fc
    .record({
      at: pick,
      choice: fc.nat(),
      read,
      title: fc.constantFrom('Renamed', 'Retitled'),
      settings: b.settings,
      config: fc.nat(),
      item: fc.nat(15),
      shift: fc.nat(7),
      ...(b.field ? { field: b.field } : {}),
      ...(b.activity ? { activity: b.activity } : {}),
    })
    .map((args: Args) =>
      command(
        `followUp(record #${args.at}, its rarest pair, choice ${args.choice})`,
        (w) => w.records.length > 0,
        async (world, sides) => {
          const fewest = rarest(world, sides, b, args.at)
          const chosen = fewest[args.choice % fewest.length]
          if (!chosen) return
          const { rec, ops } = chosen
          for (const op of ops) {
            if (world.aborted || rec.loose || !(await act(world, sides, rec, op, args, b))) return
          }
          const last = ops.at(-1) as OperationId
          if (!READS.includes(last))
            await readBack(world, sides, rec, rec.role, args.read, ops.length < 2)
        },
      ),
    )

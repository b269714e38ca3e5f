/**
 * The concurrent step: two to four operations sent at once, mostly on one record (several writes
 * of one form or session, a write with a read, creates in one organization), then reads of what
 * they touched and, sampled, of what they did not address (another record of the run, the list,
 * the record as another organization's key). linearize.ts judges the answers: some order of the
 * operations, run one after another through the model, must explain them all.
 */
import fc from 'fast-check'
import type { ActivityInput } from '../../../../contract/activities.ts'
import type { FieldInput } from '../../../../contract/fields.ts'
import type { Bodies } from '../bodies.ts'
import type { KeyRole } from '../engine.ts'
import { type Planned, sendTogether } from '../linearize.ts'
import { idOn, type Side, type Sides, send } from '../step.ts'
import type { Rec, World } from '../world.ts'
import { rotation } from './forms.ts'
import { type Cmd, command, created, idAt, ok, params, pick, track } from './shared.ts'

/**
 * At most 4 operations, reads of the record and of a sibling written, one read beyond; and the
 * sibling's create, sent alone before them where the run has none.
 */
export const TOGETHER_REQUESTS = 8

export interface Slot {
  choice: number
  title: string
  settings: Record<string, unknown>
  shift: number
  team: string
  field?: FieldInput
  activity?: ActivityInput
}

export interface Args {
  at: number
  creates: boolean
  slots: Slot[]
  /**
   * The step's shape (`shapeOf`). 0: only the first operation is sent (a step in ten). Shrinking
   * goes there first, so a fault a sequence shows too shrinks to single operations; a race needs
   * two, and keeps them. 1–2: on a form, the first two are updates of the form and of a sibling
   * (created first, alone, where the run has none; a step in five), so a request that writes or
   * answers for the other record comes up in most runs. 3–4: on a form with a field, the first
   * two add a field and reorder the fields (a step in five): the reorder that runs while a field
   * is added comes up in most runs. 5–9: each operation as its slot chooses.
   */
  sole: number
  /**
   * Which read beyond the written record follows: 1 the record as another key, 2 the list, 3 a
   * sibling; 0 and 4–7 none (the one shrinking keeps), so three steps in eight send one.
   */
  beyond: number
}

type Shape = 'alone' | 'siblings' | 'append and reorder' | 'chosen'
const shapeOf = (sole: number): Shape =>
  sole === 0 ? 'alone' : sole <= 2 ? 'siblings' : sole <= 4 ? 'append and reorder' : 'chosen'

/** Another key than `role`, to read a record as an organization that must not see it. */
const otherRole = (world: World, role: KeyRole): KeyRole | undefined =>
  (['otherOrg', 'main', 'noEntitlements'] as const).find((r) => r !== role && world.roles.has(r))

/** A request with the record's id in the path, on each side. */
const on = (rec: Rec) => (side: Side) => ({ params: params(rec)(side) })

/** Another live form of the run, of the same key, than `rec`. */
const siblingOf = (world: World, rec: Rec) =>
  world.records.find(
    (r) => r !== rec && r.kind === 'form' && !r.deleted && !r.loose && r.role === rec.role,
  )

/** A reorder of `rec`'s fields, the list complete as the run knows it before the step. */
const reorderOf = (rec: Rec, slot: Slot, i: number): Planned => {
  const order = rotation(rec, slot.shift + i)
  return {
    op: 'reorderFields',
    role: rec.role,
    intent: `at once: reorder the fields of ${rec.variable}`,
    build: (side) => ({
      params: params(rec)(side),
      body: { orderedIds: order.map((pair) => idOn(side, pair)) },
    }),
    learn: () => {
      rec.items = order
    },
  }
}

/** A form for `rec`'s key to update beside it, created alone (no fields) before the step. */
const createSibling = async (world: World, sides: Sides, rec: Rec, slot: Slot) => {
  const body = { title: sides.title(`${slot.title} ${world.steps.length + 1}`), fields: [] }
  const intent = `create a form to update at once with ${rec.variable}`
  const step = await send(world, sides, 'createForm', rec.role, intent, () => ({ body }))
  if (!ok(step)) return undefined
  const sibling = created(world, step, 'form', 'form', 'fields', rec.role)
  track(sides, sibling)
  return sibling
}

/** An update of `form`'s title, one no other request of the run sends: each is a visible change. */
const update = (world: World, sides: Sides, form: Rec, slot: Slot, i: number, intent: string) => {
  const title = sides.title(`${slot.title} ${world.steps.length + 1}.${i + 1}`)
  const planned: Planned = {
    op: 'updateForm',
    role: form.role,
    intent,
    build: (side) => ({ params: params(form)(side), body: { title, description: 'Described' } }),
    learn: () => {
      form.described = true
    },
  }
  return planned
}

/** The operations `slot` may be on a form, as its state stands before the step. */
const onForm = (world: World, sides: Sides, rec: Rec, slot: Slot, i: number, n: number) => {
  const status = sides.oracle.snapshot('form', rec.model)?.status
  const path = params(rec)
  const at = (what: string) => `at once: ${what} ${rec.variable}`
  // Each twice in the list: the overlaps only a concurrent step can show.
  const otherRead = (): Planned | undefined => {
    // A read by an organization that must not see the record, while it is being written.
    const role = otherRole(world, rec.role)
    return role
      ? { op: 'getForm', role, intent: at(`read, as ${role},`), build: on(rec) }
      : undefined
  }
  const siblingWrite = (): Planned | undefined => {
    // A write on another form of the run, overlapping the others: each must change its own.
    const sibling = siblingOf(world, rec)
    if (!sibling || n < 2) return undefined
    return update(world, sides, sibling, slot, i, `at once: update ${sibling.variable}`)
  }
  // ADD_FIELD names the first.
  const options: Array<() => Planned | undefined> = [
    () => {
      const field = slot.field
      if (!field || !world.vocabulary.allowsField(field.kind)) return undefined
      return {
        op: 'addField',
        role: rec.role,
        intent: at(`add a ${field.kind} field to`),
        build: (side) => ({ params: path(side), body: field }),
        learn: (w, step) => {
          const real = idAt(step.real.body, 'field')
          rec.items.push({ model: idAt(step.model.body, 'field'), real, kind: field.kind })
          w.capture(step, 'FIELD', real, ['field', 'id'])
        },
      }
    },
    () => update(world, sides, rec, slot, i, at('update')),
    () => ({
      op: 'replaceFormSettings',
      role: rec.role,
      intent: at('replace the settings of'),
      build: (side) => ({ params: path(side), body: slot.settings }),
    }),
    () => (rec.items.length < 2 ? undefined : reorderOf(rec, slot, i)),
    () =>
      status === 'draft' && rec.items.length > 0
        ? { op: 'publishForm', role: rec.role, intent: at('publish'), build: on(rec) }
        : status === 'published'
          ? { op: 'closeForm', role: rec.role, intent: at('close'), build: on(rec) }
          : undefined,
    () => ({ op: 'getForm', role: rec.role, intent: at('read'), build: on(rec) }),
    otherRead,
    siblingWrite,
    otherRead,
    siblingWrite,
  ]
  return options
}

/** The position of the append in `onForm`'s list, for the step that pairs it with a reorder. */
const ADD_FIELD = 0

/** The operations `slot` may be on a session, as its state stands before the step. */
const onSession = (world: World, sides: Sides, rec: Rec, slot: Slot) => {
  const status = sides.oracle.snapshot('session', rec.model)?.status
  const path = params(rec)
  const at = (what: string) => `at once: ${what} ${rec.variable}`
  const options: Array<() => Planned | undefined> = [
    () => {
      const activity = slot.activity
      if (!activity || !world.takes([activity]) || !world.vocabulary.allowsActivity(activity.kind))
        return undefined
      return {
        op: 'addActivity',
        role: rec.role,
        intent: at(`add a ${activity.kind} to`),
        build: (side) => ({ params: path(side), body: activity }),
        learn: (w, step) => {
          const real = idAt(step.real.body, 'activity')
          rec.items.push({ model: idAt(step.model.body, 'activity'), real, kind: activity.kind })
          w.capture(step, 'ACTIVITY', real, ['activity', 'id'])
        },
      }
    },
    () =>
      status === 'draft'
        ? { op: 'openSession', role: rec.role, intent: at('open'), build: on(rec) }
        : status === 'open'
          ? { op: 'endSession', role: rec.role, intent: at('end'), build: on(rec) }
          : undefined,
    () => ({
      op: 'addTeam',
      role: rec.role,
      intent: at(`add team ${slot.team} to`),
      build: (side) => ({ params: path(side), body: { name: slot.team, color: '#ff0000' } }),
    }),
    () => ({
      op: 'listSessions',
      role: rec.role,
      intent: `at once: read ${rec.variable} in the list`,
      build: () => ({}),
    }),
  ]
  return options
}

/** One of the options by the slot's choice, skipping those that do not apply now. */
const choose = (options: Array<() => Planned | undefined>, choice: number) => {
  for (let k = 0; k < options.length; k++) {
    const planned = options[(choice + k) % options.length]?.()
    if (planned) return planned
  }
  return undefined
}

/** Creates in one organization at once, then its list. */
const creates = (world: World, sides: Sides, slots: Slot[]) => {
  const ops: Planned[] = slots.map((slot, i) => {
    const fields = slot.field && world.vocabulary.allowsField(slot.field.kind) ? [slot.field] : []
    const body = { title: sides.title(`${slot.title} ${world.steps.length + 1}.${i + 1}`), fields }
    return {
      op: 'createForm',
      role: 'main',
      intent: `at once: create a form with ${fields.length} fields`,
      build: () => ({ body }),
      learn: (w, step) => {
        track(sides, created(w, step, 'form', 'form', 'fields', 'main'))
      },
    }
  })
  const reads: Planned[] = [
    { op: 'listForms', role: 'main', intent: 'read the forms created at once', build: () => ({}) },
  ]
  return { ops, reads }
}

/** The reads after: each record written, by its own key; sampled (3 in 8), one beyond it. */
const readsAfter = (world: World, rec: Rec, ops: Planned[], beyond: number): Planned[] => {
  const own: Planned =
    rec.kind === 'form'
      ? { op: 'getForm', role: rec.role, intent: `read ${rec.variable} after`, build: on(rec) }
      : {
          op: 'listSessions',
          role: rec.role,
          intent: `read ${rec.variable} after, in the list`,
          build: () => ({}),
        }
  const reads: Planned[] = [own]
  // Siblings the step wrote too are read back by their own key.
  for (const other of world.records) {
    if (other === rec || other.kind !== 'form') continue
    if (ops.some((p) => p.op !== 'getForm' && p.build('real').params?.id === other.real)) {
      reads.push({
        op: 'getForm',
        role: other.role,
        intent: `read ${other.variable} after`,
        build: on(other),
      })
    }
  }
  const role = otherRole(world, rec.role)
  const sibling = world.records.find(
    (r) => r !== rec && r.kind === rec.kind && !r.deleted && !r.loose && r.role === rec.role,
  )
  const extra: Planned | undefined =
    beyond === 1 && role
      ? rec.kind === 'form'
        ? { op: 'getForm', role, intent: `read ${rec.variable} as ${role}`, build: on(rec) }
        : { op: 'listSessions', role, intent: `list sessions as ${role}`, build: () => ({}) }
      : beyond === 2 && rec.kind === 'form'
        ? {
            op: 'listForms',
            role: rec.role,
            intent: `read ${rec.variable}'s list after`,
            build: () => ({}),
          }
        : beyond === 3 && sibling?.kind === 'form'
          ? {
              op: 'getForm',
              role: sibling.role,
              intent: `read ${sibling.variable}, which the step did not address`,
              build: on(sibling),
            }
          : undefined
  return extra ? [...reads, { ...extra, beyond: true }] : reads
}

const slotOf = (b: Bodies): fc.Arbitrary<Slot> =>
  fc.record({
    choice: fc.nat(15),
    title: fc.constantFrom('Renamed', 'Retitled'),
    settings: b.settings,
    shift: fc.nat(7),
    team: fc.constantFrom('Red', 'Blue', 'Green'),
    ...(b.field ? { field: b.field } : {}),
    ...(b.activity ? { activity: b.activity } : {}),
  }) as fc.Arbitrary<Slot>

/** The concurrent step `args` describe (`together` draws them). */
export const togetherOf = (args: Args): Cmd =>
  command(
    `together(${shapeOf(args.sole) === 'alone' ? 1 : args.slots.length} operations at once ${args.creates ? 'creating forms' : `on record #${args.at}${shapeOf(args.sole) === 'siblings' ? ' and a sibling' : ''}`})`,
    (w) => w.togetherLeft > 0 && w.can('main') && (args.creates || w.records.length > 0),
    async (world, sides) => {
      world.togetherLeft -= 1
      const shape = shapeOf(args.sole)
      const slots = shape === 'alone' ? args.slots.slice(0, 1) : args.slots
      if (args.creates) {
        const { ops, reads } = creates(world, sides, slots)
        await sendTogether(world, sides, ops, reads)
        return
      }
      const live = world.records.filter(
        (r) =>
          (r.kind === 'form' || r.kind === 'session') &&
          !r.deleted &&
          !r.loose &&
          world.can(r.role),
      )
      // Two forms updated at once need a form (its sibling is created where the run has
      // none); an append with a reorder, a form with a field; else a step on a record.
      const forms = live.filter((r) => r.kind === 'form')
      const paired =
        shape === 'siblings'
          ? forms
          : shape === 'append and reorder'
            ? forms.filter((r) => r.items.length > 0)
            : []
      const pool = paired.length > 0 ? paired : live
      const rec = pool[args.at % Math.max(pool.length, 1)]
      if (!rec) return
      const first = slots[0] as Slot
      const sibling =
        shape === 'siblings' && paired.length > 0
          ? (siblingOf(world, rec) ?? (await createSibling(world, sides, rec, first)))
          : undefined
      const reorders = shape === 'append and reorder' && paired.length > 0
      const ops = slots
        .map((slot, i) =>
          sibling && i < 2
            ? update(
                world,
                sides,
                i === 0 ? rec : sibling,
                slot,
                i,
                `at once: update ${(i === 0 ? rec : sibling).variable}`,
              )
            : reorders && i === 1
              ? reorderOf(rec, slot, i)
              : choose(
                  rec.kind === 'form'
                    ? onForm(world, sides, rec, slot, i, slots.length)
                    : onSession(world, sides, rec, slot),
                  reorders && i === 0 ? ADD_FIELD : slot.choice,
                ),
        )
        .filter((p): p is Planned => p !== undefined)
      if (ops.length < Math.min(slots.length, 2)) return
      await sendTogether(world, sides, ops, readsAfter(world, rec, ops, args.beyond))
    },
  )

export const together = (b: Bodies): fc.Arbitrary<Cmd> =>
  fc
    .record({
      // First: fast-check shrinks a record's values in order, so one operation alone and no read
      // beyond are tried before the rest.
      sole: fc.nat(9),
      beyond: fc.nat(7),
      at: pick,
      // Mostly one record; now and then creates in one organization.
      creates: fc.oneof(
        { arbitrary: fc.constant(false), weight: 4 },
        { arbitrary: fc.constant(true), weight: 1 },
      ),
      slots: fc.array(slotOf(b), { minLength: 2, maxLength: 4 }),
    })
    .map(togetherOf)

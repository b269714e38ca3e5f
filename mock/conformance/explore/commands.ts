import fc from 'fast-check'
import type { OperationId } from '../../../contract/index.ts'
import {
  activityInput,
  createSponsorReportBody,
  fieldInput,
  formSettingsInput,
} from '../../../contract/samples.ts'
import type { KeyRole } from './engine.ts'
import { idOn, type Sides, send } from './step.ts'
import type { Kind, Pair, Rec, Step, World } from './world.ts'

type Cmd = fc.AsyncCommand<World, Sides>
type Obj = Record<string, unknown>
const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
const idAt = (body: unknown, key: string) => String(obj(obj(body)[key]).id)
const ok = (step: Step | undefined): step is Step =>
  step !== undefined && step.real.status >= 200 && step.real.status <= 299

const command = (
  text: string,
  check: (world: World) => boolean,
  run: (world: World, sides: Sides) => Promise<void>,
): Cmd => ({
  check,
  run: async (world, sides) => {
    if (!world.aborted) await run(world, sides)
  },
  toString: () => text,
})

/** The main key most often; the other two for scoping and entitlement steps. */
const role = fc.oneof(
  { arbitrary: fc.constant<KeyRole>('main'), weight: 6 },
  { arbitrary: fc.constant<KeyRole>('otherOrg'), weight: 1 },
  { arbitrary: fc.constant<KeyRole>('noEntitlements'), weight: 1 },
)
/** Entitlement-gated creates: the model knows only the main key's and the no-entitlements key's. */
const gatedRole = fc.constantFrom<KeyRole>('main', 'noEntitlements')
/** Short labels keep a shrunk sequence readable; the run marker goes in front. */
const label = fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Delta')
const pick = fc.nat(15)
/** Made-up ids that no record has, in each kind's profile spelling. */
const UNKNOWN = { field: 'fld_000000000000', activity: 'act_000000000000' }

/** A record of this run by index, and the request's path id on each side. */
const target = (world: World, kind: Kind, at: number) => world.pick(kind, at)
const params = (rec: Rec) => (side: 'model' | 'real') => ({ id: idOn(side, rec) })

/** Pairs the items (fields, activities) a create answered with, and captures every id. */
const created = (
  world: World,
  step: Step,
  kind: Kind,
  envelope: string,
  itemsKey: string | undefined,
  role: KeyRole,
  described = false,
): Rec => {
  const [model, real] = [obj(obj(step.model.body)[envelope]), obj(obj(step.real.body)[envelope])]
  const variable = world.capture(step, kind.toUpperCase(), String(real.id), [envelope, 'id'])
  const items: Pair[] = []
  if (itemsKey) {
    arr(model[itemsKey]).forEach((item, i) => {
      const m = String(obj(item).id)
      const r = world.realOf(m)
      if (r === undefined) return
      items.push({ model: m, real: r })
      world.capture(step, itemsKey === 'fields' ? 'FIELD' : 'ACTIVITY', r, [
        envelope,
        itemsKey,
        i,
        'id',
      ])
    })
  }
  return world.add({
    kind,
    role,
    model: String(model.id),
    real: String(real.id),
    items,
    described,
    variable,
  })
}

/**
 * A read of the record just changed, as the same key: the state a later read shows is what a
 * sequence-only fault gets wrong. Forms are read one by one; sessions only have a list.
 */
const readBack = async (world: World, sides: Sides, rec: Rec, role: KeyRole, wanted: boolean) => {
  if (!wanted || world.aborted) return
  if (rec.kind === 'form') {
    await send(world, sides, 'getForm', role, `read ${rec.variable} back`, (side) => ({
      params: params(rec)(side),
    }))
  } else if (rec.kind === 'session') {
    await send(
      world,
      sides,
      'listSessions',
      role,
      `read ${rec.variable} back in the list`,
      () => ({}),
    )
  }
}

const track = (sides: Sides, rec: Rec) =>
  sides.run.created.push({ kind: rec.kind, id: rec.real, role: rec.role })

/** Reads and transitions on one record: `op` with the record's id in the path. */
const onRecord = (op: OperationId, kind: Kind, inferred = false, reads = false) =>
  fc.record({ role, at: pick, read: fc.boolean() }).map(({ role, at, read }) =>
    command(
      `${op}(${kind} #${at}, as ${role}${reads && read ? ', read back' : ''})`,
      (w) => w.has(kind) && w.can(role, inferred ? op : undefined),
      async (world, sides) => {
        const rec = target(world, kind, at)
        if (!rec) return
        const step = await send(world, sides, op, role, `${op} ${rec.variable}`, (side) => ({
          params: params(rec)(side),
        }))
        if (ok(step) && op === 'deleteForm') {
          rec.deleted = true
          const index = sides.run.created.findIndex((c) => c.id === rec.real)
          if (index >= 0) sides.run.created.splice(index, 1)
        }
        if (step && reads) await readBack(world, sides, rec, role, read)
      },
    ),
  )

const list = (op: OperationId) =>
  role.map((role) =>
    command(
      `${op}(as ${role})`,
      (w) => w.can(role),
      async (world, sides) => {
        await send(world, sides, op, role, `${op} as ${role}`, () => ({}))
      },
    ),
  )

const createForm = fc
  .record({
    role,
    label,
    fields: fc.array(fieldInput, { maxLength: 3 }),
    publish: fc.boolean(),
    description: fc.option(label, { nil: undefined }),
    read: fc.boolean(),
  })
  .map((args) =>
    command(
      `createForm(${args.fields.length} fields${args.publish ? ', publish now' : ''}, as ${args.role})`,
      (w) => w.can(args.role),
      async (world, sides) => {
        const body = {
          title: sides.title(args.label),
          fields: args.fields,
          ...(args.publish ? { publish: true } : {}),
          ...(args.description === undefined ? {} : { description: args.description }),
        }
        const intent = `create a form with ${args.fields.length} fields${args.publish ? ', published now' : ''}`
        const step = await send(world, sides, 'createForm', args.role, intent, () => ({ body }))
        if (!ok(step)) return
        const rec = created(
          world,
          step,
          'form',
          'form',
          'fields',
          args.role,
          args.description !== undefined,
        )
        track(sides, rec)
        await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

const updateForm = fc
  .record({
    role,
    at: pick,
    read: fc.boolean(),
    // Never a creation label: an update must be a visible change.
    title: fc.option(fc.constantFrom('Renamed', 'Retitled'), { nil: undefined }),
    description: fc.constantFrom('Described', 'Explained'),
  })
  .map((args) =>
    command(
      `updateForm(form #${args.at}, ${args.title ? 'title' : 'description'}, as ${args.role})`,
      (w) => w.has('form') && w.can(args.role),
      async (world, sides) => {
        const rec = target(world, 'form', args.at)
        if (!rec) return
        const body =
          args.title === undefined
            ? { description: args.description }
            : { title: sides.title(args.title) }
        const step = await send(
          world,
          sides,
          'updateForm',
          args.role,
          `update ${rec.variable}`,
          (side) => ({
            params: params(rec)(side),
            body,
          }),
        )
        if (ok(step) && args.title === undefined) rec.described = true
        if (step) await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

const replaceSettings = fc.record({ role, at: pick, settings: formSettingsInput }).map((args) =>
  command(
    `replaceFormSettings(form #${args.at}, as ${args.role})`,
    (w) => w.has('form') && w.can(args.role),
    async (world, sides) => {
      const rec = target(world, 'form', args.at)
      if (!rec) return
      await send(
        world,
        sides,
        'replaceFormSettings',
        args.role,
        `replace the settings of ${rec.variable}`,
        (side) => ({
          params: params(rec)(side),
          body: args.settings,
        }),
      )
    },
  ),
)

const addField = fc.record({ role, at: pick, read: fc.boolean(), field: fieldInput }).map((args) =>
  command(
    `addField(form #${args.at}, ${args.field.kind}, as ${args.role})`,
    (w) => w.has('form') && w.can(args.role),
    async (world, sides) => {
      const rec = target(world, 'form', args.at)
      if (!rec) return
      const step = await send(
        world,
        sides,
        'addField',
        args.role,
        `add a ${args.field.kind} field to ${rec.variable}`,
        (side) => ({
          params: params(rec)(side),
          body: args.field,
        }),
      )
      if (!ok(step)) return
      const model = idAt(step.model.body, 'field')
      const real = idAt(step.real.body, 'field')
      rec.items.push({ model, real })
      world.capture(step, 'FIELD', real, ['field', 'id'])
      await readBack(world, sides, rec, args.role, args.read)
    },
  ),
)

/** A field of the form by index, or (when it has none) an id no field has. */
const fieldOf = (rec: Rec, at: number): Pair =>
  rec.items[at % Math.max(rec.items.length, 1)] ?? { model: UNKNOWN.field, real: UNKNOWN.field }

const replaceFieldConfig = fc
  .record({ role, at: pick, item: pick, field: fieldInput })
  .map((args) =>
    command(
      `replaceFieldConfig(form #${args.at}, field #${args.item}, ${args.field.kind}, as ${args.role})`,
      (w) => w.has('form') && w.can(args.role),
      async (world, sides) => {
        const rec = target(world, 'form', args.at)
        if (!rec) return
        const field = fieldOf(rec, args.item)
        await send(
          world,
          sides,
          'replaceFieldConfig',
          args.role,
          `replace a field's config with a ${args.field.kind} config`,
          (side) => ({
            params: { id: idOn(side, rec), fieldId: idOn(side, field) },
            body: { config: args.field.config },
          }),
        )
      },
    ),
  )

const removeField = fc.record({ role, at: pick, read: fc.boolean(), item: pick }).map((args) =>
  command(
    `removeField(form #${args.at}, field #${args.item}, as ${args.role})`,
    (w) => w.has('form') && w.can(args.role, 'removeField'),
    async (world, sides) => {
      const rec = target(world, 'form', args.at)
      if (!rec) return
      const field = fieldOf(rec, args.item)
      const step = await send(
        world,
        sides,
        'removeField',
        args.role,
        `remove a field of ${rec.variable}`,
        (side) => ({
          params: { id: idOn(side, rec), fieldId: idOn(side, field) },
        }),
      )
      if (ok(step)) rec.items = rec.items.filter((item) => item !== field)
      if (step) await readBack(world, sides, rec, args.role, args.read)
    },
  ),
)

const REORDERS = ['complete', 'incomplete', 'same length, not the set', 'duplicate'] as const
const reorder = fc
  .record({
    role,
    at: pick,
    read: fc.boolean(),
    variant: fc.constantFrom(...REORDERS),
    shift: fc.nat(7),
  })
  .map((args) =>
    command(
      `reorderFields(form #${args.at}, ${args.variant} list, as ${args.role})`,
      (w) => w.has('form') && w.can(args.role),
      async (world, sides) => {
        const rec = target(world, 'form', args.at)
        if (!rec) return
        const n = rec.items.length
        // A rotation: a permutation that shrinks well and is a real change whenever n > 1.
        const rotated = rec.items.map((_, i) => rec.items[(i + args.shift) % n] as Pair)
        const other = world.records
          .filter((r) => r !== rec)
          .flatMap((r) => r.items)
          .at(0) ?? { model: UNKNOWN.field, real: UNKNOWN.field }
        const ids =
          args.variant === 'complete'
            ? rotated
            : args.variant === 'incomplete'
              ? rotated.slice(1)
              : args.variant === 'duplicate'
                ? n > 1
                  ? [...rotated.slice(0, -1), rotated[0] as Pair]
                  : [...rotated, ...rotated]
                : n > 0
                  ? [...rotated.slice(1), other]
                  : [other]
        const step = await send(
          world,
          sides,
          'reorderFields',
          args.role,
          `reorder the fields of ${rec.variable} with a ${args.variant} list`,
          (side) => ({
            params: params(rec)(side),
            body: { orderedIds: ids.map((pair) => idOn(side, pair)) },
          }),
        )
        if (step) await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

const createSession = fc
  .record({
    role,
    label,
    activities: fc.array(activityInput, { maxLength: 2 }),
    teamMode: fc.boolean(),
    open: fc.boolean(),
    read: fc.boolean(),
  })
  .map((args) =>
    command(
      `createSession(${args.activities.length} activities${args.teamMode ? ', team mode' : ''}${args.open ? ', open now' : ''}, as ${args.role})`,
      (w) => w.can(args.role),
      async (world, sides) => {
        const body = {
          title: sides.title(args.label),
          activities: args.activities,
          ...(args.teamMode ? { teamMode: true } : {}),
          ...(args.open ? { open: true } : {}),
        }
        const intent = `create a session with ${args.activities.length} activities${args.teamMode ? ' in team mode' : ''}${args.open ? ', open now' : ''}`
        const step = await send(world, sides, 'createSession', args.role, intent, () => ({ body }))
        if (!ok(step)) return
        const rec = created(world, step, 'session', 'session', 'activities', args.role)
        track(sides, rec)
        await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

const addActivity = fc
  .record({ role, at: pick, read: fc.boolean(), activity: activityInput })
  .map((args) =>
    command(
      `addActivity(session #${args.at}, ${args.activity.kind}, as ${args.role})`,
      (w) => w.has('session') && w.can(args.role),
      async (world, sides) => {
        const rec = target(world, 'session', args.at)
        if (!rec) return
        const step = await send(
          world,
          sides,
          'addActivity',
          args.role,
          `add a ${args.activity.kind} to ${rec.variable}`,
          (side) => ({
            params: params(rec)(side),
            body: args.activity,
          }),
        )
        if (!ok(step)) return
        const real = idAt(step.real.body, 'activity')
        rec.items.push({ model: idAt(step.model.body, 'activity'), real })
        world.capture(step, 'ACTIVITY', real, ['activity', 'id'])
        await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

/** Few names, one differing only in case: duplicates (refused, case-insensitively) come up often. */
const addTeam = fc
  .record({
    role,
    at: pick,
    name: fc.constantFrom('Red', 'Blue', 'red'),
    color: fc.constantFrom('#ff0000', '#0000ff'),
  })
  .map((args) =>
    command(
      `addTeam(session #${args.at}, ${args.name}, as ${args.role})`,
      (w) => w.has('session') && w.can(args.role),
      async (world, sides) => {
        const rec = target(world, 'session', args.at)
        if (!rec) return
        await send(
          world,
          sides,
          'addTeam',
          args.role,
          `add team ${args.name} to ${rec.variable}`,
          (side) => ({
            params: params(rec)(side),
            body: { name: args.name, color: args.color },
          }),
        )
      },
    ),
  )

const setTeamMode = fc
  .record({ role, at: pick, read: fc.boolean(), teamMode: fc.boolean() })
  .map((args) =>
    command(
      `setTeamMode(session #${args.at}, ${args.teamMode}, as ${args.role})`,
      (w) => w.has('session') && w.can(args.role, 'setTeamMode'),
      async (world, sides) => {
        const rec = target(world, 'session', args.at)
        if (!rec) return
        const step = await send(
          world,
          sides,
          'setTeamMode',
          args.role,
          `team mode ${args.teamMode ? 'on' : 'off'} for ${rec.variable}`,
          (side) => ({
            params: params(rec)(side),
            body: { teamMode: args.teamMode },
          }),
        )
        if (step) await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

const presentActivity = fc.record({ role, at: pick, item: pick }).map((args) =>
  command(
    `presentActivity(session #${args.at}, activity #${args.item}, as ${args.role})`,
    (w) => w.has('session') && w.can(args.role, 'presentActivity'),
    async (world, sides) => {
      const rec = target(world, 'session', args.at)
      if (!rec) return
      const item = rec.items[args.item % Math.max(rec.items.length, 1)] ?? {
        model: UNKNOWN.activity,
        real: UNKNOWN.activity,
      }
      await send(
        world,
        sides,
        'presentActivity',
        args.role,
        `present an activity of ${rec.variable}`,
        (side) => ({
          params: params(rec)(side),
          body: { activityId: idOn(side, item) },
        }),
      )
    },
  ),
)

const createSeries = fc
  .record({
    role: gatedRole,
    label,
    teams: fc.uniqueArray(fc.constantFrom('Red', 'Blue', 'Green'), { maxLength: 2 }),
    rounds: fc.array(label, { maxLength: 2 }),
  })
  .map((args) =>
    command(
      `createSeries(${args.teams.length} teams, ${args.rounds.length} rounds, as ${args.role})`,
      (w) => w.can(args.role),
      async (world, sides) => {
        const body = {
          title: sides.title(args.label),
          teams: args.teams.map((name) => ({ name, color: '#00ff00' })),
          rounds: args.rounds.map((title) => ({ title })),
        }
        const step = await send(
          world,
          sides,
          'createSeries',
          args.role,
          `create a series as ${args.role}`,
          () => ({ body }),
        )
        if (ok(step)) track(sides, created(world, step, 'series', 'series', undefined, args.role))
      },
    ),
  )

const createReport = fc
  .record({ role: gatedRole, label, body: createSponsorReportBody })
  .map((args) =>
    command(
      `createSponsorReport(as ${args.role})`,
      (w) => w.can(args.role),
      async (world, sides) => {
        const body = { ...args.body, title: sides.title(args.label) }
        const step = await send(
          world,
          sides,
          'createSponsorReport',
          args.role,
          `create a sponsor report as ${args.role}`,
          () => ({ body }),
        )
        if (ok(step)) track(sides, created(world, step, 'report', 'report', undefined, args.role))
      },
    ),
  )

/** `arbitrary` `times` times in the list: fc.commands picks uniformly from it. */
const weighted = (times: number, arbitrary: fc.Arbitrary<Cmd>) =>
  Array.from({ length: times }, () => arbitrary)

/**
 * Every operation of the endpoint table. Creates are weighted up so sequences have records to work
 * on; reads and transitions too, since a fault that only a sequence shows is a transition followed
 * by a read. `listFormResponses` is left out: nothing here submits a response, so it would only
 * repeat the scoping that `getForm` already covers.
 */
export const commandArbitraries: fc.Arbitrary<Cmd>[] = [
  ...weighted(6, createForm),
  ...weighted(3, onRecord('getForm', 'form')),
  ...weighted(2, list('listForms')),
  ...weighted(2, updateForm),
  replaceSettings,
  ...weighted(2, onRecord('publishForm', 'form', false, true)),
  ...weighted(2, onRecord('closeForm', 'form', false, true)),
  addField,
  replaceFieldConfig,
  ...weighted(2, reorder),
  removeField,
  onRecord('deleteForm', 'form', true),
  ...weighted(3, createSession),
  ...weighted(3, list('listSessions')),
  addActivity,
  ...weighted(2, onRecord('openSession', 'session', false, true)),
  ...weighted(2, onRecord('endSession', 'session', false, true)),
  addTeam,
  setTeamMode,
  presentActivity,
  createSeries,
  list('listSeries'),
  createReport,
  list('listSponsorReports'),
]

/** What every command is built from: the keys it runs as, labels, record picks, and the create and read-back steps. */

import fc from 'fast-check'
import type { Obj } from '../../../../contract/json.ts'
import type { OperationId } from '../../../../contract/table.ts'
import type { KeyRole } from '../engine.ts'
import { idOn, type Sides, send } from '../step.ts'
import type { Kind, Pair, Rec, Step, World } from '../world.ts'

export type Cmd = fc.AsyncCommand<World, Sides>
export const obj = (value: unknown): Obj =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {}
export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
export const idAt = (body: unknown, key: string) => String(obj(obj(body)[key]).id)
export const ok = (step: Step | undefined): step is Step =>
  step !== undefined && step.real.status >= 200 && step.real.status <= 299

export const command = (
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
export const role = fc.oneof(
  { arbitrary: fc.constant<KeyRole>('main'), weight: 6 },
  { arbitrary: fc.constant<KeyRole>('otherOrg'), weight: 1 },
  { arbitrary: fc.constant<KeyRole>('noEntitlements'), weight: 1 },
)
/** Entitlement-gated creates: the model knows only the main key's and the no-entitlements key's. */
export const gatedRole = fc.constantFrom<KeyRole>('main', 'noEntitlements')
/** Short labels keep a shrunk sequence readable; the run marker goes in front. */
export const label = fc.constantFrom('Alpha', 'Beta', 'Gamma', 'Delta')
export const pick = fc.nat(15)
/** Made-up ids that no record has, in each kind's profile spelling. */
export const UNKNOWN = { field: 'fld_000000000000', activity: 'act_000000000000' }

/** A record of this run by index, and the request's path id on each side. */
export const target = (world: World, kind: Kind, at: number) => world.pick(kind, at)
export const params = (rec: Rec) => (side: 'model' | 'real') => ({ id: idOn(side, rec) })

/** Pairs the items (fields, activities) a create answered with, and captures every id. */
export const created = (
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
      items.push({ model: m, real: r, kind: String(obj(item).kind) })
      world.capture(step, itemsKey === 'fields' ? 'FIELD' : 'ACTIVITY', r, [
        envelope,
        itemsKey,
        i,
        'id',
      ])
    })
  }
  const rec = world.add({
    kind,
    role,
    model: String(model.id),
    real: String(real.id),
    items,
    described,
    variable,
  })
  rec.lastOp = step.op
  world.lastWrite = { rec, op: step.op }
  return rec
}

/**
 * A read of the record just changed, as the same key: the state a later read shows is what a
 * sequence-only fault gets wrong. Forms are read one by one; sessions only have a list. `beyond`:
 * the read back is followed by a read beyond the record (`readBeyond`), unless `beyond` is not
 * allowed (a command that sent two operations already: the step stays within its three requests).
 */
export const readBack = async (
  world: World,
  sides: Sides,
  rec: Rec,
  role: KeyRole,
  wanted: Read,
  allowBeyond = true,
) => {
  // A record the deployment made a choice on that the model cannot follow is no longer compared.
  if (!wanted || world.aborted || rec.loose) return
  if (rec.kind === 'form' && wanted === 'list') {
    await send(world, sides, 'listForms', role, `read ${rec.variable} back in the list`, () => ({}))
  } else if (rec.kind === 'form') {
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
  if (wanted === 'beyond' && allowBeyond) await readBeyond(world, sides, rec)
}

/**
 * What the model predicts beyond the record a write addressed: another form of the run by its own
 * key (a write must not change it), or the record as another organization's key (which must not
 * see it); which one by the step's number.
 */
export const readBeyond = async (world: World, sides: Sides, rec: Rec) => {
  if (world.aborted || rec.loose) return
  const other = (['otherOrg', 'noEntitlements', 'main'] as const).find(
    (r) => r !== rec.role && world.roles.has(r),
  )
  const sibling = world.records.find(
    (r) => r !== rec && r.kind === 'form' && !r.deleted && !r.loose && world.can(r.role),
  )
  let step: Step | undefined
  if (sibling && (world.steps.length % 8 === 0 || !other)) {
    step = await send(
      world,
      sides,
      'getForm',
      sibling.role,
      `read ${sibling.variable}, which the write did not address`,
      (side) => ({ params: params(sibling)(side) }),
    )
  } else if (other && rec.kind === 'form') {
    step = await send(
      world,
      sides,
      'getForm',
      other,
      `read ${rec.variable} as ${other}`,
      (side) => ({
        params: params(rec)(side),
      }),
    )
  } else if (other && rec.kind === 'session') {
    step = await send(world, sides, 'listSessions', other, `list sessions as ${other}`, () => ({}))
  }
  if (step) world.reach.beyond()
}

/**
 * How a command reads its record back: not at all, by id, or in the list (sessions have only the
 * list). A list shows a record stale after a transition where a read by id does not. `beyond`:
 * by id, then beyond the record (generated, so shrinking drops it where the fault needs none).
 */
export type Read = boolean | 'list' | 'beyond'
export const read = fc.constantFrom<Read>(false, true, 'list', 'beyond')

export const track = (sides: Sides, rec: Rec) =>
  sides.run.created.push({ kind: rec.kind, id: rec.real, role: rec.role })

/** Reads and transitions on one record: `op` with the record's id in the path. */
export const onRecord = (op: OperationId, kind: Kind, inferred = false, reads = false) =>
  fc.record({ role, at: pick, read }).map(({ role, at, read }) =>
    command(
      `${op}(${kind} #${at}, as ${role}${reads && read ? `, read back${read === 'list' ? ' in the list' : read === 'beyond' ? ' and beyond' : ''}` : ''})`,
      (w) => w.has(kind) && w.can(role, inferred ? op : undefined) && w.scope.offers(op),
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

export const list = (op: OperationId) =>
  role.map((role) =>
    command(
      `${op}(as ${role})`,
      (w) => w.can(role) && w.scope.offers(op),
      async (world, sides) => {
        await send(world, sides, op, role, `${op} as ${role}`, () => ({}))
      },
    ),
  )

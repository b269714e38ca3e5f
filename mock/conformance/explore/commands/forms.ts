/** Commands on forms: create (inline fields, publish now), update, settings, fields, reorders. */
import fc from 'fast-check'
import type { FieldInput } from '../../../../contract/fields.ts'
import type { Bodies } from '../bodies.ts'
import { idOn, send } from '../step.ts'
import type { Pair, Rec, Step } from '../world.ts'
import {
  command,
  created,
  idAt,
  label,
  ok,
  params,
  pick,
  read,
  readBack,
  role,
  target,
  track,
  UNKNOWN,
} from './shared.ts'

const modelAccepted = (step: Step) => step.model.status >= 200 && step.model.status <= 299

export const createForm = (b: Bodies) =>
  fc
    .record({
      role,
      label,
      fields: b.field ? fc.array(b.field, { maxLength: 3 }) : fc.constant<FieldInput[]>([]),
      publish: fc.boolean(),
      description: fc.option(label, { nil: undefined }),
      read,
    })
    .map((args) =>
      command(
        `createForm(${args.fields.length} fields${args.publish ? ', publish now' : ''}, as ${args.role})`,
        (w) => w.can(args.role) && args.fields.every((f) => w.vocabulary.allowsField(f.kind)),
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

export const updateForm = fc
  .record({
    role,
    at: pick,
    read,
    // Never a creation label: an update must be a visible change.
    title: fc.option(fc.constantFrom('Renamed', 'Retitled'), { nil: undefined }),
    description: fc.constantFrom('Described', 'Explained'),
    // §4 names both; which one is required is not shown, so both together is the settled body.
    both: fc.boolean(),
  })
  .map((args) =>
    command(
      `updateForm(form #${args.at}, ${args.title ? (args.both ? 'title and description' : 'title') : 'description'}, as ${args.role})`,
      (w) => w.has('form') && w.can(args.role),
      async (world, sides) => {
        const rec = target(world, 'form', args.at)
        if (!rec) return
        const body =
          args.title === undefined
            ? { description: args.description }
            : {
                title: sides.title(args.title),
                ...(args.both ? { description: args.description } : {}),
              }
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
        if (ok(step) && (args.title === undefined || args.both)) rec.described = true
        if (step) await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

export const replaceSettings = (b: Bodies) =>
  fc.record({ role, at: pick, settings: b.settings }).map((args) =>
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

export const addField = (field: NonNullable<Bodies['field']>) =>
  fc.record({ role, at: pick, read, field }).map((args) =>
    command(
      `addField(form #${args.at}, ${args.field.kind}, as ${args.role})`,
      (w) => w.has('form') && w.can(args.role) && w.vocabulary.allowsField(args.field.kind),
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
        rec.items.push({ model, real, kind: args.field.kind })
        world.capture(step, 'FIELD', real, ['field', 'id'])
        await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

/** A field of the form by index, or (when it has none) an id no field has. */
const fieldOf = (rec: Rec, at: number): Pair =>
  rec.items[at % Math.max(rec.items.length, 1)] ?? { model: UNKNOWN.field, real: UNKNOWN.field }

/**
 * A new config for a field: under --strict any kind's (a mismatch is the profile's refusal); else
 * one of the field's own kind, as the deployment file spells that kind.
 */
export const replaceFieldConfig = (b: Bodies) =>
  fc.record({ role, at: pick, item: pick, seed: fc.nat() }).map((args) =>
    command(
      `replaceFieldConfig(form #${args.at}, field #${args.item}, as ${args.role})`,
      (w) => w.has('form') && w.can(args.role),
      async (world, sides) => {
        const rec = target(world, 'form', args.at)
        if (!rec) return
        const field = fieldOf(rec, args.item)
        const [config] = fc.sample(b.config(field.kind), { seed: args.seed, numRuns: 1 })
        await send(
          world,
          sides,
          'replaceFieldConfig',
          args.role,
          `replace the config of a ${field.kind ?? 'missing'} field`,
          (side) => ({
            params: { id: idOn(side, rec), fieldId: idOn(side, field) },
            body: { config },
            ...(field.kind ? { fieldKind: field.kind } : {}),
          }),
        )
      },
    ),
  )

export const removeField = fc.record({ role, at: pick, read, item: pick }).map((args) =>
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
export const reorder = fc
  .record({
    role,
    at: pick,
    read,
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
        const rotated = rotation(rec, args.shift)
        const n = rec.items.length
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
        // Both applied it: the fields are in that order now (the next rotation starts from it).
        if (ok(step) && modelAccepted(step) && args.variant === 'complete') rec.items = rotated
        if (step) await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

/**
 * The record's fields rotated by 1 + `shift` (modulo their number, never a whole turn): a
 * permutation that shrinks well and, with two fields or more, always a real change of their order.
 */
export const rotation = (rec: Rec, shift: number): Pair[] => {
  const n = rec.items.length
  const by = n > 1 ? 1 + (shift % (n - 1)) : 0
  return rec.items.map((_, i) => rec.items[(i + by) % n] as Pair)
}

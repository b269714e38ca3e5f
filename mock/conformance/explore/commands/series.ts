/** Series creates: entitlement-gated, under the main and the no-entitlements key. */
import fc from 'fast-check'
import { send } from '../step.ts'
import { command, created, gatedRole, label, ok, track } from './shared.ts'

export const createSeries = fc
  .record({
    role: gatedRole,
    label,
    teams: fc.uniqueArray(fc.constantFrom('Red', 'Blue', 'Green'), { maxLength: 2 }),
    rounds: fc.array(label, { maxLength: 2 }),
  })
  .map((args) =>
    command(
      `createSeries(${args.teams.length} teams, ${args.rounds.length} rounds, as ${args.role})`,
      (w) => w.can(args.role) && w.scope.offers('createSeries'),
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

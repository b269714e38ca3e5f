/** Series creates: entitlement-gated, under the main and the no-entitlements key. */
import fc from 'fast-check'
import type { ActivityInput } from '../../../../contract/activities.ts'
import type { Bodies } from '../bodies.ts'
import { send } from '../step.ts'
import { command, created, gatedRole, label, ok, track } from './shared.ts'

/** Rounds have a session's shape (§2): their activities are spelled as a session's. */
export const createSeries = (b: Bodies) =>
  fc
    .record({
      role: gatedRole,
      label,
      teams: fc.uniqueArray(fc.constantFrom('Red', 'Blue', 'Green'), { maxLength: 2 }),
      rounds: fc.array(
        fc.record({
          title: label,
          activities: b.activity
            ? fc.array(b.activity, { maxLength: 1 })
            : fc.constant<ActivityInput[]>([]),
        }),
        { maxLength: 2 },
      ),
    })
    .map((args) =>
      command(
        `createSeries(${args.teams.length} teams, ${args.rounds.length} rounds, as ${args.role})`,
        (w) =>
          w.can(args.role) &&
          w.scope.offers('createSeries') &&
          args.rounds.every((r) => w.takes(r.activities)) &&
          args.rounds.every((r) => r.activities.every((a) => w.vocabulary.allowsActivity(a.kind))),
        async (world, sides) => {
          const body = {
            title: sides.title(args.label),
            teams: args.teams.map((name) => ({ name, color: '#00ff00' })),
            rounds: args.rounds.map((round) =>
              round.activities.length > 0 ? round : { title: round.title },
            ),
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

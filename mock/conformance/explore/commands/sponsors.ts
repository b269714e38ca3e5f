/** Sponsor report creates: entitlement-gated; their payload depends on the data, so only title and brand are compared. */
import fc from 'fast-check'
import type { Bodies } from '../bodies.ts'
import { send } from '../step.ts'
import { command, created, gatedRole, label, ok, track } from './shared.ts'

export const createReport = (b: Bodies) =>
  fc.record({ role: gatedRole, label, body: b.report }).map((args) =>
    command(
      `createSponsorReport(as ${args.role})`,
      (w) => w.can(args.role) && w.scope.offers('createSponsorReport'),
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

/** Commands on sessions: create (activities, team mode, open now), activities, teams, team mode, present. */
import fc from 'fast-check'
import type { ActivityInput } from '../../../../contract/activities.ts'
import type { Bodies } from '../bodies.ts'
import { idOn, send } from '../step.ts'
import {
  command,
  created,
  idAt,
  label,
  ok,
  params,
  pick,
  readBack,
  role,
  target,
  track,
  UNKNOWN,
} from './shared.ts'

export const createSession = (b: Bodies) =>
  fc
    .record({
      role,
      label,
      activities: b.activity
        ? fc.array(b.activity, { maxLength: 2 })
        : fc.constant<ActivityInput[]>([]),
      teamMode: fc.boolean(),
      open: fc.boolean(),
      read: fc.boolean(),
    })
    .map((args) =>
      command(
        `createSession(${args.activities.length} activities${args.teamMode ? ', team mode' : ''}${args.open ? ', open now' : ''}, as ${args.role})`,
        (w) =>
          w.can(args.role) &&
          w.takes(args.activities) &&
          args.activities.every((a) => w.vocabulary.allowsActivity(a.kind)),
        async (world, sides) => {
          const body = {
            title: sides.title(args.label),
            activities: args.activities,
            ...(args.teamMode ? { teamMode: true } : {}),
            ...(args.open ? { open: true } : {}),
          }
          const intent = `create a session with ${args.activities.length} activities${args.teamMode ? ' in team mode' : ''}${args.open ? ', open now' : ''}`
          const step = await send(world, sides, 'createSession', args.role, intent, () => ({
            body,
          }))
          if (!ok(step)) return
          const rec = created(world, step, 'session', 'session', 'activities', args.role)
          track(sides, rec)
          await readBack(world, sides, rec, args.role, args.read)
        },
      ),
    )

export const addActivity = (activity: NonNullable<Bodies['activity']>) =>
  fc.record({ role, at: pick, read: fc.boolean(), activity }).map((args) =>
    command(
      `addActivity(session #${args.at}, ${args.activity.kind}, as ${args.role})`,
      (w) =>
        w.has('session') &&
        w.can(args.role) &&
        w.takes([args.activity]) &&
        w.vocabulary.allowsActivity(args.activity.kind),
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
        rec.items.push({ model: idAt(step.model.body, 'activity'), real, kind: args.activity.kind })
        world.capture(step, 'ACTIVITY', real, ['activity', 'id'])
        await readBack(world, sides, rec, args.role, args.read)
      },
    ),
  )

/**
 * Few names, one differing only in case, and now and then a second team right after the first
 * (within the two requests a step may send): duplicates, refused case-insensitively by the profile,
 * come up often.
 */
export const addTeam = fc
  .record({
    role,
    at: pick,
    name: fc.constantFrom('Red', 'Blue', 'red'),
    second: fc.option(fc.constantFrom('red', 'Green'), { nil: undefined }),
    color: fc.constantFrom('#ff0000', '#0000ff'),
  })
  .map((args) =>
    command(
      `addTeam(session #${args.at}, ${args.name}${args.second ? ` then ${args.second}` : ''}, as ${args.role})`,
      (w) => w.has('session') && w.can(args.role),
      async (world, sides) => {
        const rec = target(world, 'session', args.at)
        if (!rec) return
        for (const name of args.second ? [args.name, args.second] : [args.name]) {
          if (rec.loose || world.aborted) return
          await send(
            world,
            sides,
            'addTeam',
            args.role,
            `add team ${name} to ${rec.variable}`,
            (side) => ({
              params: params(rec)(side),
              body: { name, color: args.color },
            }),
          )
        }
      },
    ),
  )

export const setTeamMode = fc
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

export const presentActivity = fc.record({ role, at: pick, item: pick }).map((args) =>
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

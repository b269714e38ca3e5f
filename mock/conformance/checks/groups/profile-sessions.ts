import { ACTIVITY_KINDS } from '../../../../contract/activities.ts'
import { ACTIVITY_SAMPLES } from '../../../../contract/input-examples.ts'
import { MODES, SESSION_STATUSES } from '../../../../contract/sessions.ts'
import { defineCheck } from '../../engine/check.ts'
import { makeSession, remember } from '../helpers/make.ts'

const [, OPEN] = SESSION_STATUSES
const [LIVE, SELF_PACED] = MODES

/** Session questions the reference leaves open: state names and transitions, mode, activity kinds. */
export const profileSessionChecks = [
  defineCheck({
    name: 'Profile §3 Session: open only from a draft, end only from an open session',
    operations: ['openSession', 'endSession'],
    profileOnly: true,
    run: async (ctx) => {
      const { session } = await makeSession(ctx)
      const params = { id: session.id }
      ctx.profileRefusal(
        'endSession',
        await ctx.api.endSession({ params }),
        'state_conflict',
        'Status of POST /sessions/{id}/end on a draft',
      )
      ctx.success('openSession', await ctx.api.openSession({ params }))
      ctx.profileRefusal(
        'openSession',
        await ctx.api.openSession({ params }),
        'state_conflict',
        'Status of POST /sessions/{id}/open on an open session',
      )
      ctx.success('endSession', await ctx.api.endSession({ params }))
      ctx.profileRefusal(
        'openSession',
        await ctx.api.openSession({ params }),
        'state_conflict',
        'Status of POST /sessions/{id}/open on an ended session',
      )
      ctx.profileRefusal(
        'endSession',
        await ctx.api.endSession({ params }),
        'state_conflict',
        'Status of POST /sessions/{id}/end on an ended session',
      )
    },
  }),
  defineCheck({
    name: 'Profile §2 Session: mode is live by default and self-paced is spelled self_paced',
    operations: ['createSession'],
    profileOnly: true,
    run: async (ctx) => {
      const plain = await makeSession(ctx)
      ctx.observe(
        'Mode of a session created without one',
        plain.session.mode,
        LIVE,
        plain.exchange,
        'createSession',
      )
      const exchange = await ctx.api.createSession({
        body: { title: ctx.title('Self-paced'), mode: SELF_PACED },
      })
      remember(ctx, 'session', 'session', exchange, 'main')
      const made = ctx.profileSuccess(
        'createSession',
        exchange,
        `Status of POST /sessions with mode "${SELF_PACED}"`,
      )
      ctx.observe(
        'Mode of a session created self-paced',
        made?.session.mode ?? null,
        SELF_PACED,
        exchange,
        'createSession',
      )
    },
  }),
  defineCheck({
    name: 'Profile §3 Session: the open-immediately option of session creation',
    operations: ['createSession'],
    profileOnly: true,
    run: async (ctx) => {
      const exchange = await ctx.api.createSession({
        body: { title: ctx.title('Opened on creation'), open: true },
      })
      remember(ctx, 'session', 'session', exchange, 'main')
      const made = ctx.profileSuccess(
        'createSession',
        exchange,
        'Status of POST /sessions with open: true',
      )
      ctx.observe(
        'Status of a session created with open: true',
        made?.session.status ?? null,
        OPEN,
        exchange,
        'createSession',
      )
    },
  }),
  // One check per kind, so a kind a deployment's release does not have yet (§9) is not in it alone.
  ...ACTIVITY_KINDS.map((kind) =>
    defineCheck({
      name: `Profile §2 Activity: kind "${kind}" with the profile's content`,
      operations: ['addActivity'],
      kinds: [kind],
      profileOnly: true,
      run: async (ctx) => {
        const { session } = await makeSession(ctx, { activities: [] })
        const exchange = await ctx.api.addActivity({
          params: { id: session.id },
          body: ACTIVITY_SAMPLES[kind],
        })
        ctx.profileSuccess(
          'addActivity',
          exchange,
          `Status of POST /sessions/{id}/activities with kind "${kind}"`,
        )
      },
    }),
  ),
]

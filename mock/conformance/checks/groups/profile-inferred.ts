import { ACTIVITY_SAMPLES } from '../../../../contract/input-examples.ts'
import { defineCheck } from '../../engine/check.ts'
import { makeForm, makeSession } from '../helpers/make.ts'

/**
 * §4 "Operations to delete a form, remove a field, update a session's team mode, present an
 * activity, and read form responses exist according to the release notes." Where they live is the
 * profile's choice: this asks whether the deployment has them there.
 */
export const profileInferredChecks = [
  defineCheck({
    name: 'Profile §4 Other operations: delete a form, remove a field, read responses, team mode, present',
    operations: [
      'listFormResponses',
      'removeField',
      'deleteForm',
      'setTeamMode',
      'presentActivity',
    ],
    profileOnly: true,
    run: async (ctx) => {
      const { form, fieldIds } = await makeForm(ctx, { fields: 2 })
      const params = { id: form.id }
      const responses = await ctx.api.listFormResponses({ params })
      ctx.profileSuccess(
        'listFormResponses',
        responses,
        'Status of GET /forms/{id}/responses (read form responses)',
      )
      const removed = await ctx.api.removeField({
        params: { ...params, fieldId: fieldIds[1] ?? '' },
      })
      ctx.profileSuccess(
        'removeField',
        removed,
        'Status of DELETE /forms/{id}/fields/{fieldId} (remove a field)',
      )
      const deleted = await ctx.api.deleteForm({ params })
      if (ctx.profileSuccess('deleteForm', deleted, 'Status of DELETE /forms/{id} (delete a form)'))
        ctx.forget(form.id)
      const { session } = await makeSession(ctx, {
        activities: [ACTIVITY_SAMPLES.poll, ACTIVITY_SAMPLES.qa],
      })
      const teamMode = await ctx.api.setTeamMode({
        params: { id: session.id },
        body: { teamMode: true },
      })
      ctx.profileSuccess(
        'setTeamMode',
        teamMode,
        "Status of PATCH /sessions/{id}/team-mode (update a session's team mode)",
      )
      ctx.success('openSession', await ctx.api.openSession({ params: { id: session.id } }))
      const activityId = session.activities[1]?.id ?? ''
      const present = await ctx.api.presentActivity({
        params: { id: session.id },
        body: { activityId },
      })
      ctx.profileSuccess(
        'presentActivity',
        present,
        'Status of POST /sessions/{id}/present (present an activity)',
      )
    },
  }),
]

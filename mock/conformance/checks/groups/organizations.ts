import type { Client } from '../../../../contract/client.ts'
import { ACTIVITY_SAMPLES, fieldSample, TEAMS } from '../../../../contract/input-examples.ts'
import { defineCheck } from '../../engine/check.ts'
import { makeForm, makeSession } from '../helpers/make.ts'

type ReplaceFieldBody = Parameters<Client['replaceFieldConfig']>[0]['body']

/** §5: records belong to the organization of the key that created them; entitlements bind only two operations. */
export const organizationChecks = [
  defineCheck({
    name: "§5 GET /forms/{id}: another organization's form is not readable",
    operations: ['getForm'],
    needs: ['otherOrg'],
    run: async (ctx) => {
      const theirs = (await makeForm(ctx, { role: 'otherOrg', label: "Other organization's form" }))
        .form
      ctx.refused('getForm', await ctx.api.getForm({ params: { id: theirs.id } }), 'not_found')
      const mine = (await makeForm(ctx, { label: 'Own form' })).form
      ctx.refused('getForm', await ctx.other.getForm({ params: { id: mine.id } }), 'not_found')
    },
  }),
  defineCheck({
    name: "§5 Forms: another organization's form cannot be changed",
    operations: [
      'updateForm',
      'replaceFormSettings',
      'publishForm',
      'closeForm',
      'addField',
      'replaceFieldConfig',
      'reorderFields',
      'getForm',
    ],
    needs: ['otherOrg'],
    run: async (ctx) => {
      const { form, fields, fieldIds } = await makeForm(ctx, {
        role: 'otherOrg',
        label: "Other organization's form",
        fields: 2,
      })
      const params = { id: form.id }
      ctx.refused(
        'updateForm',
        await ctx.api.updateForm({ params, body: { title: ctx.title('Hijacked') } }),
        'not_found',
      )
      const showProgress = form.settings.showProgress !== true
      ctx.refused(
        'replaceFormSettings',
        await ctx.api.replaceFormSettings({ params, body: { showProgress } }),
        'not_found',
      )
      ctx.refused('publishForm', await ctx.api.publishForm({ params }), 'not_found')
      ctx.refused('closeForm', await ctx.api.closeForm({ params }), 'not_found')
      ctx.refused('addField', await ctx.api.addField({ params, body: fieldSample(2) }), 'not_found')
      // The owner's config as the deployment stores it (its own vocabulary), one text changed.
      const config: Record<string, unknown> = { ...fields[0]?.config }
      const key = Object.keys(config).find((k) => typeof config[k] === 'string')
      if (key) config[key] = 'Hijacked'
      ctx.refused(
        'replaceFieldConfig',
        await ctx.api.replaceFieldConfig({
          params: { ...params, fieldId: fieldIds[0] ?? '' },
          body: { config } as ReplaceFieldBody,
        }),
        'not_found',
      )
      const reversed = [...fieldIds].reverse()
      ctx.refused(
        'reorderFields',
        await ctx.api.reorderFields({ params, body: { orderedIds: reversed } }),
        'not_found',
      )
      const read = await ctx.other.getForm({ params })
      const stored = ctx.success('getForm', read).form
      const storedConfig = stored.fields[0]?.config as Record<string, unknown> | undefined
      ctx.assert(
        stored.title === form.title &&
          stored.status === form.status &&
          stored.settings.showProgress === form.settings.showProgress &&
          stored.fields.map((f) => f.id).join() === fieldIds.join() &&
          (key === undefined || storedConfig?.[key] === fields[0]?.config[key]),
        "The owner's form changed after the other organization's refused requests.",
        read,
      )
    },
  }),
  defineCheck({
    name: "§5 Sessions: another organization's session cannot be opened, ended or extended",
    operations: ['openSession', 'endSession', 'addActivity', 'addTeam', 'listSessions'],
    needs: ['otherOrg'],
    run: async (ctx) => {
      // A draft in team mode: its owner could add a team, open and end it, add an activity.
      const { session } = await makeSession(ctx, {
        role: 'otherOrg',
        label: "Other organization's session",
        teamMode: true,
      })
      const params = { id: session.id }
      ctx.refused('addTeam', await ctx.api.addTeam({ params, body: TEAMS.owls }), 'not_found')
      ctx.refused('openSession', await ctx.api.openSession({ params }), 'not_found')
      ctx.refused('endSession', await ctx.api.endSession({ params }), 'not_found')
      ctx.refused(
        'addActivity',
        await ctx.api.addActivity({ params, body: ACTIVITY_SAMPLES.cue }),
        'not_found',
      )
      const list = await ctx.other.listSessions()
      const stored = ctx.success('listSessions', list).sessions.find((s) => s.id === session.id)
      ctx.assert(
        stored?.status === session.status && stored.activities.length === session.activities.length,
        "The owner's session changed after the other organization's refused requests.",
        list,
      )
    },
  }),
  defineCheck({
    name: '§5 Operations without an entitlement work for a key without entitlements',
    operations: ['createForm', 'createSession', 'listSeries', 'listSponsorReports'],
    needs: ['noEntitlements'],
    run: async (ctx) => {
      await makeForm(ctx, { role: 'noEntitlements', label: 'Form without entitlements' })
      await makeSession(ctx, { role: 'noEntitlements', label: 'Session without entitlements' })
      ctx.success('listSeries', await ctx.noEntitlements.listSeries())
      ctx.success('listSponsorReports', await ctx.noEntitlements.listSponsorReports())
    },
  }),
]

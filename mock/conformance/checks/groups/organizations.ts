import { defineCheck } from '../../engine/check.ts'
import { makeForm, makeSession } from '../helpers/make.ts'
import { ACTIVITY_SAMPLES, fieldSample } from '../helpers/samples.ts'

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
    operations: ['updateForm', 'publishForm', 'addField', 'getForm'],
    needs: ['otherOrg'],
    run: async (ctx) => {
      const { form } = await makeForm(ctx, {
        role: 'otherOrg',
        label: "Other organization's form",
        fields: 1,
      })
      const params = { id: form.id }
      ctx.refused(
        'updateForm',
        await ctx.api.updateForm({ params, body: { title: ctx.title('Hijacked') } }),
        'not_found',
      )
      ctx.refused('publishForm', await ctx.api.publishForm({ params }), 'not_found')
      ctx.refused('addField', await ctx.api.addField({ params, body: fieldSample(1) }), 'not_found')
      const read = await ctx.other.getForm({ params })
      const stored = ctx.success('getForm', read).form
      ctx.assert(
        stored.title === form.title && stored.status === form.status && stored.fields.length === 1,
        "The owner's form changed after the other organization's refused requests.",
        read,
      )
    },
  }),
  defineCheck({
    name: "§5 Sessions: another organization's session cannot be opened or extended",
    operations: ['openSession', 'addActivity', 'listSessions'],
    needs: ['otherOrg'],
    run: async (ctx) => {
      const { session } = await makeSession(ctx, {
        role: 'otherOrg',
        label: "Other organization's session",
      })
      const params = { id: session.id }
      ctx.refused('openSession', await ctx.api.openSession({ params }), 'not_found')
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

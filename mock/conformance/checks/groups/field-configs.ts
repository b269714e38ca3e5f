import { INVALID_FIELD_CONFIG } from '../../../../contract/input-examples.ts'
import { defineCheck } from '../../engine/check.ts'
import { makeForm, remember } from '../helpers/make.ts'

/** §7.2 "A field config that fails the schema of its kind (add field, replace config, form creation with inline fields)." */
export const fieldConfigChecks = [
  defineCheck({
    name: "§7.2 POST /forms/{id}/fields: a config failing its kind's schema is refused",
    operations: ['addField', 'getForm'],
    run: async (ctx) => {
      const { form } = await makeForm(ctx)
      const exchange = await ctx.api.raw({
        method: 'POST',
        path: '/forms/{id}/fields',
        params: { id: form.id },
        body: { kind: 'submission', config: INVALID_FIELD_CONFIG },
      })
      ctx.refused('addField', exchange, 'invalid_field_config')
      const read = await ctx.api.getForm({ params: { id: form.id } })
      ctx.assert(
        ctx.success('getForm', read).form.fields.length === 0,
        'The refused field was added anyway.',
        read,
      )
    },
  }),
  defineCheck({
    name: "§7.2 PATCH /forms/{id}/fields/{fieldId}: a config failing its kind's schema is refused",
    operations: ['replaceFieldConfig', 'getForm'],
    run: async (ctx) => {
      const { form, fields } = await makeForm(ctx, { fields: 1 })
      const exchange = await ctx.api.raw({
        method: 'PATCH',
        path: '/forms/{id}/fields/{fieldId}',
        params: { id: form.id, fieldId: fields[0]?.id ?? '' },
        body: { config: INVALID_FIELD_CONFIG },
      })
      ctx.refused('replaceFieldConfig', exchange, 'invalid_field_config')
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const stored = ctx.success('getForm', read).form.fields[0]?.config
      ctx.assert(
        JSON.stringify(stored) === JSON.stringify(fields[0]?.config),
        'The refused config was stored anyway.',
        read,
      )
    },
  }),
  defineCheck({
    name: "§7.2 POST /forms: an inline field whose config fails its kind's schema is refused",
    operations: ['createForm'],
    run: async (ctx) => {
      const exchange = await ctx.api.raw({
        method: 'POST',
        path: '/forms',
        body: {
          title: ctx.title('Invalid inline field'),
          fields: [{ kind: 'submission', config: INVALID_FIELD_CONFIG }],
        },
      })
      remember(ctx, 'form', 'form', exchange, 'main')
      ctx.refused('createForm', exchange, 'invalid_field_config')
    },
  }),
]

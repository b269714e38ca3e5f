import { FIELD_KINDS } from '../../../../contract/fields.ts'
import { SETTINGS_DEFAULTS } from '../../../../contract/form-settings.ts'
import { TEMPLATE_CONTENT } from '../../../../contract/form-templates.ts'
import { FORM_STATUSES } from '../../../../contract/forms.ts'
import { FIELD_SAMPLES } from '../../../../contract/input-examples.ts'
import { defineCheck } from '../../engine/check.ts'
import { makeForm, remember } from '../helpers/make.ts'

const [DRAFT, PUBLISHED, CLOSED] = FORM_STATUSES

/** Form questions the reference leaves open: asserted under strict, observed elsewhere. */
export const profileFormChecks = [
  defineCheck({
    name: 'Profile §3 Form: close is refused on a draft',
    operations: ['closeForm', 'getForm'],
    profileOnly: true,
    run: async (ctx) => {
      const { form } = await makeForm(ctx)
      const exchange = await ctx.api.closeForm({ params: { id: form.id } })
      ctx.profileRefusal(
        'closeForm',
        exchange,
        'state_conflict',
        'Status of POST /forms/{id}/close on a draft',
      )
      const read = await ctx.api.getForm({ params: { id: form.id } })
      ctx.observe(
        'Status of a draft form after a close',
        ctx.peek('getForm', read)?.form.status ?? null,
        DRAFT,
        read,
        'closeForm',
      )
    },
  }),
  defineCheck({
    name: 'Profile §3 Form: publish reopens a closed form',
    operations: ['publishForm', 'closeForm'],
    profileOnly: true,
    run: async (ctx) => {
      const { form } = await makeForm(ctx, { fields: 1 })
      const params = { id: form.id }
      ctx.success('publishForm', await ctx.api.publishForm({ params }))
      const closed = ctx.success('closeForm', await ctx.api.closeForm({ params })).form
      const exchange = await ctx.api.publishForm({ params })
      const again = ctx.profileSuccess(
        'publishForm',
        exchange,
        'Status of POST /forms/{id}/publish on a closed form',
      )
      ctx.observe(
        'Status of a closed form after a publish',
        again?.form.status ?? closed.status,
        PUBLISHED,
        exchange,
        'publishForm',
      )
      const closeAgain = await ctx.api.closeForm({ params })
      ctx.profileSuccess(
        'closeForm',
        closeAgain,
        'Status of POST /forms/{id}/close on a reopened form',
      )
      ctx.observe(
        'Status of a reopened form after a close',
        ctx.peek('closeForm', closeAgain)?.form.status ?? null,
        CLOSED,
        closeAgain,
        'closeForm',
      )
    },
  }),
  defineCheck({
    name: 'Profile §4 POST /forms: template, inline fields, settings and immediate publish',
    operations: ['createForm'],
    profileOnly: true,
    run: async (ctx) => {
      const fromTemplate = await ctx.api.createForm({
        body: { title: ctx.title('Retro'), template: 'retro', publish: true },
      })
      remember(ctx, 'form', 'form', fromTemplate, 'main')
      const retro = ctx.profileSuccess(
        'createForm',
        fromTemplate,
        'Status of POST /forms from a template with publish',
      )?.form
      ctx.observe(
        'A form from the retro template, published on creation: status, field count, use case',
        {
          status: retro?.status ?? null,
          fields: retro?.fields.length ?? null,
          useCase: retro?.settings.useCase ?? null,
        },
        {
          status: PUBLISHED,
          fields: TEMPLATE_CONTENT.retro.fields.length,
          useCase: TEMPLATE_CONTENT.retro.useCase,
        },
        fromTemplate,
        'createForm',
      )
      const inline = await ctx.api.createForm({
        body: {
          title: ctx.title('Inline'),
          fields: [FIELD_SAMPLES.rating],
          settings: { layout: 'single_page' },
        },
      })
      remember(ctx, 'form', 'form', inline, 'main')
      const made = ctx.profileSuccess(
        'createForm',
        inline,
        'Status of POST /forms with inline fields and settings',
      )?.form
      ctx.observe(
        'A form created with one inline field and layout single_page: field kinds, layout',
        { kinds: made?.fields.map((f) => f.kind) ?? null, layout: made?.settings.layout ?? null },
        { kinds: ['rating'], layout: 'single_page' },
        inline,
        'createForm',
      )
      const empty = await ctx.api.createForm({
        body: { title: ctx.title('Publish without fields'), publish: true },
      })
      remember(ctx, 'form', 'form', empty, 'main')
      ctx.profileRefusal(
        'createForm',
        empty,
        'publish_without_field',
        'Status of POST /forms with publish and no field',
      )
    },
  }),
  defineCheck({
    name: 'Profile §2 Form settings: the defaults of a new form',
    operations: ['createForm'],
    profileOnly: true,
    run: async (ctx) => {
      const { form, exchange } = await makeForm(ctx)
      for (const [key, expected] of Object.entries(SETTINGS_DEFAULTS)) {
        const answer: unknown = (form.settings as Record<string, unknown>)[key]
        const value =
          typeof answer === 'string' || typeof answer === 'boolean' || answer === null
            ? answer
            : String(answer)
        ctx.observe(`Default of settings.${key}`, value, expected, exchange, 'createForm')
      }
    },
  }),
  defineCheck({
    name: "Profile §2 Field: the twelve field kinds with the profile's configs",
    operations: ['addField'],
    profileOnly: true,
    run: async (ctx) => {
      const { form } = await makeForm(ctx)
      for (const kind of FIELD_KINDS) {
        const exchange = await ctx.api.addField({
          params: { id: form.id },
          body: FIELD_SAMPLES[kind],
        })
        ctx.profileSuccess(
          'addField',
          exchange,
          `Status of POST /forms/{id}/fields with kind "${kind}"`,
        )
      }
    },
  }),
  defineCheck({
    name: 'Profile §4 PATCH /forms/{id}: title and description may each be sent alone, not neither',
    operations: ['updateForm'],
    profileOnly: true,
    run: async (ctx) => {
      const { form } = await makeForm(ctx)
      const params = { id: form.id }
      ctx.profileSuccess(
        'updateForm',
        await ctx.api.updateForm({ params, body: { description: 'Only a description' } }),
        'Status of PATCH /forms/{id} with only a description',
      )
      ctx.profileSuccess(
        'updateForm',
        await ctx.api.updateForm({ params, body: { title: ctx.title('Only a title') } }),
        'Status of PATCH /forms/{id} with only a title',
      )
      const neither = await ctx.api.raw({ method: 'PATCH', path: '/forms/{id}', params, body: {} })
      ctx.profileRefusal(
        'updateForm',
        neither,
        'invalid_body',
        'Status of PATCH /forms/{id} with an empty object',
      )
    },
  }),
]

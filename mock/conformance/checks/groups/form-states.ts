import { FORM_STATUSES } from '../../../../contract/forms.ts'
import { defineCheck } from '../../engine/check.ts'
import { makeForm } from '../helpers/make.ts'

const [, PUBLISHED, CLOSED] = FORM_STATUSES

/** §2/§3 form lifecycle, with §7 conditions 1 and 3. */
export const formStateChecks = [
  defineCheck({
    name: '§2 Form: a created form starts as draft',
    operations: ['createForm'],
    run: async (ctx) => {
      const { form, exchange } = await makeForm(ctx)
      ctx.assert(form.status === 'draft', `status is "${form.status}", not "draft".`, exchange)
      ctx.observe(
        'publishedAt of a form never published',
        form.publishedAt,
        null,
        exchange,
        'createForm',
      )
    },
  }),
  defineCheck({
    name: '§3 Form: publish requires at least one field (§7.1)',
    operations: ['publishForm', 'getForm'],
    run: async (ctx) => {
      const { form } = await makeForm(ctx)
      const exchange = await ctx.api.publishForm({ params: { id: form.id } })
      ctx.refused('publishForm', exchange, 'publish_without_field')
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const status = ctx.success('getForm', read).form.status
      ctx.assert(
        status === 'draft',
        `After the refused publish the form is "${status}", not "draft".`,
        read,
      )
    },
  }),
  defineCheck({
    name: '§3 Form: publish with a field is accepted and the form reports a different status',
    operations: ['publishForm', 'getForm'],
    run: async (ctx) => {
      const { form } = await makeForm(ctx, { fields: 1 })
      const exchange = await ctx.api.publishForm({ params: { id: form.id } })
      const published = ctx.success('publishForm', exchange).form
      ctx.assert(
        published.status !== 'draft',
        'The published form still reports "draft".',
        exchange,
      )
      ctx.assert(
        published.publishedAt !== null,
        'publishedAt is null after publishing (§2: publishedAt is a timestamp).',
        exchange,
      )
      ctx.observe(
        'Status of a published form (§3: name not shown)',
        published.status,
        PUBLISHED,
        exchange,
        'publishForm',
      )
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const status = ctx.success('getForm', read).form.status
      ctx.assert(
        status === published.status,
        `GET reports "${status}", publish answered "${published.status}".`,
        read,
      )
    },
  }),
  defineCheck({
    name: '§3 Form: the immediate-publish option of creation publishes a form with a field',
    operations: ['createForm', 'getForm'],
    run: async (ctx) => {
      const { form, exchange } = await makeForm(ctx, { fields: 1, publish: true })
      ctx.assert(
        form.status !== 'draft' && form.publishedAt !== null,
        `Created with the immediate-publish option and a field, the form reports "${form.status}" (publishedAt ${form.publishedAt}): the option was not applied (§3: draft → published on "the immediate-publish option of form creation").`,
        exchange,
      )
      ctx.assert(form.fields.length === 1, 'The inline field is not on the new form.', exchange)
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const status = ctx.success('getForm', read).form.status
      ctx.assert(
        status === form.status,
        `GET reports "${status}", POST answered "${form.status}".`,
        read,
      )
    },
  }),
  defineCheck({
    name: '§3 Form: close is accepted on a published form and the status changes again',
    operations: ['closeForm', 'getForm'],
    run: async (ctx) => {
      const { form } = await makeForm(ctx, { fields: 1 })
      const published = ctx.success(
        'publishForm',
        await ctx.api.publishForm({ params: { id: form.id } }),
      ).form
      const exchange = await ctx.api.closeForm({ params: { id: form.id } })
      const closed = ctx.success('closeForm', exchange).form
      ctx.assert(
        closed.status !== published.status && closed.status !== 'draft',
        `The closed form reports "${closed.status}" (published: "${published.status}").`,
        exchange,
      )
      ctx.observe(
        'Status of a closed form (§3: name not shown)',
        closed.status,
        CLOSED,
        exchange,
        'closeForm',
      )
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const status = ctx.success('getForm', read).form.status
      ctx.assert(
        status === closed.status,
        `GET reports "${status}", close answered "${closed.status}".`,
        read,
      )
    },
  }),
  defineCheck({
    name: '§3 Form: reorder with an incomplete list is refused (§7.3)',
    operations: ['reorderFields', 'getForm'],
    run: async (ctx) => {
      const { form, fieldIds } = await makeForm(ctx, { fields: 3 })
      const partial = [fieldIds[2] ?? '', fieldIds[0] ?? '']
      const exchange = await ctx.api.reorderFields({
        params: { id: form.id },
        body: { orderedIds: partial },
      })
      ctx.refused('reorderFields', exchange, 'incomplete_reorder')
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const ids = ctx.success('getForm', read).form.fields.map((f) => f.id)
      ctx.assert(
        JSON.stringify(ids) === JSON.stringify(fieldIds),
        `After the refused reorder the order changed: ${ids.join(', ')}.`,
        read,
      )
    },
  }),
  defineCheck({
    name: '§3 Form: reorder with the complete list is accepted and GET shows the new order',
    operations: ['reorderFields', 'getForm'],
    run: async (ctx) => {
      const { form, fieldIds } = await makeForm(ctx, { fields: 3 })
      const wanted = [fieldIds[2] ?? '', fieldIds[0] ?? '', fieldIds[1] ?? '']
      ctx.success(
        'reorderFields',
        await ctx.api.reorderFields({ params: { id: form.id }, body: { orderedIds: wanted } }),
      )
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const ids = ctx.success('getForm', read).form.fields.map((f) => f.id)
      ctx.assert(
        JSON.stringify(ids) === JSON.stringify(wanted),
        `Expected the order ${wanted.join(', ')}; GET shows ${ids.join(', ')}.`,
        read,
      )
    },
  }),
]

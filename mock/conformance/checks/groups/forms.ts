import type { Client } from '../../../../contract/client.ts'
import { defineCheck } from '../../engine/check.ts'

type ReplaceFieldBody = Parameters<Client['replaceFieldConfig']>[0]['body']

import { FIELD_SAMPLES, fieldSample } from '../../../../contract/input-examples.ts'
import { realFieldKind, spellField } from '../../../deployment/vocabulary.ts'
import { makeForm } from '../helpers/make.ts'

/** §4 Forms: each operation's success answer, against its documented envelope and schema. */
export const formChecks = [
  defineCheck({
    name: '§4 POST /forms: answers { form: Form }',
    operations: ['createForm'],
    run: async (ctx) => {
      const { form, exchange } = await makeForm(ctx, { label: 'Created' })
      ctx.assert(
        Array.isArray(form.fields) && form.fields.length === 0,
        'A form created without fields has an empty fields array.',
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 GET /forms/{id}: answers { form: Form } with its fields and share link',
    operations: ['getForm'],
    run: async (ctx) => {
      const { form, fieldIds } = await makeForm(ctx, { fields: 2 })
      const exchange = await ctx.api.getForm({ params: { id: form.id } })
      const read = ctx.success('getForm', exchange).form
      ctx.assert(read.id === form.id, `Asked for ${form.id}, got ${read.id}.`, exchange)
      ctx.assert(
        JSON.stringify(read.fields.map((f) => f.id)) === JSON.stringify(fieldIds),
        `Expected the fields ${fieldIds.join(', ')} in that order.`,
        exchange,
      )
      ctx.assert(
        read.shareUrl === form.shareUrl,
        'The share link differs from the one POST /forms gave.',
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 GET /forms: answers { forms: [Form] } with their fields',
    operations: ['listForms'],
    run: async (ctx) => {
      const { form, fieldIds } = await makeForm(ctx, { fields: 1 })
      const exchange = await ctx.api.listForms()
      const { forms } = ctx.success('listForms', exchange)
      const listed = ctx.found(
        forms.find((f) => f.id === form.id),
        `The new form ${form.id} is not listed ("every form of the organization").`,
        exchange,
      )
      ctx.assert(
        listed.fields.length === 1 && listed.fields[0]?.id === fieldIds[0],
        `Form ${form.id} is listed without its field ${fieldIds[0]} ("with fields").`,
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 PATCH /forms/{id}: answers { form: Form } with the new title and description',
    operations: ['updateForm', 'getForm'],
    run: async (ctx) => {
      const { form } = await makeForm(ctx)
      const title = ctx.title('Renamed')
      const description = 'Updated by the contract suite.'
      const exchange = await ctx.api.updateForm({
        params: { id: form.id },
        body: { title, description },
      })
      const updated = ctx.success('updateForm', exchange).form
      ctx.assert(
        updated.title === title && updated.description === description,
        'The answer does not carry the title and description sent.',
        exchange,
      )
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const stored = ctx.success('getForm', read).form
      ctx.assert(
        stored.title === title && stored.description === description,
        'GET does not show the update.',
        read,
      )
    },
  }),
  defineCheck({
    name: '§4 PATCH /forms/{id}/settings: answers { form: { id, settings } }',
    operations: ['replaceFormSettings'],
    run: async (ctx) => {
      const { form } = await makeForm(ctx)
      const exchange = await ctx.api.replaceFormSettings({
        params: { id: form.id },
        body: { layout: 'single_page' },
      })
      const answered = ctx.success('replaceFormSettings', exchange).form
      ctx.assert(answered.id === form.id, `Expected form ${form.id}, got ${answered.id}.`, exchange)
      ctx.assert(
        answered.settings.layout === 'single_page',
        'The settings sent are not the settings answered.',
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 POST /forms/{id}/publish: answers { form: Form }',
    operations: ['publishForm'],
    run: async (ctx) => {
      const { form } = await makeForm(ctx, { fields: 1 })
      const exchange = await ctx.api.publishForm({ params: { id: form.id } })
      ctx.assert(
        ctx.success('publishForm', exchange).form.id === form.id,
        'Another form was answered.',
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 POST /forms/{id}/close: answers { form: Form }',
    operations: ['closeForm'],
    run: async (ctx) => {
      const { form } = await makeForm(ctx, { fields: 1 })
      ctx.success('publishForm', await ctx.api.publishForm({ params: { id: form.id } }))
      const exchange = await ctx.api.closeForm({ params: { id: form.id } })
      ctx.assert(
        ctx.success('closeForm', exchange).form.id === form.id,
        'Another form was answered.',
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 POST /forms/{id}/fields: answers { field: Field } and appends it',
    operations: ['addField', 'getForm'],
    run: async (ctx) => {
      const { form, fieldIds } = await makeForm(ctx, { fields: 1 })
      const exchange = await ctx.api.addField({
        params: { id: form.id },
        body: FIELD_SAMPLES.submission,
      })
      const { field } = ctx.success('addField', exchange)
      // §2 names the submission kind; the deployment file may give this deployment's name for it.
      const kind = realFieldKind(ctx.run.deployment, 'submission') ?? 'submission'
      ctx.assert(field.kind === kind, `Sent kind "${kind}", got "${field.kind}".`, exchange)
      const read = await ctx.api.getForm({ params: { id: form.id } })
      const ids = ctx.success('getForm', read).form.fields.map((f) => f.id)
      ctx.assert(
        JSON.stringify(ids) === JSON.stringify([...fieldIds, field.id]),
        `Expected the new field last: ${[...fieldIds, field.id].join(', ')}; got ${ids.join(', ')}.`,
        read,
      )
    },
  }),
  defineCheck({
    name: '§4 PATCH /forms/{id}/fields/{fieldId}: answers { field: Field } with the new config',
    operations: ['replaceFieldConfig'],
    run: async (ctx) => {
      const { form, fieldIds } = await makeForm(ctx, { fields: 1 })
      // The submission config as the deployment file spells it: its first text property changes.
      const base: Record<string, unknown> =
        spellField(ctx.run.deployment, fieldSample(0))?.config ?? fieldSample(0).config
      const key = Object.keys(base).find((k) => typeof base[k] === 'string') ?? 'label'
      const config = { ...base, [key]: 'Renamed entry' }
      const exchange = await ctx.api.replaceFieldConfig({
        params: { id: form.id, fieldId: fieldIds[0] ?? '' },
        // A deployment's own config: the profile's type does not describe it.
        body: { config } as ReplaceFieldBody,
      })
      const { field } = ctx.success('replaceFieldConfig', exchange)
      ctx.assert(
        field.id === fieldIds[0],
        `Expected field ${fieldIds[0]}, got ${field.id}.`,
        exchange,
      )
      ctx.assert(
        (field.config as Record<string, unknown>)[key] === 'Renamed entry',
        'The answer does not carry the new config.',
        exchange,
      )
    },
  }),
  defineCheck({
    name: '§4 POST /forms/{id}/fields/reorder: answers { ok: true }',
    operations: ['reorderFields'],
    run: async (ctx) => {
      const { form, fieldIds } = await makeForm(ctx, { fields: 2 })
      const exchange = await ctx.api.reorderFields({
        params: { id: form.id },
        body: { orderedIds: [...fieldIds].reverse() },
      })
      ctx.success('reorderFields', exchange)
    },
  }),
]

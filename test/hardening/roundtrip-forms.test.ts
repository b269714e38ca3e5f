import fc from 'fast-check'
import { describe, expect } from 'vitest'
import {
  CreateFormBody,
  FIELD_CONFIGS,
  FIELD_KINDS,
  FieldInput,
  type Form,
  FormSettingsInput,
  TEMPLATE_CONTENT,
  UpdateFormBody,
} from '../../contract/index.ts'
import { bodySamples, fieldConfigs } from '../../contract/samples.ts'
import { asInput, roundTripSuite } from './roundtrip.ts'

const { accepted, roundTrips, getForm } = roundTripSuite()

describe('profile-valid form bodies round-trip', () => {
  roundTrips(
    'POST /forms: created as sent; GET /forms/{id} and the list return the same form',
    bodySamples.CreateFormBody,
    async (body) => {
      const sent = CreateFormBody.parse(body)
      const created: Form = (await accepted(201, 'POST', '/forms', body)).form
      const template = sent.template ? TEMPLATE_CONTENT[sent.template] : undefined
      const settings = sent.settings ?? FormSettingsInput.parse({})
      expect(created).toMatchObject({
        title: sent.title,
        description: sent.description || template?.description || '',
        status: sent.publish ? 'published' : 'draft',
        settings: {
          ...settings,
          useCase: template && settings.useCase === 'general' ? template.useCase : settings.useCase,
        },
      })
      const fields = [...(template?.fields ?? []).map((f) => FieldInput.parse(f)), ...sent.fields]
      expect(created.fields.map(asInput)).toEqual(fields.map(asInput))
      expect(await getForm(created.id)).toEqual(created)
      expect((await accepted(200, 'GET', '/forms')).forms[0]).toEqual(created)
    },
  )

  roundTrips(
    'PATCH /forms/{id} and /settings: the read shows the new values',
    fc.tuple(bodySamples.UpdateFormBody, bodySamples.FormSettingsInput),
    async ([update, settings]) => {
      const form: Form = (await accepted(201, 'POST', '/forms', { title: 'Before' })).form
      const updated: Form = (await accepted(200, 'PATCH', `/forms/${form.id}`, update)).form
      const sent = UpdateFormBody.parse(update)
      expect(updated).toEqual({ ...form, ...sent })
      const replaced = (await accepted(200, 'PATCH', `/forms/${form.id}/settings`, settings)).form
      expect(replaced).toEqual({ id: form.id, settings: FormSettingsInput.parse(settings) })
      expect(await getForm(form.id)).toEqual({ ...updated, settings: replaced.settings })
    },
  )

  const kindAndTwoConfigs = fc
    .constantFrom(...FIELD_KINDS)
    .chain((kind) =>
      fc.tuple(
        fc.constant(kind),
        fieldConfigs[kind] as fc.Arbitrary<object>,
        fieldConfigs[kind] as fc.Arbitrary<object>,
      ),
    )

  roundTrips(
    'fields: added, replaced and reordered as sent',
    fc.tuple(
      fc.array(bodySamples.FieldInput, { minLength: 1, maxLength: 6 }),
      kindAndTwoConfigs,
      fc.nat(),
    ),
    async ([inputs, [kind, first, second], seed]) => {
      const form: Form = (await accepted(201, 'POST', '/forms', { title: 'Fields' })).form
      for (const [i, input] of inputs.entries()) {
        const { field } = await accepted(201, 'POST', `/forms/${form.id}/fields`, input)
        expect(asInput(field)).toEqual(asInput(FieldInput.parse(input)))
        expect(field.order).toBe(i)
      }
      const { field } = await accepted(201, 'POST', `/forms/${form.id}/fields`, {
        kind,
        config: first,
      })
      const replaced = await accepted(200, 'PATCH', `/forms/${form.id}/fields/${field.id}`, {
        config: second,
      })
      expect(replaced.field).toEqual({ ...field, config: FIELD_CONFIGS[kind].parse(second) })
      const ids = (await getForm(form.id)).fields.map((f) => f.id)
      const order = fc.sample(fc.shuffledSubarray(ids, { minLength: ids.length }), {
        seed,
        numRuns: 1,
      })[0] as string[]
      expect(
        await accepted(200, 'POST', `/forms/${form.id}/fields/reorder`, { orderedIds: order }),
      ).toEqual({ ok: true })
      const after = await getForm(form.id)
      expect(after.fields.map((f) => f.id)).toEqual(order)
      expect(after.fields.map((f) => f.order)).toEqual(order.map((_, i) => i))
      expect(after.fields.find((f) => f.id === field.id)).toEqual({
        ...replaced.field,
        order: order.indexOf(field.id),
      })
    },
  )
})

import { describe, expect, it } from 'vitest'
import type { ApiStep } from '../../contract/plan.ts'
import { SeedVocabulary } from './seed-plan.ts'

const step = (operation: ApiStep['operation'], more: Partial<ApiStep> = {}): ApiStep => ({
  type: 'api',
  apiKey: 'acme',
  at: '2026-01-01T00:00:00.000Z',
  operation,
  ...more,
})
const ready = (prepared: ReturnType<SeedVocabulary['prepare']>) => {
  if ('skip' in prepared) throw new Error(`skipped: ${prepared.skip}`)
  return prepared
}

describe('SeedVocabulary', () => {
  it('skips a step on a record left out, and every step on it after', () => {
    const vocabulary = new SeedVocabulary({ forms: { fields: { email: null } } })
    const named = new Map<string, unknown>([['form', { form: { id: 'f1' } }]])
    const add = step('addField', {
      name: 'email',
      params: { id: { ref: 'form', path: 'form.id' } },
      body: { kind: 'email', config: { label: 'Mail' } },
    })
    expect(vocabulary.prepare(add, named)).toEqual({
      skip: 'forms.fields.email is null: the email field is left out',
    })
    const remove = step('removeField', {
      params: { id: 'f1', fieldId: { ref: 'email', path: 'field.id' } },
    })
    expect(vocabulary.prepare(remove, named)).toEqual({
      skip: 'its record was left out (not offered by this deployment)',
    })
    expect(vocabulary.leftOut).toEqual([
      { record: 'email', what: 'a email field', key: 'forms.fields.email' },
    ])
  })

  it('reorders the fields the form has on this deployment, those it added included', () => {
    const vocabulary = new SeedVocabulary({})
    const named = new Map<string, unknown>()
    for (const id of ['a', 'b']) {
      ready(
        vocabulary.prepare(
          step('addField', {
            params: { id: 'f1' },
            body: { kind: 'rating', config: { label: id } },
          }),
          named,
        ),
      ).keep({ field: { id } })
    }
    const reorder = ready(
      vocabulary.prepare(
        step('reorderFields', { params: { id: 'f1' }, body: { orderedIds: ['b', 'x'] } }),
        named,
      ),
    )
    expect(reorder.request.body).toEqual({ orderedIds: ['b', 'a'] })
  })

  it('hands out the completions of the record just created once', () => {
    const vocabulary = new SeedVocabulary({})
    const create = ready(
      vocabulary.prepare(
        step('createForm', { body: { title: 'R', template: 'retro' } }),
        new Map(),
      ),
    )
    create.keep({ form: { id: 'f1', fields: [] } })
    expect(vocabulary.completing().length).toBeGreaterThan(0)
    expect(vocabulary.completing()).toEqual([])
  })
})

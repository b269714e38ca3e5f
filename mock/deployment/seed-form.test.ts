import { describe, expect, it } from 'vitest'
import { TEMPLATE_CONTENT } from '../../contract/form-templates.ts'
import type { ApiStep } from '../../contract/plan.ts'
import { FormFields } from './form-fields.ts'
import type { DeploymentFile } from './schema.ts'
import { alignForm, offeredForm } from './seed-form.ts'

const step = (body: Record<string, unknown>): ApiStep => ({
  type: 'api',
  apiKey: 'acme',
  at: '2026-01-01T00:00:00.000Z',
  operation: 'createForm',
  body,
})
const left: string[] = []
const leave = (_: ApiStep, what: string) => left.push(what)

describe('offeredForm', () => {
  it("sends a template the deployment lacks as the template's fields, inline and first", () => {
    const body = { title: 'Retro', template: 'retro', fields: [{ kind: 'email', config: {} }] }
    const offered = offeredForm({ forms: { templates: { retro: null } } }, step(body), body, leave)
    expect(offered.body).not.toHaveProperty('template')
    expect((offered.body.fields as Array<{ kind: string }>).map((f) => f.kind)).toEqual([
      ...TEMPLATE_CONTENT.retro.fields.map((f) => f.kind),
      'email',
    ])
    expect(offered.templateKinds).toEqual([])
  })

  it('leaves out the field kinds the deployment file sets to null', () => {
    left.length = 0
    const body = {
      title: 'F',
      fields: [
        { kind: 'email', config: {} },
        { kind: 'rating', config: {} },
      ],
    }
    const offered = offeredForm({ forms: { fields: { email: null } } }, step(body), body, leave)
    expect(offered.sent).toEqual([{ kind: 'rating', config: {} }])
    expect(offered.inline).toHaveLength(2)
    expect(left).toEqual(['a email field'])
  })
})

describe('alignForm', () => {
  it('puts each answered field where the plan expects it, a left-out one as null', () => {
    const deployment: DeploymentFile = { forms: { fields: { email: null } } }
    const body = {
      title: 'F',
      fields: [
        { kind: 'email', config: {} },
        { kind: 'rating', config: {} },
      ],
    }
    const offered = offeredForm(deployment, step(body), body, () => {})
    const book = new FormFields()
    const answer = { form: { id: 'f1', fields: [{ id: 'r1', kind: 'rating' }] } }
    const aligned = alignForm(deployment, book, undefined, offered, answer)
    expect(aligned.answer).toEqual({
      form: { id: 'f1', fields: [null, { id: 'r1', kind: 'rating' }] },
    })
    expect(aligned.completing).toEqual([])
    expect(book.kindOf('r1')).toBe('rating')
    expect(book.fieldsOf('f1')).toEqual(['r1'])
  })

  it("completes a template field the deployment's template lacks, filling its position once added", () => {
    const body = { title: 'Retro', template: 'retro' }
    const offered = offeredForm({}, step(body), body, () => {})
    const template = TEMPLATE_CONTENT.retro.fields
    // The deployment's retro template has every field but the last.
    const own = template.slice(0, -1).map((f, i) => ({ id: `t${i}`, kind: f.kind }))
    const book = new FormFields()
    const aligned = alignForm({}, book, 'retro', offered, { form: { id: 'f1', fields: own } })
    const fields = () => (aligned.answer as { form: { fields: unknown[] } }).form.fields
    expect(fields().at(-1)).toBeNull()
    expect(aligned.completing).toHaveLength(1)
    const [completing] = aligned.completing
    expect(completing?.params).toEqual({ id: 'f1' })
    completing?.keep({ field: { id: 'added', kind: template.at(-1)?.kind } })
    expect(fields().at(-1)).toEqual({ id: 'added', kind: template.at(-1)?.kind })
    expect(book.fieldsOf('f1')).toEqual([...own.map((f) => f.id), 'added'])
  })

  it('passes an answer that is no form as it is', () => {
    const offered = { body: {}, templateKinds: [], inline: [], sent: [] }
    expect(alignForm({}, new FormFields(), undefined, offered, { error: 'x' })).toEqual({
      answer: { error: 'x' },
      completing: [],
    })
  })
})

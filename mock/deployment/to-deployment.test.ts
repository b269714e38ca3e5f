import { describe, expect, it } from 'vitest'
import { DeploymentError, parseDeployment } from './schema.ts'
import { NotOffered, spellRequest } from './to-deployment.ts'

describe('spellRequest', () => {
  it('sends the profile spelling when the deployment file says nothing', () => {
    const body = { title: 'T', publish: true, fields: [{ kind: 'yes_no', config: { label: 'Q' } }] }
    expect(spellRequest({}, 'createForm', body)).toEqual({
      method: 'POST',
      path: '/forms',
      body,
      keys: [
        'forms.fields.yes_no',
        'forms.create.title',
        'forms.create.publishNow',
        'forms.create.fields',
      ],
    })
  })

  it('renames properties, into nested objects for a dotted path', () => {
    const deployment = parseDeployment(
      {
        sponsors: {
          create: { brandLabel: 'brand', windowStart: 'window.from', windowEnd: 'window.to' },
        },
      },
      'test',
    )
    const spelled = spellRequest(deployment, 'createSponsorReport', {
      title: 'R',
      brandLabel: 'B',
      rangeStart: '2026-01-01T00:00:00.000Z',
      rangeEnd: '2026-02-01T00:00:00.000Z',
    })
    expect(spelled.body).toEqual({
      title: 'R',
      brand: 'B',
      window: { from: '2026-01-01T00:00:00.000Z', to: '2026-02-01T00:00:00.000Z' },
    })
  })

  it('refuses to send an option the file says the deployment does not have', () => {
    const deployment = parseDeployment({ sessions: { create: { openNow: null } } }, 'test')
    expect(() => spellRequest(deployment, 'createSession', { title: 'S', open: true })).toThrow(
      NotOffered,
    )
    expect(spellRequest(deployment, 'createSession', { title: 'S' }).body).toEqual({ title: 'S' })
  })

  it('replaces activity content and the submission config wherever the profile sends them', () => {
    const deployment = parseDeployment(
      {
        sessions: { activities: { poll: { text: 'Q?', choices: ['a', 'b'] } } },
        forms: { submissionConfig: { caption: 'Link' } },
      },
      'test',
    )
    const rounds = spellRequest(deployment, 'createSeries', {
      title: 'S',
      rounds: [{ title: 'R', activities: [{ kind: 'poll', question: 'x', options: ['1', '2'] }] }],
    })
    expect(rounds.body).toEqual({
      title: 'S',
      rounds: [{ title: 'R', activities: [{ kind: 'poll', text: 'Q?', choices: ['a', 'b'] }] }],
    })
    expect(rounds.keys).toContain('sessions.activities.poll')
    const field = spellRequest(deployment, 'addField', {
      kind: 'submission',
      config: { label: 'x' },
    })
    expect(field.body).toEqual({ kind: 'submission', config: { caption: 'Link' } })
  })

  it('wraps a replaced config as the file says, or sends it bare for null', () => {
    const config = { label: 'x' }
    const wrapped = parseDeployment({ forms: { replaceField: { wrapper: 'newConfig' } } }, 't')
    expect(spellRequest(wrapped, 'replaceFieldConfig', { config }).body).toEqual({
      newConfig: config,
    })
    const bare = parseDeployment({ forms: { replaceField: { wrapper: null } } }, 't')
    expect(spellRequest(bare, 'replaceFieldConfig', { config }).body).toEqual(config)
  })

  it('moves an inferred operation, renames its body, or marks it not offered', () => {
    const deployment = parseDeployment(
      {
        operations: {
          presentActivity: {
            method: 'PUT',
            path: '/sessions/{id}/screen',
            body: { activityId: 'current' },
          },
          deleteForm: null,
        },
      },
      't',
    )
    expect(spellRequest(deployment, 'presentActivity', { activityId: 'a1' })).toMatchObject({
      method: 'PUT',
      path: '/sessions/{id}/screen',
      body: { current: 'a1' },
    })
    expect(() => spellRequest(deployment, 'deleteForm', undefined)).toThrow(NotOffered)
  })

  it('hands the profile body to a module function', () => {
    const deployment = parseDeployment(
      { series: { create: (body: Record<string, unknown>) => ({ series: body }) } },
      't',
    )
    expect(spellRequest(deployment, 'createSeries', { title: 'S' }).body).toEqual({
      series: { title: 'S' },
    })
  })
})

describe('parseDeployment', () => {
  it('lists every unknown or malformed key with what is expected', () => {
    const parse = () =>
      parseDeployment(
        {
          form: {},
          forms: { create: { publishNoww: 'x', title: 'bad name!' } },
          operations: { removeField: { method: 'DELETE', path: '/fields/{fieldId}' } },
          expect: { statuses: { createForm: 99 } },
        },
        'deployment.json',
      )
    expect(parse).toThrow(DeploymentError)
    const message = (() => {
      try {
        parse()
        return ''
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(message).toMatch(/^deployment\.json is not a valid deployment file:/)
    expect(message).toContain('form: unknown key')
    expect(message).toContain('forms.create.publishNoww: unknown key')
    expect(message).toContain('forms.create.title: expected a property name, a dotted path')
    expect(message).toContain(
      'operations.removeField.path: expected the placeholders {fieldId} and {id}',
    )
    expect(message).toContain('expect.statuses.createForm')
  })

  it('ignores "//" comment keys and accepts an empty file', () => {
    expect(parseDeployment({ '// about': 'x', forms: { '// create': 'y' } }, 't')).toEqual({
      forms: {},
    })
    expect(parseDeployment({}, 't')).toEqual({})
  })
})

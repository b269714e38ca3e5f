import { describe, expect, it } from 'vitest'
import { ACME_KEY, organizationsOnly } from '../../fixtures/index.ts'
import { createMockCore } from '../create.ts'

describe('createForm', () => {
  it('gives every form created without settings its own copy of the defaults', async () => {
    const mock = createMockCore({
      plan: organizationsOnly(),
    })
    await mock.ready
    const create = async (body: object) => {
      const answer = await mock.handle({
        method: 'POST',
        path: '/forms',
        headers: { authorization: `Bearer ${ACME_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(answer.status).toBe(201)
      return JSON.parse(answer.text).form as { id: string; settings: { useCase: string } }
    }
    const plain = await create({ title: 'Plain' })
    // A template sets its use case on the settings it starts from: never on the shared defaults.
    const retro = await create({ title: 'From a template', template: 'retro' })
    const after = await create({ title: 'Plain again' })
    expect([plain.settings.useCase, retro.settings.useCase, after.settings.useCase]).toEqual([
      'general',
      'retro',
      'general',
    ])
    const stored = [plain, after].map((form) => mock.store.forms.get(form.id)?.settings)
    expect(stored[0]).toEqual(stored[1])
    expect(stored[0]).not.toBe(stored[1])
  })
})

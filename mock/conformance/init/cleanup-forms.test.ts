import { describe, expect, it } from 'vitest'
import { deleteProbeForms } from './cleanup-forms.ts'
import { probedMock } from './probe-test-deployment.ts'
import type { Probe } from './prober.ts'

const formsOn = async (api: ReturnType<typeof probedMock>, count: number) => {
  const ids: string[] = []
  for (let i = 0; i < count; i += 1) {
    const created = await api.createForm({ body: { title: `probe ${i}` } })
    if (created.status !== 201) throw new Error(`setup: createForm answered ${created.status}`)
    ids.push((created.body as { form: { id: string } }).form.id)
  }
  return ids
}

describe('deleteProbeForms', () => {
  it('deletes every probe form, counted apart, and records the last answer', async () => {
    const api = probedMock()
    const forms = await formsOn(api, 2)
    const run = { cleanupRequests: 0, marker: '[m]' }
    const probes: Probe[] = []
    const summary = await deleteProbeForms(run, api, forms, probes)
    expect(summary).toMatch(/^2 of 2 probe forms deleted; .* titled "\[m\] init …"\.$/)
    expect(run.cleanupRequests).toBe(2)
    expect(probes).toEqual([
      expect.objectContaining({ key: 'operations.deleteForm', status: 200, accepted: true }),
    ])
    expect((await api.getForm({ params: { id: forms[0] ?? '' } })).status).toBe(404)
  })

  it('stops at the first refusal and records it in words', async () => {
    const api = probedMock({}, (method) => method === 'DELETE')
    const probes: Probe[] = []
    const run = { cleanupRequests: 0, marker: '[m]' }
    const summary = await deleteProbeForms(run, api, ['a', 'b'], probes)
    expect(summary).toMatch(/^0 of 2 probe forms deleted/)
    expect(run.cleanupRequests).toBe(1)
    expect(probes[0]).toMatchObject({ accepted: false, answer: 'Not on this deployment' })
  })

  it('records nothing when the probe created no form', async () => {
    const probes: Probe[] = []
    const summary = await deleteProbeForms(
      { cleanupRequests: 0, marker: '[m]' },
      probedMock(),
      [],
      probes,
    )
    expect(summary).toMatch(/^0 of 0 probe forms deleted/)
    expect(probes).toEqual([])
  })
})

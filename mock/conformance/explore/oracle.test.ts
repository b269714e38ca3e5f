import { describe, expect, it } from 'vitest'
import { DEMO_KEYS } from '../engine/env.ts'
import { createOracle } from './oracle.ts'

describe('the oracle', () => {
  it('takes back a saved state: records made since are gone, and the next id is the one drawn after the save', async () => {
    const oracle = await createOracle({ main: DEMO_KEYS.main })
    const client = oracle.client('main')
    if (!client) throw new Error('no client')
    const saved = await oracle.save()
    const first = await client.createForm({ body: { title: 'One', fields: [] } })
    const id = (first.body as { form: { id: string } }).form.id
    await oracle.load(saved)
    expect((await client.getForm({ params: { id } })).status).toBe(404)
    const again = await client.createForm({ body: { title: 'Two', fields: [] } })
    expect((again.body as { form: { id: string } }).form.id).toBe(id)
  })
})

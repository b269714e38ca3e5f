import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { client, expectOk, expectPlain, expectValidation } from './client.ts'
import { Session } from './resources.ts'
import { startForeign } from './server.ts'

const slides = { kind: 'slides', slides: [{ type: 'statement', text: 'Welcome' }] }

describe('the foreign deployment’s releases', () => {
  const started: Array<Awaited<ReturnType<typeof startForeign>>> = []
  const at = async (release: 'latest' | '2026-07-12' | '2026-07-10') => {
    const foreign = await startForeign({ release })
    started.push(foreign)
    return client(foreign.baseUrl)
  }
  let latest: ReturnType<typeof client>
  let july12: ReturnType<typeof client>
  let july10: ReturnType<typeof client>
  beforeAll(async () => {
    ;[latest, july12, july10] = [await at('latest'), await at('2026-07-12'), await at('2026-07-10')]
  })
  afterAll(() => Promise.all(started.map((f) => f.close())))

  it('has no series and no sponsor reports before 2026-07-13: 404 in the plain shape on every method', async () => {
    for (const call of [july12, july10])
      for (const [method, path] of [
        ['GET', '/series'],
        ['POST', '/series'],
        ['GET', '/sponsors'],
        ['POST', '/sponsors'],
      ] as const)
        expectPlain(await call(method, path, method === 'POST' ? { title: 't' } : undefined), 404)
    expect((await latest('GET', '/series')).status).toBe(200)
    expect((await latest('GET', '/sponsors')).status).toBe(200)
  })

  it('keeps forms editing in every release', async () => {
    for (const call of [july12, july10]) {
      const { form } = expectOk(
        await call('POST', '/forms', {
          title: 'F',
          fields: [{ kind: 'text', config: { question: 'q' } }],
        }),
        z.object({ form: z.object({ id: z.string() }) }),
      )
      expect((await call('PATCH', `/forms/${form.id}`, { title: 'G' })).status).toBe(200)
      expect((await call('POST', `/forms/${form.id}/close`)).status).toBe(200)
    }
  })

  it('refuses the slides kind as unknown on 2026-07-10, inline or added, and takes it from 2026-07-12', async () => {
    const refused = expectPlain(
      await july10('POST', '/sessions', { title: 's', activities: [slides] }),
      422,
    )
    expect(refused).toContain('activities.0.kind')
    const { session } = expectOk(
      await july10('POST', '/sessions', { title: 's' }),
      z.object({ session: Session }),
    )
    const added = expectValidation(
      await july10('POST', `/sessions/${session.id}/activities`, slides),
      422,
    )
    expect(added.issues).toEqual([
      { path: ['kind'], message: expect.not.stringContaining('slides') },
    ])
    expect(
      (await july10('POST', `/sessions/${session.id}/activities`, { kind: 'cue', label: 'c' }))
        .status,
    ).toBe(200)
    for (const call of [july12, latest])
      expect((await call('POST', '/sessions', { title: 's', activities: [slides] })).status).toBe(
        200,
      )
  })
})

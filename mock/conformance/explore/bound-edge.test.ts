import { describe, expect, it } from 'vitest'
import { createMock } from '../../create.ts'
import { readEnv } from '../engine/env.ts'
import { BudgetExhausted } from '../engine/failure.ts'
import { Run } from '../engine/run-state.ts'
import { Notes } from './notes.ts'
import { createOracle, mockFetch } from './oracle.ts'
import { probeVocabulary } from './probe.ts'
import { releaseScope } from './release-scope.ts'
import { type Sides, send } from './step.ts'
import { ExploreVocabulary } from './vocabulary.ts'
import { World } from './world.ts'

const BASE = 'http://deployment.test/api/v1'

/**
 * One exploration step against our mock behind a limiter that answers 429 with `Retry-After: 0`
 * to every request once the run's bound is spent: the request that spends the last of the bound
 * is asked to slow down, and the bound leaves nothing to send it again with.
 */
const atTheBound = async (maxRequests: number) => {
  const mock = createMock()
  await mock.ready
  const plain = mockFetch(mock)
  const box: { run?: Run } = {}
  const limited: typeof fetch = (input, init) =>
    box.run && box.run.requests >= box.run.env.maxRequests
      ? Promise.resolve(
          new Response('{"error":{"code":"rate_limited","message":"slow down"}}', {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '0' },
          }),
        )
      : plain(input, init)
  const run = new Run(
    { ...readEnv({}, { baseUrl: BASE }), strict: false, maxRequests, concurrency: 1 },
    limited,
  )
  box.run = run
  const vocabulary = new ExploreVocabulary({}, false)
  const notes = new Notes()
  const sides: Sides = {
    run,
    oracle: await createOracle(run.env.keys),
    title: (text) => `${run.marker} ${text}`,
    notOffered: new Set(),
    notOfferedKeys: new Set(),
    vocabulary,
    notes,
  }
  const world = new World(false, new Set(['main'] as const), new Set(), vocabulary)
  return { run, sides, world, notes }
}

describe('exploration at the edge of the request bound', () => {
  it('stops by the bound on an answer asking to slow down that the bound leaves unsent, never judging it', async () => {
    const { run, sides, world, notes } = await atTheBound(1)
    const step = send(world, sides, 'createForm', 'main', 'create a form', () => ({
      body: { title: sides.title('bound') },
    }))
    await expect(step).rejects.toThrow(BudgetExhausted)
    await expect(step).rejects.toThrow(/Request bound reached: this run has sent 1 requests/)
    // The deployment asked once and was not asked again; its 429 is neither a step nor a note.
    expect(run.slowDown.asked).toBe(1)
    expect(run.requests).toBe(1)
    expect(world.steps).toEqual([])
    expect(notes.list()).toEqual([])
  })

  it('judges the answer as usual when the bound had one more request to send it again', async () => {
    const { run, sides, world } = await atTheBound(3)
    const created = await send(world, sides, 'createForm', 'main', 'create a form', () => ({
      body: { title: sides.title('bound') },
    }))
    expect(created?.real.status).toBe(201)
    expect(run.slowDown.asked).toBe(0)
    expect(world.steps).toHaveLength(1)
  })

  it('the probe leaves a kind unprobed, neither confirmed nor refused, when its answer asks to slow down and the bound leaves it unsent', async () => {
    // The probe's form is created; the first field kind's request spends the last of the bound.
    const { run, sides, notes } = await atTheBound(2)
    const probe = await probeVocabulary(run, sides.vocabulary, notes, releaseScope())
    expect(run.slowDown.asked).toBeGreaterThan(0)
    expect(probe).toEqual({ confirmed: [], refused: [] })
    expect(notes.list()).toEqual([])
  })
})

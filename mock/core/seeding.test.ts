import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_PUBLIC_BASE } from '../../contract/common.ts'
import { LATEST_RELEASE } from '../../contract/releases.ts'
import { organizationsOnly } from '../../fixtures/index.ts'
import type { Operations } from './context.ts'
import { createDispatcher, type DispatchEnv } from './dispatch.ts'
import { IdSource } from './ids.ts'
import { type SeedSources, seeding } from './seeding.ts'
import { type DemoSnapshot, takeSnapshot } from './snapshot.ts'
import { exportState } from './state.ts'
import { COLLECTIONS, Store } from './store.ts'

/** A mock's environment and its seeding from `sources`, at seed 3. */
const seeded = (sources: SeedSources) => {
  const env: DispatchEnv = {
    store: new Store(),
    ids: new IdSource(3, (kind, value) => env.store.reserve(kind, value)),
    clock: () => '2026-11-20T09:00:00.000Z',
    publicBase: DEFAULT_PUBLIC_BASE,
    operations: {} as Operations,
    validateResponses: false,
    onInternalError: () => undefined,
    exclusive: (task) => task(),
  }
  const seed = seeding(
    {
      seed: 3,
      release: LATEST_RELEASE,
      earlier: false,
      publicBase: DEFAULT_PUBLIC_BASE,
      target: env,
      dispatcher: createDispatcher(env),
      setNow: () => undefined,
    },
    sources,
  )
  return { env, seed }
}
const organizationsState = () => {
  const store = new Store()
  for (const org of organizationsOnly().organizations) store.addOrganization(org)
  return exportState(store)
}

describe('seeding', () => {
  it('starts from an empty store, the identifier source back at the seed, when given nothing', async () => {
    const { env, seed } = seeded({})
    const before = env.store
    env.ids.restore(3, 12)
    await seed()
    expect(env.store).not.toBe(before)
    expect(env.store.organizations).toEqual([])
    expect([env.ids.seed, env.ids.draws]).toEqual([3, 0])
  })

  it('starts from a state, and refuses one it cannot use with the reason', async () => {
    const state = organizationsState()
    const good = seeded({ state })
    await good.seed()
    expect(exportState(good.env.store)).toEqual(state)
    const bad = seeded({ state: { format: 'not a state' } })
    await expect(bad.seed()).rejects.toThrow(/^The starting state cannot be used\. /)
  })

  it('replays a plan once faker is loaded', async () => {
    const plan = organizationsOnly()
    const loadPlan = vi.fn(async () => plan)
    const { env, seed } = seeded({ plan: loadPlan })
    await seed()
    expect(loadPlan).toHaveBeenCalledTimes(1)
    expect(env.ids.loaded).toBe(true)
    expect(env.store.organizations.map((org) => org.id)).toEqual(
      plan.organizations.map((org) => org.id),
    )
  })

  it('loads a snapshot at its identifier position, each part once however often it reseeds', async () => {
    const taken = takeSnapshot(3, 5, organizationsState())
    const loads = vi.fn(async (text: string) => text)
    const snapshot: DemoSnapshot = {
      ...taken,
      parts: Object.fromEntries(
        COLLECTIONS.map((name) => [name, () => loads(taken.parts[name] as string)]),
      ) as DemoSnapshot['parts'],
    }
    const { env, seed } = seeded({ snapshot })
    await seed()
    await seed()
    await env.store.fillAll()
    expect(loads).toHaveBeenCalledTimes(COLLECTIONS.length)
    expect(env.store.organizations).toHaveLength(organizationsOnly().organizations.length)
    expect([env.ids.seed, env.ids.draws]).toEqual([3, 5])
  })

  it('leaves a snapshot part unloaded until first use when told to', async () => {
    const taken = takeSnapshot(3, 0, organizationsState())
    const loads = vi.fn(async (text: string) => text)
    const parts = Object.fromEntries(
      COLLECTIONS.map((name) => [name, () => loads(taken.parts[name] as string)]),
    ) as DemoSnapshot['parts']
    const { env, seed } = seeded({ snapshot: { ...taken, parts }, loadOnFirstUse: true })
    await seed()
    expect(loads).not.toHaveBeenCalled()
    expect(env.store.complete).toBe(false)
  })

  it('refuses a snapshot of another seed', async () => {
    const { seed } = seeded({ snapshot: takeSnapshot(4, 0, organizationsState()) })
    await expect(seed()).rejects.toThrow("The demo snapshot has seed 4; this mock's seed is 3")
  })
})

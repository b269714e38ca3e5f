import { afterEach, describe, expect, it, vi } from 'vitest'
import { organizationsOnly } from '../../fixtures/index.ts'
import { changeFeed, replayChanges } from './change-feed.ts'
import type { MockChange } from './changes.ts'
import type { RecordChange } from './collections.ts'
import { IdSource } from './ids.ts'
import { exportState, type MockState } from './state.ts'
import { Store } from './store.ts'

const withOrganizations = () => {
  const store = new Store()
  for (const org of organizationsOnly().organizations) store.addOrganization(org)
  return store
}
const source = () => {
  const target = { store: new Store(), ids: new IdSource(7, () => true) }
  return { target, feed: changeFeed(() => target.store, target.ids) }
}
const removal = { delete: 'forms', id: 'frm_1' } as RecordChange

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the change feed', () => {
  it('is quiet until someone listens, and again once they leave', () => {
    const { feed } = source()
    expect(feed.quiet).toBe(true)
    const leave = feed.onChange(() => undefined)
    expect(feed.quiet).toBe(false)
    leave()
    expect(feed.quiet).toBe(true)
  })

  it('tells each listener a write once it is over, with what it stored and where the store stands', async () => {
    const { target, feed } = source()
    const told: MockChange[] = []
    feed.onChange((change) => told.push(change))
    const answer = await feed.recorded(async () => {
      target.store.recorder?.(removal)
      target.store.nextSeq()
      expect(told).toEqual([])
      return 'answer'
    })
    expect(answer).toBe('answer')
    expect(told).toEqual([{ kind: 'records', changes: [removal], seq: 1, draws: 0 }])
    expect(target.store.recorder).toBeUndefined()
  })

  it('tells nothing of a write that changed nothing, and tells a failed write what it stored', async () => {
    const { target, feed } = source()
    const told: MockChange[] = []
    feed.onChange((change) => told.push(change))
    await feed.recorded(async () => undefined)
    expect(told).toEqual([])
    const failed = feed.recorded(async () => {
      target.store.recorder?.(removal)
      throw new Error('half done')
    })
    await expect(failed).rejects.toThrow('half done')
    expect(told).toEqual([{ kind: 'records', changes: [removal], seq: 0, draws: 0 }])
  })

  it('keeps telling the other listeners when one throws', async () => {
    const { target, feed } = source()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const told: MockChange[] = []
    feed.onChange(() => {
      throw new Error('listener broke')
    })
    feed.onChange((change) => told.push(change))
    await feed.recorded(async () => target.store.nextSeq())
    expect(told).toHaveLength(1)
    expect(logged).toHaveBeenCalledWith('[mock] a change listener failed:', expect.any(Error))
  })

  it('tells the whole new store after a reset or an import, with the identifier position', async () => {
    const { target, feed } = source()
    await feed.emitState()
    const told: MockChange[] = []
    feed.onChange((change) => told.push(change))
    target.store = withOrganizations()
    await feed.emitState()
    expect(told).toEqual([{ kind: 'state', state: exportState(target.store), seed: 7, draws: 0 }])
  })
})

describe('replaying changes', () => {
  it('applies a whole state and puts the identifier source where it stood', async () => {
    const { target } = source()
    const invalidate = vi.fn()
    const state = exportState(withOrganizations())
    const result = await replayChanges(
      target,
      [{ kind: 'state', state, seed: 9, draws: 3 }],
      'http://localhost:4010',
      invalidate,
    )
    expect(result).toEqual({ ok: true })
    expect(exportState(target.store)).toEqual(state)
    expect(target.ids.seed).toBe(9)
    expect(target.ids.draws).toBe(3)
    expect(invalidate).toHaveBeenCalledTimes(1)
  })

  it('stops at a change it cannot apply and says why, keeping what came before', async () => {
    const { target } = source()
    const invalidate = vi.fn()
    const state = exportState(withOrganizations())
    const result = await replayChanges(
      target,
      [
        { kind: 'state', state, seed: 9, draws: 3 },
        {
          kind: 'state',
          state: { format: 'not a state' } as unknown as MockState,
          seed: 9,
          draws: 4,
        },
      ],
      'http://localhost:4010',
      invalidate,
    )
    expect(result).toMatchObject({ ok: false, error: expect.any(String) })
    expect(exportState(target.store)).toEqual(state)
    expect(target.ids.draws).toBe(3)
    expect(invalidate).toHaveBeenCalledTimes(1)
  })
})

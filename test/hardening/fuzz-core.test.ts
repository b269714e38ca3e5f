import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { operationIds } from '../../contract/index.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'
import { expectFor, isSuccess, problemsWith } from './oracle.ts'
import { requestsFor } from './requests.ts'
import { buildWorld, snapshot, type World } from './world.ts'

const RUNS = 240
let world: World
const faults: unknown[] = []
/** Statuses seen per deciding stage, across every operation. */
const reached = new Map<string, Set<number>>()

beforeAll(async () => {
  world = await buildWorld({ onInternalError: (error) => faults.push(error) })
})

describe.each(operationIds)('%s, fed generated bad input in process', (operation) => {
  it(
    'never answers 5xx, answers the profile status in the documented shape, and changes nothing when it refuses',
    async () => {
      await fc.assert(
        fc.asyncProperty(requestsFor(world, operation), async (request) => {
          const before = snapshot(world.mock)
          const answer = await world.mock.handle(request)
          const after = snapshot(world.mock)
          const expected = expectFor(world, request)
          const problems = problemsWith(expected, answer)
          const changed = after !== before
          if (changed && !isSuccess(expected, answer.status)) {
            problems.push('the store changed although the request was refused')
          }
          if (changed && request.method === 'GET') problems.push('a read changed the store')
          if (changed) await world.restore()
          const statuses = reached.get(expected.stage) ?? new Set<number>()
          reached.set(expected.stage, statuses.add(answer.status))
          if (problems.length)
            throw new Error(`${problems.join('; ')}\n  answer: ${answer.text.slice(0, 300)}`)
        }),
        fuzzParameters(RUNS),
      )
      expect(faults).toEqual([])
    },
    fuzzTimeout(RUNS, 2),
  )
})

describe('the generated requests', () => {
  it('reach every stage of the dispatch, each with its own status', () => {
    const seen = Object.fromEntries([...reached].map(([stage, s]) => [stage, [...s].sort()]))
    expect(seen).toMatchObject({
      'unknown route': [404],
      'wrong method': [405],
      auth: [401],
      entitlement: [403],
      size: [413],
      'media type': [415],
      'malformed JSON': [400],
      'body schema': [400],
      'not owned': [404],
    })
    expect([...(reached.get('operation') ?? [])]).toEqual(
      expect.arrayContaining([200, 201, 400, 404, 409]),
    )
  })

  it('never pollute Object.prototype through __proto__ or constructor keys', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })
})

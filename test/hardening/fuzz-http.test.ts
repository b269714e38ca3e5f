import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { contract, errorSchemas, operationIds, type RouteDef } from '../../contract/index.ts'
import { type RunningServer, startServer } from '../../mock/http/index.ts'
import { fuzzParameters, fuzzTimeout } from './fuzz.ts'
import { send, stateOf, type WireOptions } from './http.ts'
import { expectFor, isSuccess, problemsWith } from './oracle.ts'
import { requestsFor } from './requests.ts'
import { buildWorld, type World } from './world.ts'

/**
 * The smaller share over the express host: the same generated requests, plus what only HTTP has
 * (compressed and chunked bodies), with the store compared through GET /__mock/state.
 */
const RUNS = 300
let world: World
let server: RunningServer
const faults: unknown[] = []
/** What the host logs itself: only its own faults, never a client's bad request. */
const hostLog = vi.spyOn(console, 'error').mockImplementation(() => {})

beforeAll(async () => {
  world = await buildWorld({ onInternalError: (error) => faults.push(error) })
  server = await startServer({ port: 0, mock: world.mock })
})
afterAll(async () => {
  hostLog.mockRestore()
  await server.close()
})

const wire: fc.Arbitrary<WireOptions> = fc.record({
  chunked: fc.boolean(),
  encoding: fc.constantFrom<WireOptions['encoding']>(undefined, undefined, 'gzip', 'garbage'),
})

const requests = fc
  .constantFrom(...operationIds)
  .chain((operation) => fc.tuple(requestsFor(world, operation), wire, fc.constant(operation)))

describe('the express host, fed generated bad input over HTTP', () => {
  it(
    'never answers 5xx, answers the profile status in the documented shape, and changes nothing when it refuses',
    async () => {
      await fc.assert(
        fc.asyncProperty(requests, async ([request, options, operation]) => {
          const before = await stateOf(server.url)
          const answer = await send(server.url, request, options)
          const after = await stateOf(server.url)
          const expected = expectFor(world, request)
          // A body the host cannot decompress never reaches the mock: the host refuses it, in
          // the operation's own error shape.
          const undecodable = options.encoding === 'garbage' && request.body !== undefined
          const shape = errorSchemas[(contract[operation] as RouteDef).errorShape].profile
          const problems = undecodable
            ? (answer.status === 400 || answer.status === 413) &&
              shape.safeParse(JSON.parse(answer.text)).success
              ? []
              : [`undecodable body answered ${answer.status}: ${answer.text.slice(0, 200)}`]
            : problemsWith(expected, answer)
          if (after !== before && (undecodable || !isSuccess(expected, answer.status))) {
            problems.push('the store changed although the request was refused')
          }
          if (after !== before) await world.restore()
          if (problems.length) {
            throw new Error(
              `${problems.join('; ')} ${JSON.stringify(options)}\n  answer: ${answer.text.slice(0, 300)}`,
            )
          }
        }),
        fuzzParameters(RUNS),
      )
      expect(faults).toEqual([])
      expect(hostLog).not.toHaveBeenCalled()
    },
    fuzzTimeout(RUNS, 10),
  )
})

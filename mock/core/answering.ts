import { errorStatusesOf, unsupportedPreference } from '../../contract/route-errors.ts'
import { type ChaosOptions, decideChaos, sleep } from './chaos.ts'
import {
  bodyTooLarge,
  type DispatchEnv,
  type Dispatcher,
  errorResponse,
  type MockRequest,
  type MockResponse,
  type RequestReading,
  tooLargeMessage,
} from './dispatch.ts'
import { matchRoute } from './router.ts'

/**
 * How the mock answers a request, before and around the dispatcher: a body over the limit is
 * refused first, then the chaos options (latency, forced failures, a `Prefer` header) apply,
 * then the dispatcher answers and `answered` is called (the writes' warm-up).
 */
export const answerer = (
  given: ChaosOptions,
  dispatcher: Dispatcher,
  env: Pick<DispatchEnv, 'table'>,
  answered: () => void,
) => {
  const chaos: ChaosOptions = {
    ...(given.latency === undefined ? {} : { latency: given.latency }),
    ...(given.failRate === undefined ? {} : { failRate: given.failRate }),
  }
  /** `reading`: the request as read for the journal (`dispatcher.read`), answered from. */
  return async (request: MockRequest, reading?: RequestReading): Promise<MockResponse> => {
    if (reading ? reading.tooLarge : request.body !== undefined && bodyTooLarge(request.body)) {
      return dispatcher.reject(
        request.method,
        request.path,
        'payload_too_large',
        tooLargeMessage,
        reading?.match,
      )
    }
    const decision = decideChaos(chaos, request.headers.prefer)
    if (decision.delayMs > 0) await sleep(decision.delayMs)
    if (decision.forcedStatus !== undefined) {
      const match = reading?.match ?? matchRoute(request.method, request.path, env.table)
      if (match.kind !== 'operation') {
        return errorResponse('plain', decision.forcedStatus, decision.reason ?? 'Forced error.')
      }
      // Only what the OpenAPI document says this operation answers: a validator in front of the
      // mock would flag any other status.
      if (!errorStatusesOf(match.route).includes(decision.forcedStatus)) {
        return dispatcher.reject(
          request.method,
          request.path,
          'unsupported_preference',
          unsupportedPreference(decision.forcedStatus, match.route),
          match,
        )
      }
      return errorResponse(
        match.route.errorShape,
        decision.forcedStatus,
        decision.reason ?? 'Forced error.',
      )
    }
    const response = await dispatcher.handle(request, undefined, reading)
    answered()
    return response
  }
}

import { describe, it } from 'vitest'
import { type OperationId, operationIds } from '../../contract/index.ts'
import { type Harness, TRANSPORTS, useHarness } from './harness.ts'
import { EVENT_SUCCESS } from './success-events.ts'
import { FORM_SUCCESS } from './success-forms.ts'

/**
 * One success scenario per operation of the table. Typed by OperationId, so an operation added to
 * the table without a scenario does not compile; run over every id the table has.
 */
const SUCCESS: Record<OperationId, (h: Harness) => Promise<void>> = {
  ...FORM_SUCCESS,
  ...EVENT_SUCCESS,
}

describe.each(TRANSPORTS)('every operation succeeds per the profile (%s)', (transport) => {
  const h = useHarness(transport)
  it.each(operationIds)('%s', (op) => SUCCESS[op](h))
})

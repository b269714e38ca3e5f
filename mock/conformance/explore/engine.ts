/**
 * The parts of the conformance engine exploration builds on, imported in one place: exploration
 * is a client of the engine (its Run, budget, curl style), not a second copy of it.
 */

export { orderViolations } from '../../../contract/order.ts'
export { toCurl } from '../../report-format/curl.ts'
export { label } from '../engine/context.ts'
export { KEY_VARS, type KeyRole } from '../engine/env.ts'
export { describeAnswer, type Exchange } from '../engine/failure.ts'
export { Run } from '../engine/run-state.ts'

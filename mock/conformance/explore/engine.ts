/**
 * The parts of the conformance engine exploration builds on, imported in one place: exploration
 * is a client of the engine (its Run, budget, curl style), not a second copy of it.
 */

export { orderViolations } from '../../../contract/order.ts'
export { toCurl } from '../../report-format/curl.ts'
export { label } from '../context.ts'
export { KEY_VARS, type KeyRole } from '../env.ts'
export { describeAnswer, type Exchange } from '../failure.ts'
export { Run } from '../run.ts'

/**
 * The parts of the conformance engine exploration builds on, imported in one place: exploration
 * is a client of the engine (its Run, budget, curl style), not a second copy of it.
 */
export { label } from '../context.ts'
export { toCurl } from '../curl.ts'
export { KEY_VARS, type KeyRole } from '../env.ts'
export { describeAnswer, type Exchange } from '../failure.ts'
export { Run } from '../run.ts'
export { orderViolations } from '../shape.ts'

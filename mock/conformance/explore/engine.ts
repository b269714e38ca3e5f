/**
 * The parts of the conformance engine exploration builds on, imported in one place so the engine
 * can move (issue 9) without touching the rest of exploration.
 */
export { label } from '../context.ts'
export { shellQuote, toCurl } from '../curl.ts'
export { KEY_VARS, type KeyRole } from '../env.ts'
export { describeAnswer, type Exchange } from '../failure.ts'
export { Run } from '../run.ts'
export { orderViolations } from '../shape.ts'

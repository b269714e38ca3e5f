/**
 * The parts of the conformance engine exploration builds on, imported in one place so the engine
 * can move (issue 9) without touching the rest of exploration.
 */
export { label } from '../../../test/contract/lib/context.ts'
export { shellQuote, toCurl } from '../../../test/contract/lib/curl.ts'
export { KEY_VARS, type KeyRole } from '../../../test/contract/lib/env.ts'
export { describeAnswer, type Exchange } from '../../../test/contract/lib/failure.ts'
export { Run } from '../../../test/contract/lib/run.ts'
export { orderViolations } from '../../../test/contract/lib/shape.ts'

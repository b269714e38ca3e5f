import { RULE_DEVIANTS } from './deviants-rules.ts'
import { SHAPE_DEVIANTS } from './deviants-shapes.ts'
import type { Handler } from './proxy.ts'

/** A deployment that differs from the reference (or the profile) in exactly one way. */
export interface Deviant {
  name: string
  /** The check that must fail against it. */
  caughtBy: string
  /** A profile choice, not a documented rule: caught under CONTRACT_PROFILE=strict only. */
  strictOnly?: boolean
  handler: Handler
}

/** Each is the mock behind the self-test's rewriting proxy with one handler. */
export const DEVIANTS: readonly Deviant[] = [...SHAPE_DEVIANTS, ...RULE_DEVIANTS]

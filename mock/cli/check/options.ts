/**
 * The options `check` is called with, as commander hands them over: declared apart from command.ts
 * (which loads action.ts lazily) so that action.ts takes them without importing command.ts back.
 */
export interface CheckOptions {
  key?: string
  otherOrgKey?: string
  entitlementsKey?: unknown
  strict?: boolean
  maxRequests?: number
  timeoutMs?: number
  reportDir?: string
  deployment?: string
  init?: string
  explore?: number | true
  exploreSeed?: number
  exploreDivergences?: number
  release?: string
}

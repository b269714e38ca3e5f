import type { ReleaseArgument } from '../shared/release-option.ts'

/**
 * The options `check-traffic` is called with, as commander hands them over: declared apart from command.ts
 * (which loads action.ts lazily) so that action.ts takes them without importing command.ts back.
 */
export interface CheckTrafficOptions {
  deployment?: string
  reportDir: string
  apiRoot?: string
  maxBody?: number
  release?: ReleaseArgument
}

import type { ReleaseArgument } from '../shared/release-option.ts'

/**
 * The options `proxy` is called with, as commander hands them over: declared apart from command.ts
 * (which loads action.ts lazily) so that action.ts takes them without importing command.ts back.
 */
export interface ProxyOptions {
  port: number
  host: string
  deployment?: string
  errors?: boolean
  reportDir: string
  record?: string
  maxBody?: number
  timeoutMs?: number
  release?: ReleaseArgument
}

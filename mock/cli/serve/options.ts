/**
 * The options `serve` is called with, as commander hands them over: declared apart from command.ts
 * (which loads action.ts lazily) so that action.ts takes them without importing command.ts back.
 */
export interface ServeOptions {
  port: number
  host: string
  seed: number
  publicUrl?: string
  state?: string
  scenario?: string
  latency?: number | [number, number]
  failRate?: number
  controlToken?: string
  release?: string
}

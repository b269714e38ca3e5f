/**
 * The options `import-traffic` is called with, as commander hands them over: declared apart from command.ts
 * (which loads action.ts lazily) so that action.ts takes them without importing command.ts back.
 */
export interface ImportTrafficOptions {
  out: string
  deployment?: string
  apiRoot?: string
  keepPersonalData?: boolean
  json?: boolean
  publicUrl?: string
}

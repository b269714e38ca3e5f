import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** A fenced block of docs/usage.md carrying `title="<group>[: <file>]"`. */
export interface Snippet {
  lang: string
  group: string
  file: string
  code: string
}

export const readSnippets = (markdown: string): Snippet[] =>
  [...markdown.matchAll(/^```(\w+) title="([^"]+)"\n([\s\S]*?)^```$/gm)].map((match) => {
    const [group = '', file] = (match[2] ?? '').split(/:\s*/)
    const lang = match[1] ?? ''
    return { lang, group, file: file ?? `snippet.${lang}`, code: match[3] ?? '' }
  })

/** `engagement-mock/…` → the TS source behind that entry point, read from package.json exports. */
export const sourceEntries = (root: string): Map<string, string> => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { default?: string }>
  }
  const entries = new Map<string, string>()
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    const built = typeof target === 'string' ? target : target.default
    if (!built?.startsWith('./dist/') || !built.endsWith('.js')) continue
    const name = subpath === '.' ? 'engagement-mock' : `engagement-mock/${subpath.slice(2)}`
    entries.set(name, join(root, built.slice('./dist/'.length).replace(/\.js$/, '.ts')))
  }
  return entries
}

/** Points the snippet's package imports at the source, so the docs are tested without a build. */
export const toSource = (code: string, entries: ReadonlyMap<string, string>): string =>
  code.replace(/from '(engagement-mock(?:\/[\w/]+)?)'/g, (_whole, name: string) => {
    const source = entries.get(name)
    if (source === undefined)
      throw new Error(`docs import ${name}, which package.json does not export`)
    return `from '${source}'`
  })

import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'

/** The documents whose links must work wherever the project is read: in a clone or installed. */
export const linkedDocuments = (root: string): string[] => [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

/** Links that do not name a scheme (`https:`, `mailto:`) or only an anchor: paths in the project. */
const LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)|^\[[^\]]+\]:\s*<?(\S+?)>?\s*$/gm

/**
 * Every relative link of `document` (a path from the root), resolved to a path from the root, with
 * `../` kept when it leaves the root. Anchors are dropped; code spans and fenced blocks are skipped.
 */
export const relativeLinks = (root: string, document: string): string[] => {
  const text = readFileSync(join(root, document), 'utf8')
    .replace(/^```[\s\S]*?^```$/gm, '')
    .replace(/`[^`\n]*`/g, '')
  const found: string[] = []
  for (const match of text.matchAll(LINK)) {
    const target = (match[1] ?? match[2] ?? '').split('#')[0] ?? ''
    if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue
    found.push(normalize(join(dirname(document), decodeURI(target))))
  }
  return found
}

import { existsSync, readFileSync, writeFileSync } from 'node:fs'

/**
 * bench/RESULTS.md holds sections written by different scripts. Each lives between
 * `<!-- section:NAME -->` and `<!-- /section:NAME -->`, so one script rewrites its own section and
 * keeps the others.
 */
const SECTION = /<!-- section:([\w-]+) -->[\s\S]*?<!-- \/section:\1 -->\n?/g

const wrap = (name: string, markdown: string) =>
  `<!-- section:${name} -->\n${markdown.trimEnd()}\n<!-- /section:${name} -->\n`

/** Writes `markdown` as section `name` of `file`, in place if it is there, else at the end. */
export const writeSection = (file: string, name: string, markdown: string): void => {
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const block = wrap(name, markdown)
  const marker = new RegExp(`<!-- section:${name} -->[\\s\\S]*?<!-- /section:${name} -->\\n?`)
  const next = marker.test(previous)
    ? previous.replace(marker, block)
    : `${previous.trimEnd()}${previous ? '\n\n' : ''}${block}`
  writeFileSync(file, next)
}

/** `rendered` (a whole new file) plus every marked section of the file it replaces. */
export const keepSections = (file: string, rendered: string): string => {
  if (!existsSync(file)) return rendered
  const kept = [...readFileSync(file, 'utf8').matchAll(SECTION)].map((match) => match[0])
  return kept.length === 0 ? rendered : `${rendered.trimEnd()}\n\n${kept.join('\n')}`
}

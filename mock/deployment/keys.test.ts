import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { deploymentFileKeys } from './keys.ts'

const DOC = new URL('../../docs/conformance.md', import.meta.url)

/** The keys the docs' table lists: the first column of "Every key of the deployment file". */
const documentedKeys = (): string[] => {
  const text = readFileSync(DOC, 'utf8')
  const start = text.indexOf('### Every key of the deployment file')
  const section = text.slice(start, text.indexOf('\n#', start + 4))
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1] as string)
}

describe("the docs' list of deployment file keys", () => {
  const schema = deploymentFileKeys()
  const leaves = schema.filter((key) => !schema.some((other) => other.startsWith(`${key}.`)))
  const documented = documentedKeys()

  it('names every key the schema reads', () => {
    expect(documented.length).toBeGreaterThan(30)
    expect(leaves.filter((key) => !documented.includes(key))).toEqual([])
  })

  it('names no key the schema does not have', () => {
    expect(documented.filter((key) => !schema.includes(key))).toEqual([])
  })

  it('lists each key once', () => {
    expect(documented.length).toBe(new Set(documented).size)
  })
})

describe('the key paths read off the schema', () => {
  it('name families by placeholder and spelled options by their key', () => {
    const keys = deploymentFileKeys()
    expect(keys).toContain('forms.create.publishNow')
    expect(keys).toContain('forms.fields.<field kind>.config.<config key>')
    expect(keys).toContain('sessions.activities.<activity kind>')
    expect(keys).toContain('expect.statuses.<operation>')
    expect(keys.some((key) => key.includes('short_text'))).toBe(false)
  })
})

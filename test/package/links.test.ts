import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { linkedDocuments, relativeLinks } from './links.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const SHARED_REFERENCE = '/work/shared/spec/engagement-service-api.md'

describe('links in README.md and docs/', () => {
  it.each(linkedDocuments(root))('%s links only to files inside the repository', (document) => {
    const links = relativeLinks(root, document)
    expect(links.filter((path) => path.startsWith('..'))).toEqual([])
    expect(links.filter((path) => !existsSync(join(root, path)))).toEqual([])
  })

  it('finds the links it checks (README links to the usage guide and the API reference)', () => {
    expect(relativeLinks(root, 'README.md')).toEqual(
      expect.arrayContaining(['docs/usage.md', 'docs/engagement-service-api.md']),
    )
  })

  it('keeps docs/engagement-service-api.md identical to the shared reference when it is there', () => {
    const copy = readFileSync(join(root, 'docs', 'engagement-service-api.md'), 'utf8')
    expect(copy).toMatch(/^# Engagement Service API/)
    // Only machines of the team have the shared folder; a clone elsewhere keeps the copy as is.
    if (existsSync(SHARED_REFERENCE)) expect(copy).toBe(readFileSync(SHARED_REFERENCE, 'utf8'))
  })
})

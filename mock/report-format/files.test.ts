import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeReportFiles } from './files.ts'

describe('writeReportFiles', () => {
  it('replaces none of the reports when one of them cannot be written, and leaves no temp file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'report-files-'))
    await writeFile(join(dir, 'conformance.md'), 'previous md')
    await writeFile(join(dir, 'conformance.json'), 'previous json')
    // A folder where the page goes: the last file cannot be written.
    await mkdir(join(dir, 'conformance.html'))
    const written = writeReportFiles(
      dir,
      { markdown: 'new md', json: { verdict: 'new' }, junit: '<testsuites/>' },
      undefined,
      () => '<html></html>',
    )
    await expect(written).rejects.toThrow()
    expect(await readFile(join(dir, 'conformance.md'), 'utf8')).toBe('previous md')
    expect(await readFile(join(dir, 'conformance.json'), 'utf8')).toBe('previous json')
    expect((await readdir(dir)).sort()).toEqual([
      'conformance.html',
      'conformance.json',
      'conformance.md',
    ])
  })
})

import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { UsageError } from './options.ts'
import { checkOutputFile, checkOutputFolder } from './outputs.ts'

const tmp = mkdtempSync(join(tmpdir(), 'outputs-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const file = (name: string) => {
  const path = join(tmp, name)
  writeFileSync(path, 'x')
  return path
}

describe('checkOutputFile', () => {
  it('accepts a new file in a folder still to be made, as its absolute path', () => {
    expect(checkOutputFile(join(tmp, 'new', 'deeper', 'out.json'), { option: '--out' })).toBe(
      join(tmp, 'new', 'deeper', 'out.json'),
    )
  })

  it('refuses a folder, a path under a file, and an existing file it must never overwrite', () => {
    const existing = file('existing.har')
    expect(() => checkOutputFile(tmp, { option: '--out' })).toThrow(/is a folder: name a file/)
    expect(() => checkOutputFile(join(existing, 'x.json'), { option: '--out' })).toThrow(
      /existing\.har is a file, not a folder/,
    )
    expect(() =>
      checkOutputFile(existing, { option: '--record', neverOverwrite: 'name another file' }),
    ).toThrow(UsageError)
    expect(checkOutputFile(existing, { option: '--out' })).toBe(existing)
  })

  it('refuses an input however it is spelled: through a link, or another relative path', () => {
    const input = file('input.har')
    const link = join(tmp, 'link.har')
    symlinkSync(input, link)
    expect(() => checkOutputFile(link, { option: '--out', inputs: [input] })).toThrow(
      /is also an input of this command/,
    )
    expect(() =>
      checkOutputFile(join(tmp, 'new', '..', 'input.har'), { option: '--out', inputs: [input] }),
    ).toThrow(/is also an input/)
  })
})

describe('checkOutputFolder', () => {
  it('refuses a file, and a folder whose report file is a folder', () => {
    const notFolder = file('reports-file')
    expect(() => checkOutputFolder(notFolder, { option: '--report-dir', files: [] })).toThrow(
      /is a file, not a folder/,
    )
    const reports = join(tmp, 'reports')
    mkdirSync(join(reports, 'conformance.md'), { recursive: true })
    expect(() =>
      checkOutputFolder(reports, { option: '--report-dir', files: ['conformance.md'] }),
    ).toThrow(/conformance\.md in it is a folder/)
    expect(checkOutputFolder(join(tmp, 'to-make'), { option: '--report-dir', files: [] })).toBe(
      join(tmp, 'to-make'),
    )
  })
})

import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { JournalFile } from './journal-file.ts'

const root = mkdtempSync(join(tmpdir(), 'engagement-mock-journal-file-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let files = 0
/** A new file holding `text`, open for appending after it. */
const opened = async (text = '') => {
  const path = join(root, `journal-${files++}`)
  const handle = await open(path, 'w+')
  await handle.write(text)
  return { path, handle, file: new JournalFile(handle, Buffer.byteLength(text)) }
}

describe('the journal file', () => {
  it('appends pieces after its last entry and flushes them to disk', async () => {
    const { path, handle, file } = await opened('header\n')
    const datasync = vi.spyOn(handle, 'datasync')
    await file.append(['{"n":1}\n', '{"n":2}\n'])
    expect(readFileSync(path, 'utf8')).toBe('header\n{"n":1}\n{"n":2}\n')
    expect(file.size).toBe(23)
    expect(datasync).toHaveBeenCalledTimes(1)
    await file.close()
  })

  it('cuts what a failed append wrote, so the next lands right after the last entry', async () => {
    const { path, handle, file } = await opened('header\n')
    vi.spyOn(handle, 'datasync').mockRejectedValueOnce(
      Object.assign(new Error('EIO: i/o error'), { code: 'EIO' }),
    )
    await expect(file.appendOrCut(['{"n":1}\n'])).rejects.toThrow('EIO')
    expect(readFileSync(path, 'utf8')).toBe('header\n')
    expect(file.size).toBe(7)
    await file.append(['{"n":1}\n'])
    expect(readFileSync(path, 'utf8')).toBe('header\n{"n":1}\n')
    await file.close()
  })

  it('cuts a failed write before the next append when it could not cut it at once', async () => {
    const { path, handle, file } = await opened('header\n')
    vi.spyOn(handle, 'datasync').mockRejectedValueOnce(new Error('EIO'))
    vi.spyOn(handle, 'truncate').mockRejectedValueOnce(new Error('EIO'))
    await expect(file.appendOrCut(['{"n":1}\n'])).rejects.toThrow('EIO')
    expect(readFileSync(path, 'utf8')).toBe('header\n{"n":1}\n')
    await file.append(['{"n":2}\n'])
    expect(readFileSync(path, 'utf8')).toBe('header\n{"n":2}\n')
    await file.close()
  })

  it('continues in a new journal, closing the old one', async () => {
    const { handle: oldHandle, file } = await opened('old\n')
    const closed = vi.spyOn(oldHandle, 'close')
    const next = await opened('new header\n')
    await file.replace(next.handle)
    expect(file.size).toBe(11)
    expect(file.handle).toBe(next.handle)
    expect(closed).toHaveBeenCalledTimes(1)
    await file.append(['{"n":1}\n'])
    expect(readFileSync(next.path, 'utf8')).toBe('new header\n{"n":1}\n')
    await file.close()
  })
})

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { HarError } from './har.ts'
import { readHar } from './har-file.ts'

const dir = mkdtempSync(join(tmpdir(), 'engagement-mock-har-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('readHar', () => {
  it('reads a HAR file into its entries', async () => {
    const file = join(dir, 'one.har')
    const entry = {
      request: { method: 'GET', url: 'https://api.example.com/api/v1/forms', headers: [] },
      response: { status: 200, headers: [], content: { text: '{"data":[]}' } },
    }
    writeFileSync(file, JSON.stringify({ log: { entries: [entry] } }))
    const har = await readHar(file)
    expect(har.log.entries.map((e) => e.request.url)).toEqual([entry.request.url])
  })

  it('names a missing file in a HarError', async () => {
    const file = join(dir, 'missing.har')
    await expect(readHar(file)).rejects.toThrow(new HarError(`${file}: no such file.`))
  })

  it('says a file that is not JSON is not HAR, in a HarError', async () => {
    const file = join(dir, 'text.har')
    writeFileSync(file, 'not json')
    await expect(readHar(file)).rejects.toBeInstanceOf(HarError)
    await expect(readHar(file)).rejects.toThrow(/is not JSON, so not a HAR file/)
  })
})

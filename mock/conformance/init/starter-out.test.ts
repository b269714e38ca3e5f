import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { Secrets } from '../../report-format/secrets.ts'
import { ConformanceOptionsError } from '../run-conformance.ts'
import { starterPath, writeStarterFile } from './starter-out.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-starter-out-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))
const secrets = new Secrets([['sk_live_123', 'CONTRACT_API_KEY']])

describe('starterPath', () => {
  it('refuses a file that exists: --init never overwrites', () => {
    const file = join(tmp, 'existing.json')
    writeFileSync(file, '{}')
    expect(() => starterPath(file)).toThrow(ConformanceOptionsError)
    expect(() => starterPath(file)).toThrow(/exists; --init never overwrites/)
  })

  it('refuses a name that says neither JSON nor a module', () => {
    expect(() => starterPath(join(tmp, 'deployment.yaml'))).toThrow(
      /expected a \.json, \.mjs, \.js or \.ts file name/,
    )
  })

  it('accepts a new JSON or module name, resolved', () => {
    expect(starterPath(join(tmp, 'new.JSON'))).toBe(join(tmp, 'new.JSON'))
    expect(starterPath(join(tmp, 'new.mts'))).toBe(join(tmp, 'new.mts'))
  })
})

describe('writeStarterFile', () => {
  const content = { '// about': 'asked with sk_live_123', release: 'initial' }

  it('writes JSON for a .json name and a default export for a module, keys scrubbed', async () => {
    const json = join(tmp, 'out', 'deployment.json')
    const module = join(tmp, 'out', 'deployment.mjs')
    await writeStarterFile(json, content, secrets)
    await writeStarterFile(module, content, secrets)
    const text = readFileSync(json, 'utf8')
    expect(JSON.parse(text)).toEqual({
      '// about': 'asked with $CONTRACT_API_KEY',
      release: 'initial',
    })
    expect(readFileSync(module, 'utf8')).toBe(`export default ${text}`)
    expect(text + readFileSync(module, 'utf8')).not.toContain('sk_live_123')
  })

  it('writes nothing that would not load as a deployment file', async () => {
    const file = join(tmp, 'bad.json')
    await expect(writeStarterFile(file, { release: 42 }, secrets)).rejects.toThrow()
    expect(() => readFileSync(file)).toThrow()
  })
})

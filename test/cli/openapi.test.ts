import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compileErrors, validate } from '@readme/openapi-parser'
import { afterAll, describe, expect, it } from 'vitest'
import { buildOpenApiDocument } from '../../contract/index.ts'
import { runCli } from './cli.ts'

const tmp = mkdtempSync(join(tmpdir(), 'engagement-mock-openapi-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

describe('engagement-mock openapi', () => {
  it('writes a valid OpenAPI document with --out', async () => {
    const file = join(tmp, 'nested', 'openapi.json')
    const { status, stdout } = await runCli(['openapi', '--out', file])
    expect(status).toBe(0)
    expect(stdout).toBe('')
    const document = JSON.parse(readFileSync(file, 'utf8'))
    expect(document).toEqual(buildOpenApiDocument())
    const result = await validate(structuredClone(document))
    expect(result.valid ? '' : compileErrors(result)).toBe('')
  })

  it('prints the document with the given server URL', async () => {
    const url = 'https://staging.example.com/api/v1'
    const { status, stdout } = await runCli(['openapi', '--server-url', url])
    expect(status).toBe(0)
    expect(JSON.parse(stdout)).toEqual(buildOpenApiDocument({ serverUrl: url }))
  })
})

describe('engagement-mock openapi --out', () => {
  it('refuses (exit 2) an --out under a file, saying why', async () => {
    const file = join(tmp, 'a-file')
    writeFileSync(file, 'mine')
    const { status, stderr } = await runCli(['openapi', '--out', join(file, 'openapi.json')])
    expect(stderr).toContain('is a file, not a folder, so nothing can be written under it')
    expect(readFileSync(file, 'utf8')).toBe('mine')
    expect(status).toBe(2)
  })
})

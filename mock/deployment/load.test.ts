import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadDeployment } from './load.ts'
import { DeploymentError } from './schema.ts'
import { spellRequest } from './to-deployment.ts'

const dir = mkdtempSync(join(tmpdir(), 'deployment-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const write = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe('loadDeployment', () => {
  it('reads JSON', async () => {
    const path = write('d.json', '{ "series": { "create": { "rounds": "lineup" } } }')
    expect(await loadDeployment(path)).toEqual({ series: { create: { rounds: 'lineup' } } })
  })

  it('imports an .mjs module with functions, and a .ts one (through tsx on Node 20)', async () => {
    const mjs = write('d.mjs', 'export default { forms: { create: (b) => ({ form: b }) } }\n')
    const ts = write(
      'd.ts',
      'const upper = (b: Record<string, unknown>): unknown => ({ ...b, title: String(b.title).toUpperCase() })\nexport default { forms: { create: upper } }\n',
    )
    for (const [path, expected] of [
      [mjs, { form: { title: 't' } }],
      [ts, { title: 'T' }],
    ] as const) {
      const deployment = await loadDeployment(path)
      expect(spellRequest(deployment, 'createForm', { title: 't' }).body).toEqual(expected)
    }
  })

  it('names the file when it is missing, not JSON, or its module does not load', async () => {
    await expect(loadDeployment(join(dir, 'nope.json'))).rejects.toThrow(/nope\.json: no such file/)
    await expect(loadDeployment(write('bad.json', '{ forms'))).rejects.toThrow(
      /bad\.json is not valid JSON/,
    )
    await expect(loadDeployment(write('bad.mjs', 'export default {'))).rejects.toThrow(
      DeploymentError,
    )
  })
})

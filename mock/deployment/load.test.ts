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

  it('names the key path and what it expects of a wrong value, inside a spelling map or an entry', async () => {
    const cases: Array<[string, string]> = [
      [
        '{"forms":{"create":{"publishNow":5}}}',
        'forms.create.publishNow: expected a property name, a dotted path such as "window.start", or null; got 5',
      ],
      [
        '{"forms":{"fields":{"number":{"config":{"min":3}}}}}',
        'forms.fields.number.config.min: expected a property name, a dotted path such as "window.start", or null; got 3',
      ],
      [
        '{"forms":{"fields":{"number":5}}}',
        `forms.fields.number: expected this deployment's name of the kind (a string), or an object { "kind", "config", "sample" }, or null (not offered); got 5`,
      ],
      [
        '{"operations":{"removeField":{"method":"DELETE"}}}',
        'operations.removeField.path: missing (expected a string)',
      ],
      [
        '{"sessions":{"activities":{"poll":"yes"}}}',
        'sessions.activities.poll: expected an object (a content, as this deployment spells it); got "yes"',
      ],
    ]
    for (const [text, line] of cases) {
      const path = write('wrong.json', text)
      await expect(loadDeployment(path)).rejects.toThrow(
        `${path} is not a valid deployment file:\n  - ${line}`,
      )
    }
  })

  it('refuses a file nested 100,000 levels deep naming the depth, without overflowing the stack', async () => {
    const depth = 100_000
    const path = write('deep.json', `{"forms":${'['.repeat(depth)}${']'.repeat(depth)}}`)
    const error = await loadDeployment(path).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DeploymentError)
    expect((error as Error).message).toMatch(
      /deep\.json is not a valid deployment file:\n {2}- forms\.0\.0\.0\.0\.0\.… \(\d+ keys deep\): nested deeper than 64 levels/,
    )
    // A module's object that refers to itself is as deep as it gets: refused the same way.
    const cyclic = write(
      'cyclic.mjs',
      'const a = {}; a.self = a; export default { sessions: { activities: { poll: a } } }\n',
    )
    await expect(loadDeployment(cyclic)).rejects.toThrow(/nested deeper than 64 levels/)
  })
})

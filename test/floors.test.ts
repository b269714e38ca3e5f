import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// The floors of README's layout are held by biome's noRestrictedImports (biome.json, one override
// per folder). Each probe below is a file of one folder with one import; biome lints them all in
// one run, in a copy of the project's rules, and each forbidden import must be flagged.
const root = fileURLToPath(new URL('..', import.meta.url))
const biome = join(root, 'node_modules/.bin/biome')

/** path of a probe file → [the import it holds, the floor that refuses it (null: allowed)] */
const probes: Record<string, [string, string | null]> = {
  'contract/probe.ts': ["'../mock/core/store.ts'", 'contract/ is the ground floor'],
  'contract/probe-node.ts': ["'node:fs'", 'Only a host'],
  'mock/core/probe.ts': ["'../../fixtures/demo.ts'", 'mock/core/ imports only contract/'],
  'mock/core/probe-operations.ts': ["'../operations/index.ts'", 'mock/core/ imports only'],
  'mock/core/probe-create.ts': ["'../create.ts'", 'mock/core/ imports only contract/'],
  'mock/core/probe-express.ts': ["'express'", 'Only a host'],
  'mock/core/probe-contract.ts': ["'../../contract/forms.ts'", null],
  'mock/core/records/probe.ts': ["'../../../contract/forms.ts'", null],
  'mock/core/records/probe-core.ts': ["'../store.ts'", null],
  'mock/core/records/probe-create.ts': ["'../../create.ts'", 'mock/core/ imports only'],
  'mock/operations/probe.ts': ["'../http/index.ts'", 'mock/operations/ imports only'],
  'mock/operations/probe-core.ts': ["'../core/store.ts'", null],
  'mock/traffic/probe.ts': [
    "'../conformance/run-conformance.ts'",
    'never import mock/conformance/',
  ],
  'mock/import/probe.ts': ["'../cli/index.ts'", 'Nothing imports mock/cli/'],
  'mock/deployment/probe.ts': ["'../conformance/engine/env.ts'", 'never import mock/conformance/'],
  'mock/http/probe.ts': ["'../cli/index.ts'", 'Nothing imports mock/cli/'],
  'mock/http/probe-node.ts': ["'node:fs'", null],
  'mock/conformance/probe.ts': ["'node:fs'", 'Only a host'],
  'mock/browser/probe.ts': ["'node:path'", 'Only a host'],
  'mock/msw/probe.ts': ["'msw/node'", 'Only a host'],
  'mock/traffic/har-file.ts': ["'node:fs/promises'", null],
  'fixtures/probe.ts': ["'../mock/create.ts'", 'fixtures/ imports only contract/'],
  'fixtures/probe-contract.ts': ["'../contract/forms.ts'", null],
  'mock/core/probe.test.ts': ["'../../fixtures/demo.ts'", null],
}

/** A transport-free floor reads no global of a page or a worker (lib WebWorker types them). */
const globalProbes: Record<string, string> = {
  'mock/core/probe-global.ts': 'export const open = () => indexedDB.open("x")\n',
  'contract/probe-global.ts': 'export const here = () => location.href\n',
}

let findings: Map<string, string[]>

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'floors-'))
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'))
  delete config.$schema
  delete config.vcs
  delete config.files
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config))
  for (const [path, [source]] of Object.entries(probes)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(
      join(dir, path),
      `import * as probe from ${source}\n\nexport const used = probe\n`,
    )
  }
  for (const [path, text] of Object.entries(globalProbes)) writeFileSync(join(dir, path), text)
  const run = spawnSync(
    biome,
    [
      'lint',
      '--only=style/noRestrictedImports',
      '--only=style/noRestrictedGlobals',
      '--reporter=github',
      '--max-diagnostics=none',
    ],
    { cwd: dir, encoding: 'utf8' },
  )
  rmSync(dir, { recursive: true, force: true })
  findings = new Map()
  for (const line of run.stdout.split('\n')) {
    const match = /file=(.+?),line=.*::(.*)$/.exec(line)
    if (!match?.[1] || match[2] === undefined) continue
    const path = match[1].slice(dir.length + 1)
    findings.set(path, [...(findings.get(path) ?? []), match[2]])
  }
})

afterAll(() => findings.clear())

describe('the floors of README.md are enforced by the lint step', () => {
  for (const [path, [source, floor]] of Object.entries(probes)) {
    if (floor === null) {
      it(`${path} may import ${source}`, () => expect(findings.get(path)).toBeUndefined())
    } else {
      it(`${path} importing ${source} is refused: ${floor}`, () => {
        expect(findings.get(path)?.join('\n')).toContain(floor)
      })
    }
  }
  for (const path of Object.keys(globalProbes)) {
    it(`${path} reading a page's or a worker's global is refused`, () => {
      expect(findings.get(path)?.join('\n')).toContain('Do not use the global variable')
    })
  }
})

import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ROOT } from './cli/cli.ts'
import { OWN_MODULES } from './own-modules.ts'

describe('files that replace a module run with modules of their own', () => {
  it('lists every test file calling vi.mock, and only those', () => {
    const files = execFileSync('git', ['ls-files', '*.test.ts'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((file) => file !== '' && file !== 'test/own-modules.test.ts')
    const mocking = files.filter((file) =>
      /\bvi\.mock\(/.test(readFileSync(`${ROOT}/${file}`, 'utf8')),
    )
    expect(mocking.sort()).toEqual([...OWN_MODULES].sort())
  })
})

import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './cli.ts'

describe('the launcher', () => {
  it('still runs the command from its former path, where an older npx install links to it', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      version: string
    }
    const run = spawnSync(process.execPath, [join(ROOT, 'mock/cli/bin.mjs'), '--version'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
    expect(run.stderr).toBe('')
    expect(run.stdout.trim()).toBe(version)
    expect(run.status).toBe(0)
  })
})

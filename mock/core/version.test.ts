import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { PACKAGE_VERSION } from './version.ts'

it("PACKAGE_VERSION is package.json's version, so saved browser state is keyed by the release", () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  expect(PACKAGE_VERSION).toBe(pkg.version)
})

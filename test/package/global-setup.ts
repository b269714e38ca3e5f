import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  interface ProvidedContext {
    /** The run's folder in which the first package test packs the repository for all (packed.ts). */
    packageScratch: string
  }
}

/**
 * One folder per run for the packed package, removed at its end. The pack itself waits for the first
 * file that asks for it (packed.ts): a run without package tests builds nothing, and the build
 * overlaps the other files instead of holding every worker back before the first test.
 */
export default function setup(project: TestProject) {
  const scratch = mkdtempSync(join(tmpdir(), 'engagement-mock-package-'))
  project.provide('packageScratch', scratch)
  // In watch mode a rerun packs the sources as they are now, not the first run's tarball.
  project.onTestsRerun(() => {
    rmSync(scratch, { recursive: true, force: true })
    mkdirSync(scratch)
  })
  return () => rmSync(scratch, { recursive: true, force: true })
}

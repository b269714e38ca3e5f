import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The self-test of the conformance suite: deviant deployments it must catch, and its safety rails. */
export default defineConfig({
  test: {
    name: 'contract-selftest',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/contract-selftest/**/*.test.ts'],
    // A worker keeps its modules, and the code V8 compiled for them, from one file to the next,
    // as the unit project does: each file runs the catalog, exploration and the mock hot, and
    // loading and warming them again per file was ~14 % of the suite's CPU (195 → 168 s).
    // Every file starts and closes its own servers.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
})

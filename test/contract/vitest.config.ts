import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/**
 * `npm run contract`: the conformance suite against CONTRACT_BASE_URL, or against the mock when it
 * is unset. One file, checks in sequence; the adapter writes the four reports (reports/).
 */
export default defineConfig({
  test: {
    name: 'contract',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/contract/**/*.contract.test.ts'],
    globalSetup: ['test/contract/global-setup.ts'],
    // Each check makes several requests, each bounded by CONTRACT_TIMEOUT_MS.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
})

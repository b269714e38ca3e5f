import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The self-test of the conformance suite: deviant deployments it must catch, and its safety rails. */
export default defineConfig({
  test: {
    name: 'contract-selftest',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['test/contract-selftest/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
})

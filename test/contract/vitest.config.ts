import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { reportDir } from '../../mock/conformance/env.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))

/**
 * `npm run contract`: the conformance suite against CONTRACT_BASE_URL, or against the mock when it
 * is unset. One file, checks in sequence; reports in reports/.
 */
export default defineConfig({
  test: {
    root,
    include: ['test/contract/**/*.contract.test.ts'],
    globalSetup: ['test/contract/global-setup.ts'],
    // Each check makes several requests, each bounded by CONTRACT_TIMEOUT_MS.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    reporters: [
      'default',
      [
        'junit',
        {
          outputFile: join(reportDir(), 'contract-junit.xml'),
          suiteName: 'Engagement Service API conformance',
        },
      ],
      fileURLToPath(new URL('./reporter.ts', import.meta.url)),
    ],
  },
})
